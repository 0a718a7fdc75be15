import { stripVTControlCharacters } from 'node:util';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import type { Mode } from '../../spec/clauses';
import { clauseIdsOf } from '../harness/clause';
import { currentRun } from '../run/channel';
import type { Expectation } from '../expectations/model';
import { partsOf } from '../outcome/classify';
import type { PartOutcome, Verdict } from '../outcome/verdict';
import { consoleLine } from './escape';

/** How many lines of a test's error a failure block shows (the rest, and the evidence, are in the report). */
const ERROR_LINES = 12;

/**
 * The expectations of the run that accept a failed test in this mode (held to failed or cantTell),
 * part by part where the test says which parts it judged: each part it saw failed or cantTell (its
 * part outcomes, the verdict matched), else each part it judges, needs one of its own or one of the
 * whole clause; a test that names no part is accepted by one of the clause or of any of its parts.
 * Undefined: a failure the gate does not accept.
 */
export function expectedFailure(expectations: readonly Expectation[], ids: readonly string[], mode: Mode | undefined, parts: readonly string[] = [], outcomes: readonly PartOutcome[] = []): Expectation[] | undefined {
  const holds = (e: Expectation, verdict?: Verdict) => (verdict ? e.verdict === verdict : e.verdict === 'failed' || e.verdict === 'cantTell') && (!e.mode || e.mode === mode);
  const bad = outcomes.filter((o) => o.verdict === 'failed' || o.verdict === 'cantTell');
  const named: { part: string; verdict?: Verdict }[] = bad.length ? bad : parts.map((part) => ({ part }));
  if (!named.length) {
    const e = expectations.find((x) => holds(x) && ids.some((id) => x.clause === id || x.clause.startsWith(`${id}/`)));
    return e ? [e] : undefined;
  }
  const found = named.map((o) => expectations.find((x) => holds(x, o.verdict) && ids.some((id) => x.clause === `${id}/${o.part}` || x.clause === id)));
  return found.every((e): e is Expectation => !!e) ? [...new Set(found)] : undefined;
}

/**
 * The run's console: a line per test (in CI, a progress line now and then), a failure block only
 * for a test whose clause no expectation accepts — an accepted one is labelled expected — and no
 * stack traces nor paths: the runner's working folder is gone after the run, the evidence is in the
 * report, and the answer (the gate first) is printed by the command once the report is written.
 */
export default class ConsoleReporter implements Reporter {
  private readonly quiet = !!process.env.CI;
  private readonly expectations = currentRun().expectations ?? [];
  private total = 0;
  private done = 0;
  private nextProgress = 0;
  private readonly counts = { passed: 0, failed: 0, expected: 0, skipped: 0 };

  printsToStdio(): boolean {
    return true;
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.total = suite.allTests().length;
    say(`Running ${this.total} tests using ${config.workers} workers${this.quiet ? ' (CI: progress and the answer only)' : ''}`);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    // An attempt that is tried again says nothing yet: the last attempt is the test's outcome.
    if (result.status !== 'passed' && result.status !== 'skipped' && result.retry < test.retries) return;
    this.done++;
    const mode = test.parent.project()?.name as Mode | undefined;
    const ids = clauseIdsOf(test.tags);
    const title = `[${mode ?? '?'}] ${test.title}`;
    const failed = result.status === 'failed' || result.status === 'timedOut' || result.status === 'interrupted';
    // The parts the attempt judged, from its own annotations (the test case's repeat the last run's).
    const { staticParts, outcomes } = partsOf(result.annotations?.length ? result.annotations : test.annotations);
    const accepted = failed ? expectedFailure(this.expectations, ids, mode, staticParts, outcomes) : undefined;
    if (!failed) this.counts[result.status === 'skipped' ? 'skipped' : 'passed']++;
    else this.counts[accepted ? 'expected' : 'failed']++;
    if (failed && !accepted) {
      const error = stripVTControlCharacters(result.errors.map((e) => e.message ?? e.value ?? '').join('\n')).split('\n').filter((l) => l.trim() && !/^\s+at /.test(l));
      say(`  ✘ ${title}`);
      for (const l of error.slice(0, ERROR_LINES)) say(`      ${l}`);
      if (error.length > ERROR_LINES) say(`      … (${error.length - ERROR_LINES} more lines: the clause's details in the report)`);
    } else if (!this.quiet) {
      say(`  ${accepted ? '✘ expected' : result.status === 'skipped' ? '-' : '✓'} ${title}${accepted ? ` (accepted: ${accepted.map((e) => `${e.clause} ${e.verdict}`).join(', ')})` : ''}`);
    } else if (this.done >= this.nextProgress) {
      this.nextProgress = this.done + Math.max(1, Math.ceil(this.total / 10));
      say(`  ${this.done} of ${this.total} tests done`);
    }
  }

  onEnd(result: FullResult): void {
    const c = this.counts;
    const parts = [`${c.passed} passed`, ...(c.failed ? [`${c.failed} failed`] : []), ...(c.expected ? [`${c.expected} failed as expected`] : []), `${c.skipped} skipped (their verdicts are in the report)`];
    say(`Tests ${result.status === 'interrupted' ? 'stopped' : 'done'}: ${parts.join(', ')}.`);
  }
}

function say(line: string): void {
  process.stdout.write(`${consoleLine(line)}\n`);
}
