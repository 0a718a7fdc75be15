import { describe, expect, it } from 'vitest';
import { parseOptions } from './options';
import { QUIET_LOAD, voidLoad } from './quiet';

describe('the bench on a busy machine (issue 24)', () => {
  it('marks a section void when its load at start was above the quiet limit', () => {
    expect(QUIET_LOAD).toBe(1);
    expect(voidLoad('0.42 / 1.80 / 3.00')).toBe(false);
    expect(voidLoad('1.00 / 2.00 / 3.00')).toBe(false);
    expect(voidLoad('1.01 / 0.50 / 0.20')).toBe(true);
    expect(voidLoad('3.10 / 2.00 / 1.00 → 0.50 / 1.00 / 1.00')).toBe(true);
    expect(voidLoad('0.20 / 0.30 / 0.40 → 2.50 / 1.00 / 1.00')).toBe(false);
    expect(voidLoad('n/a')).toBe(false);
  });
  it('waits 180 s for quiet by default, refuses bad values in one sentence', () => {
    expect(parseOptions([])).toMatchObject({ waitQuiet: 180, allowLoad: false });
    expect(parseOptions(['--wait-quiet', '0', '--allow-load'])).toMatchObject({ waitQuiet: 0, allowLoad: true });
    expect(() => parseOptions(['--wait-quiet', 'soon'])).toThrow(/^--wait-quiet needs a number of seconds/);
  });
});
