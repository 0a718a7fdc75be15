import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import path from 'node:path';
import { exitCodeOf } from './exit-code';

/**
 * A command run under guard.cjs in its own process group: stop() reaches everything it started,
 * and the group stops by itself when `owner` (default: this process) dies, however it dies.
 */
export interface GuardedProcess {
  child: ChildProcess;
  /** Resolves with the exit code (exit-code.ts) once the guard (and so the command) has exited. */
  exited: Promise<number>;
  /** SIGTERM to the group, SIGKILL after `graceMs`; resolves when it is gone. */
  stop(graceMs?: number): Promise<void>;
  /** Sends one signal to the whole group. */
  signal(signal: NodeJS.Signals): void;
}

export const GUARD = path.join(__dirname, 'guard.cjs');

/** The groups this process started that have not exited yet: what a stop signal must stop (signals.ts). */
const running = new Set<GuardedProcess>();

export function spawnGuarded(
  command: string,
  args: readonly string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; stdio?: StdioOptions; owner?: number } = {},
): GuardedProcess {
  const child = spawn(process.execPath, [GUARD, String(opts.owner ?? process.pid), command, ...args], {
    cwd: opts.cwd,
    env: opts.env ?? process.env,
    stdio: opts.stdio ?? 'inherit',
    detached: true, // a new process group, led by the guard
  });
  const exited = new Promise<number>((resolve) => {
    child.once('exit', (code, sig) => resolve(exitCodeOf(code, sig)));
    child.once('error', () => resolve(127));
  });
  const signal = (sig: NodeJS.Signals) => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, sig);
    } catch {
      /* gone */
    }
  };
  let stopping: Promise<void> | undefined;
  const guarded: GuardedProcess = {
    child,
    exited,
    signal,
    stop(graceMs = 5000) {
      stopping ??= (async () => {
        signal('SIGTERM');
        const timer = setTimeout(() => signal('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      })();
      return stopping;
    },
  };
  running.add(guarded);
  void exited.then(() => running.delete(guarded));
  return guarded;
}

/** Stops every group this process started that still runs; resolves when all are gone. */
export async function stopAllGuarded(graceMs?: number): Promise<void> {
  await Promise.all([...running].map((g) => g.stop(graceMs)));
}
