import { afterEach, describe, expect, it, vi } from 'vitest';
import { validateConfig } from '../config/load';
import { settle } from '../config/apply';
import { parseRunArgs, UsageError } from '../run/args';
import { factorOf, measureMachine, REFERENCE_SPEED } from '../run/machine-speed';
import { describeBound, describeSlow, parseSlow, patience, resolveSlow, useSlow, type SlowFactor } from '../run/slow';
import { sample, within } from '../observers/sample';

afterEach(() => useSlow(undefined));

describe('the harness\'s patience scales with the machine (issue 38)', () => {
  it('a measurement gives the larger ratio, rounded up to a tenth, kept within 1–4', () => {
    expect(factorOf({ computeRatio: 0.8, nodeStartRatio: 0.9 })).toBe(1);
    expect(factorOf({ computeRatio: 2.34, nodeStartRatio: 1.2 })).toBe(2.4);
    expect(factorOf({ computeRatio: 1.1, nodeStartRatio: 2.5 })).toBe(2.5);
    expect(factorOf({ computeRatio: 9, nodeStartRatio: 3 })).toBe(4);
  });

  it('--slow over the config\'s slow; auto or nothing measures', async () => {
    const measure = vi.fn(async () => ({ computeMs: 900, threads: 2, nodeStartMs: 70, computeRatio: 2.2, nodeStartRatio: 1.08, load1: 3.1, cores: 2, tookMs: 900 }));
    expect(await resolveSlow(3, 2, measure)).toEqual({ factor: 3, source: 'flag' });
    expect(await resolveSlow(undefined, 2, measure)).toEqual({ factor: 2, source: 'config' });
    expect(measure).not.toHaveBeenCalled();
    expect(await resolveSlow('auto', 2, measure)).toMatchObject({ factor: 2.2, source: 'measured', machine: { load1: 3.1 } });
    expect(await resolveSlow(undefined, undefined, measure)).toMatchObject({ factor: 2.2, source: 'measured' });
  });

  it('every bound of the harness is its reference figure × the factor, and says so', () => {
    expect(patience(15_000)).toBe(15_000);
    expect(describeBound(15_000)).toBe('15 s');
    useSlow({ factor: 2, source: 'flag' });
    expect(patience(15_000)).toBe(30_000);
    expect(describeBound(15_000)).toBe('30 s (15 s × 2, the harness\'s patience on this machine)');
  });

  it('the helpers that take a bound scale it themselves: within() and sample() wait the scaled time', async () => {
    useSlow({ factor: 3, source: 'flag' });
    // On a fake clock: the time they waited is counted, not measured, so a busy machine cannot move it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    try {
      let t = Date.now();
      const gaveUp = within(60, () => false);
      await vi.runAllTimersAsync();
      expect(await gaveUp).toBe(false);
      // 60 ms × 3, polled every 50 ms: it gives up at the first poll past 180 ms.
      expect(Date.now() - t).toBe(200);
      t = Date.now();
      const last = sample(async () => 1, () => false, 60, 10);
      await vi.runAllTimersAsync();
      expect(await last).toBe(1);
      expect(Date.now() - t).toBe(180);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the report\'s words name the factor and where it came from', () => {
    const measured: SlowFactor = { factor: 2.2, source: 'measured', machine: { computeMs: 900, threads: 2, nodeStartMs: 70, computeRatio: 2.2, nodeStartRatio: 1.08, load1: 3.1, cores: 2, tookMs: 950 } };
    expect(describeSlow(measured)).toMatch(/^× 2\.2, measured at the start: reference work took 2\.2× as long on 2 thread\(s\).*load of 3\.1 on 2 cores/);
    expect(describeSlow({ factor: 2, source: 'flag' })).toBe('× 2, given with --slow');
  });

  it('the flag and the config key take 1–10 or auto; anything else is refused in one sentence', () => {
    expect(parseRunArgs(['--slow', '2.5']).slow).toBe(2.5);
    expect(parseRunArgs(['--slow', 'auto']).slow).toBe('auto');
    for (const bad of ['0', '0.5', '11', 'fast']) expect(() => parseRunArgs(['--slow', bad])).toThrow(UsageError);
    expect(parseSlow(1)).toBe(1);
    expect(validateConfig({ slow: 2 })).toEqual([]);
    expect(validateConfig({ slow: 'auto' })).toEqual([]);
    expect(validateConfig({ slow: 0 }).join('; ')).toMatch(/slow/);
    expect(settle(parseRunArgs(['--slow', '3']), { file: '/c.json', dir: '/', config: { slow: 2 } }, '/').slow).toEqual({ flag: 3, config: 2 });
  });

  it('the measurement compares with the figures docs/benchmarks.md was written with', async () => {
    // Its figures are whatever this machine gives now: present, positive, and consistent with each other.
    const m = await measureMachine(1);
    expect(m.computeMs).toBeGreaterThan(0);
    expect(m.tookMs).toBeGreaterThan(0);
    expect(m.computeRatio).toBeCloseTo(m.computeMs / REFERENCE_SPEED.computeMs, 1);
  });
});
