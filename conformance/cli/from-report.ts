import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { shownPath } from '../../launcher/format';
import { loadPresets } from '../expectations/model';
import type { Report } from '../report/model';
import { regate } from '../report/regate';
import { readReport } from '../report/validate';
import { claimEntries, entriesWritten } from '../report/ownership';
import { writeReport } from '../report/write';
import { UsageError } from '../run/args';
import type { Run } from '../run/model';

/**
 * --from-report: the gate judged again on the report already in the output folder, with this
 * run's expectations and gate levels — a baseline accepted from the run the team just reviewed, a
 * preset tried on it — without visiting the site again. Verdicts never change (report/regate.ts).
 */

/** The report in `out`, checked to be one this version can judge again; else one sentence naming what to do. */
export function reportToJudge(out: string, cwd: string): Report {
  const file = join(out, 'conformance.json');
  const shown = shownPath(file, cwd);
  if (!existsSync(file)) throw new UsageError(`--from-report: there is no report at ${shown} to judge again: run npx spec-conformance first, or give --out <the folder of the report>.`);
  const read = readReport(file);
  // Fail closed: a report that does not hold to its schema is never judged (an unknown verdict is no pass).
  if ('problem' in read) throw new UsageError(`--from-report: ${shown} cannot be judged again: ${read.problem}; run npx spec-conformance again to write a new one.`);
  return read.report;
}

/** What the run judges again, in one line: the report's targets and when it was written. */
export function describeReportToJudge(report: Report, out: string, cwd: string): string {
  const targets = report.targets.map((t) => `${t.url} (${t.mode})`).join(', ') || 'no target';
  return `From report: ${shownPath(join(out, 'conformance.json'), cwd)}, the run of ${targets} finished ${report.finishedAt}; no test runs, its verdicts are judged again with this run's expectations.`;
}

/** Judges the report in run.out again with the run's expectations and rewrites its files; returns whether the gate passes. */
export function judgeReportAgain(run: Run): boolean {
  const report = reportToJudge(run.out, run.cwd ?? process.cwd());
  const judged = regate(report, run.expectations ?? [], [...loadPresets().values()], run.gateLevels, run.expectationSources ?? []);
  writeReport(judged, run.out);
  claimEntries(run.out, entriesWritten('report', false).filter((e) => existsSync(join(run.out, e))));
  return judged.gate.passed;
}
