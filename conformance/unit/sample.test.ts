import { describe, expect, it } from 'vitest';
import { sameAddress } from '../observers/navigation';
import { sample } from '../observers/sample';

describe('sample', () => {
  it('returns the first reading that holds', async () => {
    let n = 0;
    expect(await sample(async () => ++n, (v) => v === 3, 2_000, 1)).toBe(3);
  });
  it('returns the last reading when the time runs out', async () => {
    expect(await sample(async () => 'same', () => false, 50, 10)).toBe('same');
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
