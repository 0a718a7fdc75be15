import { describe, expect, it } from 'vitest';
import { cappedWorkers, defaultWorkers, maxWorkers, workersPerMode } from '../run/workers';

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

describe('workers within what the machine can run', () => {
  it('keeps what fits, up to three per core (never below the default of both modes)', () => {
    expect(maxWorkers(2)).toBe(6);
    expect(maxWorkers(1)).toBe(3);
    expect(maxWorkers(16)).toBe(48);
    expect(cappedWorkers(undefined, 2)).toEqual({ workers: undefined });
    expect(cappedWorkers(6, 2)).toEqual({ workers: 6 });
    expect(cappedWorkers('300%', 2)).toEqual({ workers: '300%' });
  });
  it('cuts more to the cap and says so in one line', () => {
    const n = cappedWorkers(1000, 2);
    expect(n.workers).toBe(6);
    expect(n.note).toBe('Workers: 6, not the 1000 asked for — this machine has 2 cores, and past 3 a core workers only queue for them.');
    expect(cappedWorkers('5000%', 2).workers).toBe(6);
    expect(cappedWorkers(7, 1).note).toContain('1 core,');
  });
});
