import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gateWords, headline } from '../report/headline';
import type { Report } from '../report/model';
import { shownPath } from '../../launcher/format';

/** A path as the user's shell would reach it from where the command was started. */

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
    '',
    `Report: ${shownPath(join(out, 'conformance.html'), cwd)} (also conformance.md, conformance.json, junit.xml${replaced ? '; the one before is in previous/' : ''})`,
  ];
}
