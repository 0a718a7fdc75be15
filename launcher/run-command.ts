import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { spawnGuarded } from './group';
import { stdioFor, type Output } from './output';

export interface RunCommandOptions {
  cwd?: string;
  /** Added to this process's environment. */
  env?: NodeJS.ProcessEnv;
  /** Where its output goes (default: this terminal). */
  output?: Output;
  /** Stop it (its whole group: SIGTERM, SIGKILL after `graceMs`) when it runs longer than this. */
  timeoutMs?: number;
  graceMs?: number;
  /** Measure its CPU-seconds (the command and everything it started and waited for; Linux): `cpuS` of the result. */
  cpu?: boolean;
}

export interface CommandResult {
  /** Its exit code (exit-code.ts: 128 + n when a signal ended it). */
  code: number;
  ms: number;
  /** stdout and stderr as they came, with output `capture`; else empty. */
  output: string;
  timedOut: boolean;
  /** With `cpu`: its CPU-seconds, when they could be read (guard.cjs). */
  cpuS?: number;
  /** True when `cpuS` holds every process the command started; false: only those waited for (a lower bound). */
  cpuAll?: boolean;
}

/**
 * Runs a command to completion under guard.cjs, in its own process group: a stop signal to this
 * program (signals.ts) stops it and whatever it started, and so does this program's death.
 */
export async function runCommand(command: string, args: readonly string[], opts: RunCommandOptions = {}): Promise<CommandResult> {
  const started = Date.now();
  const { stdio, close } = stdioFor(opts.output ?? 'inherit');
  const cpuFile = opts.cpu ? join(mkdtempSync(join(tmpdir(), 'cpu-')), 'seconds') : undefined;
  const child = spawnGuarded(command, args, { cwd: opts.cwd, env: { ...process.env, ...opts.env, ...(cpuFile ? { GUARD_CPU_FILE: cpuFile } : {}) }, stdio });
  close();
  let output = '';
  child.child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const closed = new Promise<void>((resolve) => child.child.once('close', () => resolve()));
  let timedOut = false;
  const timer = opts.timeoutMs === undefined ? undefined : setTimeout(() => {
    timedOut = true;
    void child.stop(opts.graceMs);
  }, opts.timeoutMs);
  const code = await child.exited;
  clearTimeout(timer);
  // Captured output may still be in the pipes when the guard exits; a grandchild that keeps them
  // open cannot hold this up for more than a moment (the guard has signalled its group).
  await Promise.race([closed, new Promise<void>((resolve) => setTimeout(resolve, 2000).unref())]);
  return { code, ms: Date.now() - started, output, timedOut, ...(cpuFile ? readCpu(cpuFile) : {}) };
}

/** The guard's figure ("<seconds> all|waited", guard.cjs), its folder removed. */
function readCpu(file: string): Pick<CommandResult, 'cpuS' | 'cpuAll'> {
  try {
    const [s, how] = readFileSync(file, 'utf8').split(' ');
    return Number.isFinite(Number(s)) ? { cpuS: Number(s), cpuAll: how === 'all' } : {};
  } catch {
    return {};
  } finally {
    rmSync(dirname(file), { recursive: true, force: true });
  }
}
