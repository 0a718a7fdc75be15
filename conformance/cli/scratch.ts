import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readOwner, staleReason, type LockOwner } from '../../launcher/lock';
import type { Run } from '../run/model';

/**
 * The run's working folder (run files, the discovery, Playwright's output, the browsers' temporary
 * profiles), outside the report folder so the report holds only what it shows. Made in the
 * machine's temporary folder with owner.json naming the process (the lock folders' format,
 * launcher/lock.ts), so a run killed outright (SIGKILL) leaves nothing that the next start does
 * not remove; SPEC_CONFORMANCE_SCRATCH names another, which is the caller's and is kept.
 */
const PREFIX = 'spec-conformance-run-';

let ownsProcess = false;
let envBefore: Record<string, string | undefined> | undefined;
/** The machine's temporary folder, as it was before any run pointed TMPDIR elsewhere. */
const MACHINE_TMP = tmpdir();

/**
 * The command's process is the run's own: its browsers (discovery's) keep their temporary profiles
 * in the working folder too. A library caller's process is not: its TMPDIR is left as it is.
 */
export function ownTheProcess(): void {
  ownsProcess = true;
}

/** A new working folder (or the one SPEC_CONFORMANCE_SCRATCH names); first, those of dead runs are removed. */
export function makeScratch(): string {
  const given = process.env.SPEC_CONFORMANCE_SCRATCH;
  if (given) return resolve(given);
  removeDeadScratches();
  const dir = join(MACHINE_TMP, `${PREFIX}${randomUUID()}`);
  mkdirSync(join(dir, 'tmp'), { recursive: true });
  const owner: LockOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString(), what: 'a spec-conformance run' };
  writeFileSync(join(dir, 'owner.json'), JSON.stringify(owner));
  if (ownsProcess) {
    const env = tmpEnv(dir);
    envBefore = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
    Object.assign(process.env, env);
  }
  return dir;
}

/**
 * The environment of the run's processes: TMPDIR in the working folder (Playwright's browsers make
 * their profiles there), and Playwright's compile cache kept where it was, shared between runs.
 */
export function tmpEnv(scratch: string): Record<string, string> {
  const dir = join(scratch, 'tmp');
  mkdirSync(dir, { recursive: true });
  const cache = process.env.PLAYWRIGHT_TRANSFORM_CACHE_DIR ?? join(MACHINE_TMP, `playwright-transform-cache-${process.geteuid?.() ?? ''}`);
  return { TMPDIR: dir, PLAYWRIGHT_TRANSFORM_CACHE_DIR: cache };
}

/** Removes the run's working folder once the run is over, unless the caller named it (SPEC_CONFORMANCE_SCRATCH). */
export function removeScratch(run: Pick<Run, 'scratch'> | undefined): void {
  if (!run?.scratch || process.env.SPEC_CONFORMANCE_SCRATCH) return;
  if (ownsProcess && envBefore && process.env.TMPDIR?.startsWith(run.scratch)) {
    for (const [k, v] of Object.entries(envBefore)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    envBefore = undefined;
  }
  rmSync(run.scratch, { recursive: true, force: true });
}

/** Working folders whose owner process is gone (a run killed outright), removed; those of live runs and older releases' (no owner.json) are left. */
export function removeDeadScratches(base = MACHINE_TMP): string[] {
  let names: string[] = [];
  try {
    names = readdirSync(base).filter((n) => n.startsWith(PREFIX));
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const n of names) {
    const dir = join(base, n);
    if (!readOwner(dir) || !staleReason(dir)) continue;
    try {
      rmSync(dir, { recursive: true, force: true });
      removed.push(dir);
    } catch {
      // Another user's, say: not this run's to remove, and no reason to stop it.
    }
  }
  return removed;
}
