import { describe, expect, it } from 'vitest';
import { defaultWorkers, workersPerMode } from '../run/workers';

// How the suite's worker pool is shared by the two modes' clause projects (conformance/run/workers.ts).
describe('workers per mode', () => {
  it('a run of one mode keeps the whole pool', () => {
    expect(workersPerMode(1, undefined, 2)).toBeUndefined();
    expect(workersPerMode(1, 3, 2)).toBeUndefined();
  });
  it('two modes share the default pool, or the one asked for, while each keeps 2 or more', () => {
    expect(defaultWorkers(2)).toBe(4);
    expect(defaultWorkers(2, 2)).toBe(6);
    expect(defaultWorkers(1, 2)).toBe(3);
    expect(defaultWorkers(8, 2)).toBe(6);
    expect(workersPerMode(2, undefined, 2)).toBe(3);
    expect(workersPerMode(2, undefined, 1)).toBeUndefined();
    expect(workersPerMode(2, 4, 2)).toBe(2);
    expect(workersPerMode(2, 5, 2)).toBe(2);
    // One each would leave a mode's long tests in a row (the matrix's 2 workers per run): shared pool.
    expect(workersPerMode(2, 3, 2)).toBeUndefined();
    expect(workersPerMode(2, 2, 2)).toBeUndefined();
    expect(workersPerMode(2, 1, 2)).toBeUndefined();
  });
  it('a percentage is of the cores, as Playwright reads it', () => {
    expect(workersPerMode(2, '100%', 8)).toBe(4);
    expect(workersPerMode(2, '50%', 8)).toBe(2);
    expect(workersPerMode(2, '50%', 2)).toBeUndefined();
  });
});
