import { stripVTControlCharacters } from 'node:util';
import type { Count } from './subject';
import { expectationReason } from './expect-message';
import { ANNOTATION, isNotJudgedKind, kindOfReason, type PartOutcome, type Advisory, type NotJudgedKind, type Verdict } from './verdict';

/**
 * One test attempt's verdict from what Playwright recorded. The three outcomes are kept apart:
 *  - the test ended itself as untested / inapplicable / cantTell (harness/observe.ts) → that verdict;
 *  - an expectation failed (an observation contradicted the clause) → failed;
 *  - anything else that stopped the test (an action or the test ran out of time, a navigation
 *    error, a harness error) → cantTell, naming what was pending.
 */
export interface AttemptInput {
  status: 'passed' | 'failed' | 'timedOut' | 'skipped' | 'interrupted';
  annotations: readonly { type: string; description?: string }[];
  errors: readonly { message?: string; value?: string }[];
}

export interface Classified {
  verdict: Verdict;
  reason?: string;
  /** For `untested`: which kind of not judged (the test's own note; else read from its words). */
  notJudged?: NotJudgedKind;
}

/** Playwright's messages without their colours (Node's own stripper, as the reporter uses). */
export const plain = (s: string): string => stripVTControlCharacters(s);

/** An error thrown by an expect() matcher (Playwright's message names the matcher). */
export function isExpectation(message: string): boolean {
  return /expect(\.soft|\.poll)?\([^)]*\)(\.not)?(\.resolves|\.rejects)?\.to[A-Z]\w*\(/.test(plain(message))
    || /^(Error: )?\d+ part\(s\) failed/.test(plain(message));
}

/** Playwright's own time-outs of an action or a navigation (not of an expectation). */
export function isActionTimeout(message: string): boolean {
  return /\b[\w.]+: Timeout \d+ms exceeded/.test(plain(message));
}

