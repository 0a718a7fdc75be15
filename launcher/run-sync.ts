import { spawnSync } from 'node:child_process';

export interface SyncResult {
  /** The exit code; null when the command could not start or was stopped (then `error` says why). */
  status: number | null;
  stdout: string;
  stderr: string;
  error?: Error;
}

/**
 * A short command run to completion and waited for (a `--version`, `git rev-parse`, `nginx -t`,
 * `pgrep`), bounded by `timeoutMs`: for questions answered in milliseconds, where a guarded
 * process group (group.ts) would cost more than the answer. Never for servers or builds.
 */
export function runSync(command: string, args: readonly string[], opts: { timeoutMs?: number; cwd?: string } = {}): SyncResult {
  const r = spawnSync(command, args, { cwd: opts.cwd, encoding: 'utf8', timeout: opts.timeoutMs ?? 10_000, stdio: ['ignore', 'pipe', 'pipe'] });
  return { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '', ...(r.error ? { error: r.error } : {}) };
}
