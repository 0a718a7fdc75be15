import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gateWords, headline } from '../report/headline';
import type { Report } from '../report/model';
import { BASELINE_FILE } from '../expectations/model';
import { shownPath } from '../../launcher/format';

/**
 * What the command prints when a report was written: the answer first — the gate, what was judged
 * per mode and what was not, every reason the gate is red — then where the report is, relative to
 * the folder the command was started in.
 */
export function summaryLines(out: string, cwd: string, replaced = false): string[] {
  const report = JSON.parse(readFileSync(join(out, 'conformance.json'), 'utf8')) as Report;
  return [
    '',
    `Conformance: ${gateWords(report)}`,
    ...headline(report),
    ...nextStep(report),
    '',
    `Report: ${shownPath(join(out, 'conformance.html'), cwd)} (also conformance.md, conformance.json, junit.xml${replaced ? '; the one before is in previous/' : ''})`,
  ];
}

/**
 * A red gate with no baseline of the team's yet (a first run): the way to a gate it keeps, from this
 * very report. Once the team has a baseline, a red gate is a change to look at, not to accept.
 */
function nextStep(report: Report): string[] {
  if (report.gate.passed || report.expectations?.sources.some((s) => s.endsWith(BASELINE_FILE))) return [];
  return [`Next: to accept these verdicts as the team's baseline, run the same command with --update-expectations --from-report (nothing runs again), then review the reasons in ${BASELINE_FILE} and commit it.`];
}
