import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { shownPath } from '../../launcher/format';
import { claimEntries, foreignEntries, foreignSentence, markFolder, ownedEntries, REPORT_ENTRIES } from './ownership';

/**
 * A report is never lost: it is written into a staging folder inside the output folder and moved
 * into place only when complete; the report it replaces moves to previous/. Only what a report of
 * this tool wrote is moved or deleted (ownership.ts): an entry of someone else's in the way stops
 * the publishing, the new report kept where it was staged. A run that produced no report says why
 * in last-run.json and leaves the folder as it was.
 */
export function stagingDir(out: string): string {
  mkdirSync(out, { recursive: true });
  return mkdtempSync(join(out, '.staging-'));
}

/** An entry in the report folder that is not the tool's stands where the report would go. */
export class ForeignEntries extends Error {}

/** Moves the staged report into `out`; the report that was there goes to `out/previous/` (true when there was one). */
export function publish(staging: string, out: string): boolean {
  const foreign = foreignEntries(out, [...REPORT_ENTRIES, 'previous']);
  if (foreign.length) throw new ForeignEntries(`${foreignSentence(shownPath(out), foreign)} The new report is kept in ${shownPath(staging)}.`);
  // Before the new report is in place: its own conformance.json must not make the folder look the tool's.
  const before = ownedEntries(out);
  const previous = join(out, 'previous');
  const current = REPORT_ENTRIES.filter((e) => existsSync(join(out, e)));
  if (current.length) {
    rmSync(previous, { recursive: true, force: true });
    mkdirSync(previous, { recursive: true });
    for (const e of current) renameSync(join(out, e), join(previous, e));
    markFolder(previous, current);
  }
  const staged = readdirSync(staging);
  for (const e of staged) renameSync(join(staging, e), join(out, e));
  rmSync(staging, { recursive: true, force: true });
  claimEntries(out, [...staged, ...(current.length ? ['previous'] : [])], before);
  return current.length > 0;
}

export interface LastRun {
  finishedAt: string;
  /** `report`: a new report is in place; `not-run`: no test ran, the earlier report is kept; `shard`: one shard of a sharded run. */
  status: 'report' | 'not-run' | 'shard';
  reason?: string;
  /** With status `report`: whether the gate passed (the CLI's exit code; merge-reports itself always exits 0). */
  gatePassed?: boolean;
}

/** Writes last-run.json (and a shard's claim on blob-report/), unless a file of someone else's has that name. */
export function writeLastRun(out: string, last: Omit<LastRun, 'finishedAt'>): void {
  mkdirSync(out, { recursive: true });
  const names = ['last-run.json', ...(last.status === 'shard' ? ['blob-report'] : [])];
  if (foreignEntries(out, ['last-run.json']).length) {
    process.stdout.write(`${foreignSentence(shownPath(out), ['last-run.json'])}\n`);
    return;
  }
  writeFileSync(join(out, 'last-run.json'), `${JSON.stringify({ finishedAt: new Date().toISOString(), ...last }, null, 2)}\n`);
  claimEntries(out, names);
}
