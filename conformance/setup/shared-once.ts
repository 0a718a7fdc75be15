import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { currentRun, RUN_ENV, scratchOf } from '../run/channel';
import { patience } from '../run/slow';

/**
 * Computes a JSON value once per run and key, for every worker: the first worker to ask takes a
 * lock file and computes it, the others wait (bounded) for its result file. Used for observations
 * several tests judge (the every-page walk), so the target is not loaded once per test. A worker
 * that finds no result within `waitMs` (the owner died or is stuck) computes it itself: sharing
 * saves time, it is never a reason for a verdict.
 */
export async function sharedOnce<T>(key: string, compute: () => Promise<T>, waitMs = patience(120_000)): Promise<T> {
  const dir = runFolder();
  const file = join(dir, `${safe(key)}.json`);
  const lock = join(dir, `${safe(key)}.lock`);
  let owner = false;
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
    owner = true;
  } catch { /* another worker computes it */ }
  if (owner) {
    const value = await compute();
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(value));
    renameSync(tmp, file);
    return value;
  }
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    try { return JSON.parse(readFileSync(file, 'utf8')) as T; } catch { /* not written yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  return compute();
}

/** A folder of this run only: named after the run file the runner handed to the workers (one per run). */
function runFolder(): string {
  const runFile = process.env[RUN_ENV] ?? '';
  let stamp = 'default';
  try { stamp = `${safe(runFile)}-${Math.round(statSync(runFile).mtimeMs)}`; } catch { stamp = `ppid-${process.ppid}`; }
  const dir = join(scratchOf(currentRun()), 'shared', stamp.slice(-120));
  mkdirSync(dir, { recursive: true });
  return dir;
}

function safe(s: string): string {
  return s.replace(/[^A-Za-z0-9._-]+/g, '_');
}
