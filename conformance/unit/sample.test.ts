import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sameAddress } from '../observers/navigation';
import { sample } from '../observers/sample';
import { useSlow } from '../run/slow';

describe('sample', () => {
  // Bounds as written: whatever patience another test file of this process left set.
  beforeEach(() => useSlow({ factor: 1, source: 'flag' }));
  afterEach(() => useSlow(undefined));
  it('returns the first reading that holds', async () => {
    let n = 0;
    expect(await sample(async () => ++n, (v) => v === 3, 2_000, 1)).toBe(3);
  });
  it('returns the last reading when the time runs out', async () => {
    expect(await sample(async () => 'same', () => false, 50, 10)).toBe('same');
  });
  it('reads every 100 ms for the first second, then every 300 ms, the last reading when the bound runs out', async () => {
    // On a fake clock: each reading's time is counted, not measured, so a busy machine cannot move it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    try {
      const at: number[] = [];
      const t = Date.now();
      const done = sample(async () => at.push(Date.now() - t), () => false, 2_500);
      await vi.runAllTimersAsync();
      await done;
      // 0, 100, …, 1000 ms, then 1300, 1600, … and the last at the bound: 16 readings, where 100 ms throughout took 26.
      expect(at).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1300, 1600, 1900, 2200, 2500]);
    } finally {
      vi.useRealTimers();
    }
  });
  it('tries a reading that throws again, and throws it when the time runs out', async () => {
    let n = 0;
    expect(await sample(async () => { if (++n < 3) throw new Error('replaced'); return n; }, () => true, 2_000, 1)).toBe(3);
    await expect(sample(async () => { throw new Error('gone'); }, () => true, 30, 10)).rejects.toThrow('gone');
  });
});

describe('sameAddress', () => {
  it('compares origin, path and query; a trailing slash and the hash aside', () => {
    expect(sameAddress('http://h/about/', '/about')).toBe(true);
    expect(sameAddress('http://h/about#x', 'http://h/about')).toBe(true);
    expect(sameAddress('http://h/', '/')).toBe(true);
    expect(sameAddress('http://h/a?x=1', '/a?x=1')).toBe(true);
    expect(sameAddress('http://h/a?x=1', '/a')).toBe(false);
    expect(sameAddress('http://h/%C3%BCber', '/über')).toBe(true);
    expect(sameAddress('http://h/a', 'http://other/a')).toBe(false);
  });
});
