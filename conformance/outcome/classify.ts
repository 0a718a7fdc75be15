import { stripVTControlCharacters } from 'node:util';
import type { Count } from './subject';
import { ANNOTATION, type PartOutcome, type Advisory, type Verdict } from './verdict';

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

export interface Classified { verdict: Verdict; reason?: string }

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
    return { verdict: ended ?? 'untested', reason: why ?? 'skipped' };
  }
  if (a.status === 'passed') return { verdict: 'passed' };
  if (a.status === 'timedOut') {
    const pending = a.annotations.filter((x) => x.type === ANNOTATION.pending).map((x) => x.description).filter(Boolean);
    return { verdict: 'cantTell', reason: `the test ran out of time while ${pending.length ? `waiting for ${pending.join('; ')}` : 'no named wait was pending (an unbounded step)'}` };
  }
  if (a.status === 'interrupted') return { verdict: 'cantTell', reason: 'the run was interrupted before the test finished' };
  const messages = a.errors.map((e) => e.message ?? e.value ?? '').filter(Boolean);
  const contradiction = messages.find(isExpectation);
  if (contradiction) return { verdict: 'failed', reason: shortMessage(contradiction) };
  const first = messages[0] ?? 'the test failed without an error message';
  if (isActionTimeout(first)) return { verdict: 'cantTell', reason: `an action did not complete: ${shortMessage(first)}` };
  return { verdict: 'cantTell', reason: `the observation could not complete: ${shortMessage(first)}` };
}

export interface TestInput {
  attempts: AttemptInput[];
}

/** A test's verdict over its attempts (one retry): the last attempt, but passed-after-failure is cantTell. */
export function classifyTest(t: TestInput): Classified {
  if (!t.attempts.length) return { verdict: 'untested', reason: 'the test did not run' };
  const results = t.attempts.map(classifyAttempt);
  const last = results[results.length - 1];
  const earlier = results.slice(0, -1).filter((r) => r.verdict === 'failed' || r.verdict === 'cantTell');
  if (last.verdict === 'passed' && earlier.length) {
    return { verdict: 'cantTell', reason: `flaky: the first attempt was ${earlier[0].verdict} (${earlier[0].reason ?? ''}), the retry passed` };
  }
  return last;
}

/** Parts, advisories and subject counts recorded by the last attempt. */
export function partsOf(annotations: readonly { type: string; description?: string }[]): { staticParts: string[]; outcomes: PartOutcome[]; advisories: Advisory[]; observed: Count[] } {
  const staticParts = annotations.filter((a) => a.type === ANNOTATION.parts).flatMap((a) => (a.description ?? '').split(',').map((s) => s.trim()).filter(Boolean));
  const parse = <T>(type: string): T[] => annotations.filter((a) => a.type === type).flatMap((a) => {
    try { return [JSON.parse(a.description ?? '') as T]; } catch { return []; }
  });
  return { staticParts: [...new Set(staticParts)], outcomes: parse<PartOutcome>(ANNOTATION.part), advisories: parse<Advisory>(ANNOTATION.advisory), observed: parse<Count[]>(ANNOTATION.observed).flat() };
}
