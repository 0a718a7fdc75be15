import { describe, expect, it } from 'vitest';
import { compareReports, totalsLine, type ReportLike } from './load-compare';

type Result = NonNullable<ReportLike['clauses'][number]['results'][string]>;
const res = (verdict: string, parts: [string, string][] = [], tests: Result['tests'] = [{ title: 't', outcome: 'passed', attempts: 1 }]): Result =>
  ({ verdict, parts: parts.map(([id, v]) => ({ id, verdict: v })), tests });
const report = (clauses: [string, Result, Result?][], passed = true): ReportLike =>
  ({ gate: { passed }, modes: ['static', 'server'], clauses: clauses.map(([id, a, b]) => ({ id, results: { static: a, ...(b ? { server: b } : {}) } })) });

describe('the load test compares every clause and part verdict with the quiet run', () => {
  const quiet = report([['R2.2', res('passed')], ['C7.4', res('passed', [['scripts', 'passed'], ['stylesheets', 'passed']]), res('passed', [['scripts', 'passed'], ['stylesheets', 'passed']])]]);

  it('the same verdicts: nothing different, nothing tried again', () => {
    const c = compareReports(quiet, quiet);
    expect(c).toMatchObject({ compared: 7, differences: [], cantTell: [], retried: [], gatePassed: true });
  });

  it('names a clause or part whose verdict changed, cantTell verdicts and tests tried again', () => {
    const loaded = report([
      ['R2.2', res('cantTell', [], [{ title: 'unknown path', outcome: 'flaky', attempts: 2 }])],
      ['C7.4', res('passed', [['scripts', 'passed'], ['stylesheets', 'passed']], [{ title: 'walk', outcome: 'flaky', attempts: 2, retry: { counted: 'passed', cause: 'harness' } }]), res('passed', [['scripts', 'cantTell'], ['stylesheets', 'passed']])],
    ], false);
    const c = compareReports(quiet, loaded);
    expect(c.differences).toEqual(['R2.2 (static): passed when quiet, cantTell under load', 'C7.4/scripts (server): passed when quiet, cantTell under load']);
    expect(c.cantTell).toEqual(['R2.2 (static)', 'C7.4/scripts (server)']);
    expect(c.retried).toEqual(['R2.2 (static) unknown path', 'C7.4 (static) walk']);
    expect(c.passedOnRetry).toEqual(['C7.4 (static) walk']);
    expect(c.gatePassed).toBe(false);
  });

  it('a clause the loaded run did not judge is a difference', () => {
    expect(compareReports(quiet, report([['R2.2', res('passed')]])).differences).toContain('C7.4 (static): passed when quiet, not judged under load');
  });

  it('sums a report\'s verdicts per mode', () => {
    expect(totalsLine(quiet)).toBe('static: 2 passed · server: 1 passed');
  });
});
