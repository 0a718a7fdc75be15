import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/**
 * A child with no guard: not in a process group of its own, not stopped when this process goes.
 * Only for the signal tests (selftest/signals.test.ts), which watch from outside what a command
 * stops by itself when it is signalled: a guard around it would stop its orphans for it and hide
 * the very failure they look for. Everything else starts processes with spawnGuarded.
 */
export function spawnUnguarded(command: string, args: readonly string[], opts: SpawnOptions = {}): ChildProcess {
  return spawn(command, args, opts);
}
