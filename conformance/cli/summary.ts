import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { answerConsole, consoleAnswerOf } from '../report/console-answer';
import type { GateFinding, Report } from '../report/model';
import { BASELINE_FILE } from '../expectations/model';
import { shownPath } from '../../launcher/format';
import { consoleLine } from '../report/escape';

/**
 * What the command prints when a report was written: the answer first (report/answer.ts: the gate,
 * what fails it with its evidence, what was not judged by kind and why, what was accepted), what changed since
 * the report compared with, the next step, then where the report is, relative to
 * the folder the command was started in. Each line is the console's: cut once, with the full text in the report.
 */
export function summaryLines(out: string, cwd: string, replaced = false, accept = 'npx spec-conformance --update-expectations --from-report', extra: string[] = [], report = JSON.parse(readFileSync(join(out, 'conformance.json'), 'utf8')) as Report): string[] {
  const lines = [
    '',
    ...answerConsole(consoleAnswerOf(report, out, cwd)),
    ...(extra.length ? ['', ...extra] : []),
    ...nextStep(report, accept),
    '',
    `Report: ${shownPath(join(out, 'conformance.html'), cwd)} (also conformance.md, conformance.json, junit.xml${replaced ? '; the one before is in previous/' : ''})`,
  ];
  return lines.map((line) => consoleLine(line));
}

/**
 * A red gate's way on, from this very report, when accepting is the way: with no baseline of the
 * team's yet (a first run), accept its verdicts; with one, when every reason is a pass the team's
 * file no longer has to expect, tighten it. A regression, a preset that does not fit the site, or a
 * reason of the run itself (a shard missing) is for the team to look at: no line.
 */
function nextStep(report: Report, accept: string): string[] {
  const found = report.gate.findings;
  if (report.gate.passed || !found.length || found.some((f) => f.kind === 'run')) return [];
  const ours = (f: GateFinding) => !!f.expected?.source?.endsWith(BASELINE_FILE);
  const baseline = report.expectations?.sources.some((s) => s.endsWith(BASELINE_FILE));
  if (!baseline && found.some((f) => f.kind !== 'unexpectedPass')) {
    return [`Next: to accept these verdicts as the team's baseline, run ${accept} (nothing runs again), then review the reasons in ${BASELINE_FILE} and commit it.`];
  }
  // Only the team's own expectations are tightened here (a preset's are not the team's to edit).
  if (baseline && found.every((f) => f.kind === 'unexpectedPass' && ours(f))) {
    return [`Next: every reason is a pass no longer to expect: tighten ${BASELINE_FILE} with ${accept} (nothing runs again) and commit it.`];
  }
  return [];
}
