import { watchLaunchers } from './ancestors';
import { signalExitCode } from './exit-code';
import { stopAllGuarded } from './group';

/** How a program is asked to stop: SIGINT (Ctrl-C) or SIGTERM (SIGHUP, and npm gone above it, count as SIGTERM, as in guard.cjs). */
export type StopSignal = 'SIGINT' | 'SIGTERM';

let action: (signal: StopSignal) => void = stopEverythingAndExit;
let installed = false;
let received: StopSignal | undefined;

/**
 * Makes SIGINT, SIGTERM and SIGHUP stop this program: `onStop` runs once, on the first of them.
 * Through `npm run`, a SIGTERM to npm kills the shell between npm and this program without passing
 * it on, so the processes up to npm are watched too (ancestors.ts): one gone counts as SIGTERM.
 * The default stops every process group this program started (group.ts) and exits 130 / 143.
 * Called again, it replaces what a stop does (the CLI stops Playwright gently once it runs).
 */
export function onStopSignal(onStop: (signal: StopSignal) => void = stopEverythingAndExit): void {
  action = onStop;
  if (installed) return;
  installed = true;
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, () => receive(sig === 'SIGINT' ? 'SIGINT' : 'SIGTERM'));
  watchLaunchers(() => receive('SIGTERM'));
}

function receive(signal: StopSignal): void {
  if (received) return;
  received = signal;
  action(signal);
}

/** Stops everything this program started, then exits with 128 + the signal's number. */
export function stopEverythingAndExit(signal: StopSignal): void {
  process.stderr.write(`\n${signal}: stopping everything this run started…\n`);
  void stopAllGuarded().finally(() => process.exit(signalExitCode(signal)));
}
