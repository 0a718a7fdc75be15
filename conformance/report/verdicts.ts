import type { Verdict, TestRecord } from './model';

/**
 * A clause's verdict in one mode from its tests' outcomes:
 * any failed → failed; else any flaky → cantTell; else any untested → untested;
 * else any passed → passed; else only inapplicable → inapplicable; no test → untested.
 */
export function aggregate(tests: readonly Pick<TestRecord, 'outcome' | 'skipVerdict' | 'reason' | 'title'>[]): { verdict: Verdict; reason?: string } {
  if (tests.length === 0) return { verdict: 'untested', reason: 'no test ran for this clause' };
  const failed = tests.filter((t) => t.outcome === 'failed');
  if (failed.length) return { verdict: 'failed', reason: `${failed.length} of ${tests.length} tests failed: ${failed.map((t) => t.title).join('; ')}` };
  const flaky = tests.filter((t) => t.outcome === 'flaky');
  if (flaky.length) return { verdict: 'cantTell', reason: `flaky (failed, then passed on retry): ${flaky.map((t) => t.title).join('; ')}` };
  const untested = tests.filter((t) => t.outcome === 'skipped' && t.skipVerdict !== 'inapplicable');
  if (untested.length) return { verdict: 'untested', reason: unique(untested.map((t) => t.reason ?? 'skipped')).join('; ') };
  if (tests.some((t) => t.outcome === 'passed')) return { verdict: 'passed' };
  return { verdict: 'inapplicable', reason: unique(tests.map((t) => t.reason ?? 'inapplicable')).join('; ') };
}

function unique(xs: string[]): string[] {
  return [...new Set(xs)];
}

/** Verdicts that fail the gate for an applicable normative clause. */
export function gates(v: Verdict): boolean {
  return v === 'failed' || v === 'cantTell' || v === 'untested';
}
