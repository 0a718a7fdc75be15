import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import path from 'node:path';

/**
 * A command run under guard.cjs in its own process group: stop() reaches everything it started,
 * and the group stops by itself when `owner` (default: this process) dies, however it dies.
 */
export interface GuardedProcess {
  child: ChildProcess;
  /** Resolves with the exit code once the guard (and so the command) has exited. */
  exited: Promise<number>;
  /** SIGTERM to the group, SIGKILL after `graceMs`; resolves when it is gone. */
  stop(graceMs?: number): Promise<void>;
  /** Sends one signal to the whole group. */
  signal(signal: NodeJS.Signals): void;
}

export const GUARD = path.join(__dirname, 'guard.cjs');

export function spawnGuarded(
  command: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; stdio?: StdioOptions; owner?: number } = {},
): GuardedProcess {
  const child = spawn(process.execPath, [GUARD, String(opts.owner ?? process.pid), command, ...args], {
    cwd: opts.cwd,
    env: opts.env ?? process.env,
    stdio: opts.stdio ?? 'inherit',
    detached: true, // a new process group, led by the guard
  });
  const exited = new Promise<number>((resolve) => {
    child.once('exit', (code, sig) => resolve(code ?? (sig ? 128 : 1)));
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
  return {
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
}