/** The first lines of an error message, without colours or Playwright's call log. */
export function shortMessage(message: string, max = 600): string {
  const text = plain(message).replace(/^Error: /, '').split(/\n\s*(Call log:|=+ logs =+)/)[0].trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function classifyAttempt(a: AttemptInput): Classified {
  const note = (type: string) => a.annotations.find((x) => x.type === type)?.description;
  const ended = note(ANNOTATION.verdict) as Verdict | undefined;
  if (a.status === 'skipped' || ended) {
    const why = note(ANNOTATION.why) ?? note('skip')?.replace(/^(inapplicable|untested|cantTell): /, '');
    const verdict = ended ?? 'untested';
    if (verdict !== 'untested') return { verdict, reason: why ?? 'skipped' };
    const kind = note(ANNOTATION.notJudged);
    return { verdict, reason: why ?? 'skipped', notJudged: isNotJudgedKind(kind) ? kind : kindOfReason(why) };
  }
  if (a.status === 'passed') return { verdict: 'passed' };
  if (a.status === 'timedOut') {
    const pending = a.annotations.filter((x) => x.type === ANNOTATION.pending).map((x) => x.description).filter(Boolean);
    return { verdict: 'cantTell', reason: `the test ran out of time while ${pending.length ? `waiting for ${pending.join('; ')}` : 'no named wait was pending (an unbounded step)'}` };
  }
  if (a.status === 'interrupted') return { verdict: 'cantTell', reason: 'the run was interrupted before the test finished' };
  const messages = a.errors.map((e) => e.message ?? e.value ?? '').filter(Boolean);
  const contradiction = messages.find(isExpectation);
  if (contradiction) return { verdict: 'failed', reason: expectationReason(contradiction) };
  const first = messages[0] ?? 'the test failed without an error message';
  if (isActionTimeout(first)) return { verdict: 'cantTell', reason: `an action did not complete: ${shortMessage(first)}` };
  return { verdict: 'cantTell', reason: `the observation could not complete: ${shortMessage(first)}` };
}

export interface TestInput {
  attempts: AttemptInput[];
}

/** The machine when an attempt ended without passing (harness/fixtures.ts notes it; run/slow.ts runnerState). */
export interface RunnerNote { load1: number; cores: number; factor: number; source: string }

/**
 * How a test that was tried again is counted, and why, in words (a retry that explains
 * itself). The first attempt that did not pass is described: its verdict and reason, the machine
 * when it ended, and whose it was —
 *  - `harness`: it could not complete its observation (cantTell: a bound of the harness ran out,
 *    an action or the test ran out of time, a navigation or browser error, the harness's own
 *    error) and nothing it observed contradicted the clause. The retry observed the clause in
 *    full: the test counts `passed`, marked "passed on retry" (docs/report.md argues why);
 *  - `site`: it observed a contradiction (failed, or a part failed). The retry did not: the site
 *    may answer differently from one attempt to the next, so the test is `cantTell`, never passed.
 */
export interface RetryNote {
  first: { verdict: Verdict; reason?: string };
  runner?: RunnerNote;
  cause: 'harness' | 'site';
  why: string;
  counted: Verdict;
}

export interface ClassifiedTest extends Classified { retry?: RetryNote }

/** The machine's state in words: busy (more runnable work than cores) or not, and the factor in force. */
export function describeRunner(r: RunnerNote | undefined): string {
  if (!r) return 'the machine\'s load then was not recorded';
  const perCore = r.load1 / Math.max(1, r.cores);
  const factor = r.factor === 1 ? 'the harness\'s bounds as tuned on the reference machine' : `the harness's bounds × ${r.factor} (${r.source})`;
  return perCore >= 1
    ? `the machine was busy when it ended: 1-minute load ${r.load1} on ${r.cores} cores (${perCore.toFixed(1)} per core), with ${factor}`
    : `the machine was not busy when it ended: 1-minute load ${r.load1} on ${r.cores} cores, with ${factor}`;
}

/** A test's verdict over its attempts (one retry): the last attempt's, with a retry that passed counted as RetryNote says. */
export function classifyTest(t: TestInput): ClassifiedTest {
  if (!t.attempts.length) return { verdict: 'untested', reason: 'the test did not run', notJudged: 'run' };
  const results = t.attempts.map(classifyAttempt);
  const last = results[results.length - 1];
  const i = results.slice(0, -1).findIndex((r) => r.verdict === 'failed' || r.verdict === 'cantTell');
  if (last.verdict !== 'passed' || i < 0) return last;
  const first = results[i];
  const notes = t.attempts[i].annotations;
  const runner = parseRunner(notes.find((a) => a.type === ANNOTATION.runner)?.description);
  const failedPart = partsOf(notes).outcomes.find((o) => o.verdict === 'failed');
  const words = (first.reason ?? first.verdict).replace(/^could not complete the observation: /, '');
  const saw = `the first attempt ${first.verdict === 'failed' ? 'observed a contradiction' : 'could not complete its observation'}: ${words}`;
  const machine = describeRunner(runner);
  if (first.verdict === 'failed' || failedPart) {
    const contradiction = failedPart && first.verdict !== 'failed' ? ` (its part ${failedPart.part} failed: ${failedPart.reason ?? ''})` : '';
    const why = `${saw}${contradiction}; the retry passed. The site may answer differently from one attempt to the next, so this is no pass: cantTell (${machine}).`;
    return { verdict: 'cantTell', reason: `flaky: ${why}`, retry: { first, ...(runner ? { runner } : {}), cause: 'site', why, counted: 'cantTell' } };
  }
  const busy = runner && runner.load1 / Math.max(1, runner.cores) >= 1;
  const bound = /\bwaited\b|ran out of time|Timeout \d+ms exceeded/.test(words);
  const whose = busy
    ? `not the site: ${bound ? 'a bound of the harness\'s own ran out' : 'the harness could not complete its observation'} on a busy runner`
    : 'no contradiction by the site: at most it was slow to answer, which no clause of the spec forbids (the spec\'s own times are judged on the fake clock)';
  const why = `${saw}. Nothing it observed contradicted the clause, and the retry observed the clause in full and it agreed: counted passed on retry. ${whose[0].toUpperCase()}${whose.slice(1)} (${machine}).`;
  return { verdict: 'passed', reason: `passed on retry: ${why}`, retry: { first, ...(runner ? { runner } : {}), cause: 'harness', why, counted: 'passed' } };
}

function parseRunner(description: string | undefined): RunnerNote | undefined {
  try {
    const r = description ? (JSON.parse(description) as RunnerNote) : undefined;
    return r && typeof r.load1 === 'number' && typeof r.cores === 'number' ? r : undefined;
  } catch {
    return undefined;
  }
}

/** Parts, advisories and subject counts recorded by the last attempt. */
export function partsOf(annotations: readonly { type: string; description?: string }[]): { staticParts: string[]; outcomes: PartOutcome[]; advisories: Advisory[]; observed: Count[] } {
  const staticParts = annotations.filter((a) => a.type === ANNOTATION.parts).flatMap((a) => (a.description ?? '').split(',').map((s) => s.trim()).filter(Boolean));
  const parse = <T>(type: string): T[] => annotations.filter((a) => a.type === type).flatMap((a) => {
    try { return [JSON.parse(a.description ?? '') as T]; } catch { return []; }
  });
  return { staticParts: [...new Set(staticParts)], outcomes: parse<PartOutcome>(ANNOTATION.part), advisories: parse<Advisory>(ANNOTATION.advisory), observed: parse<Count[]>(ANNOTATION.observed).flat() };
}
