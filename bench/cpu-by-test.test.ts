import { describe, expect, it } from 'vitest';
import { byClause, cpuOfTests, renderCpuByTest } from './cpu-by-test';

// bench/cpu-by-test.ts: a test's CPU is the machine's busy time over its span, summed by clause.
describe('the CPU of each test, one at a time (issue 36)', () => {
  const t0 = Date.parse('2026-11-28T00:00:00.000Z');
  // Busy time read every 100 ms: 1 CPU-s per second until t0 + 1 s, then 2 per second.
  const samples: [number, number][] = Array.from({ length: 31 }, (_, i) => [t0 + i * 100, i <= 10 ? i * 0.1 : 1 + (i - 10) * 0.2]);
  const spec = (file: string, title: string, project: string, startMs: number, duration: number) =>
    ({ file, title, tests: [{ projectName: project, results: [{ startTime: new Date(t0 + startMs).toISOString(), duration }] }] });
  const report = { suites: [{ suites: [{ specs: [spec('conformance/tests/R2.3-status-titles.spec.ts', 'a 404 page', 'static', 0, 1000), spec('R2.3-status-titles.spec.ts', 'a 500 page', 'server', 1000, 500)] }] }, { specs: [spec('C7.4-every-page.spec.ts', 'every page', 'server', 1500, 1500), spec('K9.1-x.spec.ts', 'skipped', 'static', 0, 0)] }] };

  it('takes each test\'s busy time over its span, and leaves out a test that did not run', () => {
    const tests = cpuOfTests(report, samples);
    expect(tests.map((t) => [t.clause, t.mode, Number(t.cpuS.toFixed(2))])).toEqual([['R2.3', 'static', 1], ['R2.3', 'server', 1], ['C7.4', 'server', 3]]);
  });

  it('sums by clause, heaviest first, with each clause\'s heaviest test, and says the share of the run', () => {
    const clauses = byClause(cpuOfTests(report, samples));
    expect(clauses.map((c) => [c.id, c.tests, Number(c.cpuS.toFixed(2)), c.heaviest?.title])).toEqual([['C7.4', 1, 3, 'every page'], ['R2.3', 2, 2, 'a 404 page']]);
    const md = renderCpuByTest({ wallMs: 3000, cpuS: 5, testsCpuS: 5, clauses, heaviest: [] }).join('\n');
    expect(md).toMatch(/\| C7\.4 \| 1 \| 3\.0 CPU-s \| 60 % \| 3\.00 \|/);
  });
});
