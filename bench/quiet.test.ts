import { describe, expect, it } from 'vitest';
import { parseOptions } from './options';
import { QUIET_LOAD } from './quiet';

describe('the bench on a busy machine (issue 24)', () => {
  it('waits 180 s for quiet by default (load at most 1.0), refuses bad values in one sentence', () => {
    expect(QUIET_LOAD).toBe(1);
    expect(parseOptions([])).toMatchObject({ waitQuiet: 180, allowLoad: false });
    expect(parseOptions(['--wait-quiet', '0', '--allow-load'])).toMatchObject({ waitQuiet: 0, allowLoad: true });
    expect(() => parseOptions(['--wait-quiet', 'soon'])).toThrow(/^--wait-quiet needs a number of seconds/);
  });
});
