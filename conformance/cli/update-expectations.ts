import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { baselineOf, readBaseline, writeBaseline } from '../report/baseline';
import { loadPresets, resolveExpectations, withoutReplaced } from '../expectations/model';
import { consoleLine } from '../report/escape';
import type { Report } from '../report/model';
import { regate } from '../report/regate';
import { writeReport } from '../report/write';
import type { Run } from '../run/model';
import { shownPath } from '../../launcher/format';
import { keepProfiles } from './kept-profile';

/**
 * --update-expectations, after the run: the verdicts no other expectation accounts for are written
 * to the baseline file (report/baseline.ts), and the report is judged again with it, so the
 * report and the exit code say what the next run will. Returns the lines to print and whether the
 * gate now passes.
 */
export function updateExpectations(run: Run, file: string): { lines: string[]; passed: boolean } {
  const cwd = run.cwd ?? process.cwd();
  const presets = [...loadPresets().values()];
  const report = JSON.parse(readFileSync(join(run.out, 'conformance.json'), 'utf8')) as Report;
  const mine = `file: ${shownPath(file, cwd)}`;
  const others = (run.expectations ?? []).filter((e) => e.source !== mine);
  const change = baselineOf(regate(report, others, presets, run.gateLevels), readBaseline(file));
  writeBaseline(file, change.entries);
  const final = regate(report, withoutReplaced([...others, ...resolveExpectations([file], dirname(file), undefined, cwd)]), presets, run.gateLevels);
  writeReport(final, run.out);
  const lines = [
    '',
    `Expectations updated: ${shownPath(file, cwd)} holds ${change.entries.length} accepted verdict${change.entries.length === 1 ? '' : 's'} (${change.added.length} added, ${change.kept.length} kept, ${change.removed.length} removed as no longer needed).`,
    ...change.added.slice(0, 20).map((k) => `  + ${k}`),
    ...change.removed.slice(0, 20).map((k) => `  - ${k}`),
    ...keepProfiles(report, run.out, file, cwd),
    change.entries.length ? 'Review the reason of each (say why the team accepts it), then commit the file: any other verdict fails the gate from now on, a pass included.' : 'Nothing to accept: every applicable clause passed or is expected elsewhere.',
  ];
  // The keys are the report's: printed as the console's lines (cut, no control characters).
  return { lines: lines.map((line) => consoleLine(line)), passed: final.gate.passed };
}
