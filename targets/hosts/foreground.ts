/**
 * A server program of another project (nginx, Apache httpd, Caddy, Varnish, serve, http-server) run in the
 * foreground under the launcher's guard: its own process group, stopped by stop() or with this process,
 * with its temporary folder (config, pid, logs) removed once it is gone. Resolves once it answers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runSync, spawnGuarded, waitForHttp, type RunningServer } from '../../launcher';

export interface ForegroundServer {
  /** What to call it in messages ("Caddy"). */
  name: string;
  command: string;
  args: readonly string[];
  /** Where it answers once started (http://127.0.0.1:<port>). */
  url: string;
  /** Its temporary folder, removed when it stops (or fails to start). */
  scratch?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** Stopped after the server itself (a backend it fronts). */
  after?: () => Promise<void>;
}

/** Starts the program; rejects with its error output when it exits first or does not answer in time. */
export async function startForeground(o: ForegroundServer): Promise<RunningServer> {
  const server = spawnGuarded(o.command, o.args, { env: o.env ?? process.env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  server.child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-8000)));
  const stop = async () => {
    await server.stop();
    if (o.scratch) fs.rmSync(o.scratch, { recursive: true, force: true });
    await o.after?.();
  };
  try {
    await waitForHttp(`${o.url}/`, server.child, o.timeoutMs ?? 10_000, o.name);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${stderr}`);
  }
  let stopped: Promise<void> | undefined;
  return { url: o.url, stop: () => (stopped ??= stop()) };
}

/** The first of `candidates` that exists (or the file `envVar` names, if it is set), else undefined. */
export function findBinary(envVar: string, candidates: readonly string[]): string | undefined {
  const given = process.env[envVar];
  if (given) return fs.existsSync(given) ? given : undefined;
  return candidates.find((file) => fs.existsSync(file));
}

/**
 * A server's temporary folder, which the distribution's own user (www-data, vcache) can enter: a program started
 * as root hands its workers to that user, as its packaged service does.
 */
export function scratchFolder(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}

/** Runs the program's own configuration test; on a refusal removes `scratch` and throws with what it said. */
export function checkConfig(command: string, args: readonly string[], scratch: string, what: string): void {
  const check = runSync(command, args);
  if (check.status === 0) return;
  fs.rmSync(scratch, { recursive: true, force: true });
  throw new Error(`${what}:\n${check.stderr}`);
}
