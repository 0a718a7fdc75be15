import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { shownPath } from '../../launcher/format';
import type { ClauseResult, Report } from '../report/model';
import { readReport } from '../report/validate';
import { UsageError } from '../run/args';

/** What changed since a previous report, per clause and mode (the gate's own words are the report's). */
export interface Comparison {
  /** The previous report, as a path from the command's folder, and when it ran. */
  against: string;
  startedAt: string;
  /** Failed or cantTell now (not accepted), not so before. */
  newFailures: string[];
  /** Failed or cantTell before, passed now. */
  fixed: string[];
  /** Not judged before (untested, or not in that run), passed or failed now. */
  newlyJudged: string[];
  /** Passed or failed before, untested now. */
  noLongerJudged: string[];
}

/** --compare <folder or conformance.json>: the report to compare with, read before the run starts (a bad one is exit 2). */
export function readCompared(arg: string, cwd: string): { file: string; report: Report } {
  const given = resolve(cwd, arg);
  const file = existsSync(given) && statSync(given).isDirectory() ? join(given, 'conformance.json') : given;
  if (!existsSync(file)) throw new UsageError(`--compare ${arg}: ${shownPath(file, cwd)} does not exist: give a report folder (holding conformance.json) or the conformance.json of an earlier run.`);
  const read = readReport(file);
  if ('problem' in read) throw new UsageError(`--compare ${arg}: ${shownPath(file, cwd)} is not a report this tool can read (${read.problem}).`);
  return { file, report: read.report };
}

const bad = (r: ClauseResult | undefined) => !!r && (r.verdict === 'failed' || r.verdict === 'cantTell') && r.gate !== 'expected';
const judged = (r: ClauseResult | undefined) => r?.verdict === 'passed' || r?.verdict === 'failed';

export function compareReports(now: Report, before: Report, against: string): Comparison {
  const c: Comparison = { against, startedAt: before.startedAt, newFailures: [], fixed: [], newlyJudged: [], noLongerJudged: [] };
  for (const row of now.clauses) {
    if (row.kind !== 'normative') continue;
    const old = before.clauses.find((x) => x.id === row.id);
    for (const mode of now.modes) {
      const n = row.results[mode];
      const o = old?.results[mode];
      if (!n) continue;
      const name = `${row.id} (${mode}) ${n.verdict}`;
      if (bad(n) && !bad(o)) c.newFailures.push(`${name}, was ${o?.verdict ?? 'not judged'}`);
      else if (bad(o) && n.verdict === 'passed') c.fixed.push(`${row.id} (${mode}), was ${o!.verdict}`);
      if (judged(n) && !judged(o)) c.newlyJudged.push(`${name}, was ${o?.verdict ?? 'not in that run'}`);
      else if (judged(o) && n.verdict === 'untested') c.noLongerJudged.push(`${row.id} (${mode}), was ${o!.verdict}`);
    }
  }
  return c;
}

const groups = (c: Comparison) => [['New failures', c.newFailures], ['Fixed', c.fixed], ['Newly judged', c.newlyJudged], ['No longer judged', c.noLongerJudged]] as const;

/** The comparison as console lines: one per kind of change, each naming its clauses. */
export function comparisonConsole(c: Comparison): string[] {
  return [`Compared with ${c.against} (run ${c.startedAt}):`, ...groups(c).map(([what, xs]) => `- ${what} (${xs.length})${xs.length ? `: ${xs.join('; ')}` : ''}`)];
}

/** The same for the job summary (Markdown, every value escaped by the caller's `e`). */
export function comparisonMarkdown(c: Comparison, e: (s: string) => string): string[] {
  return [`**Compared with** ${e(c.against)} (run ${e(c.startedAt)}):`, '', ...groups(c).map(([what, xs]) => `- ${what} (${xs.length})${xs.length ? `: ${xs.map(e).join('; ')}` : ''}`)];
}
