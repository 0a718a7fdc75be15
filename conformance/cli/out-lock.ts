import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { tryLock } from '../../launcher/lock';
import { shownPath } from '../../launcher/format';
import { UsageError } from '../run/args';

/**
 * One run at a time per report folder: two runs publishing into one --out would move each other's
 * report away. The lock is a folder in --out naming its owner (launcher/lock.ts); one left by a run
 * that was killed (its process gone) is taken over.
 */
export const OUT_LOCK = '.spec-conformance.lock';

const held = new Set<string>();

/** Takes the lock of `out` for this run, or refuses in one sentence naming the run that holds it. */
export function lockOut(out: string, log: (line: string) => void, cwd = process.cwd()): void {
  const lock = join(out, OUT_LOCK);
  const got = tryLock(lock, 'a spec-conformance run');
  if (!got.taken) {
    const who = got.owner ? `process ${got.owner.pid}, since ${got.owner.since}` : 'a run that is starting';
    throw new UsageError(`Another run (${who}) is writing its report into ${shownPath(out, cwd)}: wait for it to end, or give this run another --out.`);
  }
  if (got.broke) log(`Report folder lock taken over: ${got.broke}.`);
  held.add(out);
}

/** Lets go of the lock this process holds on `out` (none held: nothing to do). */
export function unlockOut(out: string | undefined): void {
  if (!out || !held.delete(out)) return;
  rmSync(join(out, OUT_LOCK), { recursive: true, force: true });
}
