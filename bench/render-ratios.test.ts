import { describe, expect, it } from 'vitest';
import { ratioRows } from './render-ratios';
import type { Floor } from './floor';
import type { SuiteRun } from './suite';

const floor: Floor = { browserStartMs: 100, browserStartCpuS: 0.2, parts: [], wallMs: 10_000, cpuS: 20, ownWallMs: 5_000, ownCpuS: 14, workers: 6, load: '0 → 0' };
const run = (kind: SuiteRun['kind'], wallMs: number, cpuS: number, buildsSpanMs?: number): SuiteRun =>
  ({ kind, wallMs, cpuS, buildsSpanMs, builds: [], exitCode: 0, gate: '', load: '', logFile: '', tests: 0, loads: { static: { own: 0, other: 0 }, server: { own: 0, other: 0 } }, clauses: [], slowest: [] });

describe('the ratios to the floor (issue 36)', () => {
  it('divides the suite\'s wall time and CPU by the floor\'s and says whether each is within 3.0×', () => {
    const rows = ratioRows({ suites: [run('after builds', 29_000, 70)], floor, speed: '' });
    expect(rows[0]).toMatch(/\*\*2\.9×\*\* \| ≤ 3\.0× \| met/);
    expect(rows[1]).toMatch(/\*\*3\.5×\*\* \| ≤ 3\.0× \| \*\*not met\*\*/);
  });

  it('holds the targets to the floor of every document the tests loaded, and gives the ratio over their own pages\' loads beside it', () => {
    const [wall, cpu] = ratioRows({ suites: [run('after builds', 29_000, 70)], floor, speed: '' });
    expect(wall).toMatch(/\| 10\.0 s \| \*\*2\.9×\*\* \| ≤ 3\.0× \| met \| 5\.8× \|$/);
    expect(cpu).toMatch(/\| 20\.0 CPU-s \| \*\*3\.5×\*\* .* \| 5\.0× \|$/);
  });

  it('holds the fresh run to the builds side by side plus 3.0 floors', () => {
    const [met] = ratioRows({ suites: [run('fresh', 60_000, 1, 30_000)], floor, speed: '' });
    expect(met).toMatch(/≤ builds \+ 3\.0× = 60\.0 s \| met/);
    const [not] = ratioRows({ suites: [run('fresh', 60_100, 1, 30_000)], floor, speed: '' });
    expect(not).toMatch(/\*\*not met\*\*/);
  });
});
