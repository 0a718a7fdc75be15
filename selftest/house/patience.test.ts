import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../spec/root';
import { filesUnder } from './repo-files';

/** The harness's patience (conformance/run/slow.ts): every bound of its own scales with the machine; a house rule over its files. */
describe('no bound of the harness is a bare literal (each goes through patience())', () => {
  // A Playwright option, an AbortSignal, orLate() or test.setTimeout() given a number as written is a
  // bound that would not fit a slow machine; the spec's own times never go through these.
  const BARE = /\btimeout:\s*\d|AbortSignal\.timeout\(\s*\d|orLate\(\s*\d|\.setTimeout\(\s*\d|waitForTimeout\(\s*\d{4}/;
  const dirs = ['conformance/harness', 'conformance/observers', 'conformance/setup', 'conformance/tests', 'conformance/discovery', 'conformance/preflight'];
  it.each(dirs)('%s', (dir) => {
    const offending = filesUnder(dir).filter((f) => f.endsWith('.ts')).flatMap((f) => readFileSync(join(ROOT, f), 'utf8').split('\n')
      .map((line, i) => ({ line, at: `${f}:${i + 1}` }))
      .filter(({ line }) => BARE.test(line) && !/^\s*(\/\/|\*)/.test(line)).map(({ at, line }) => `${at}: ${line.trim()}`));
    expect(offending).toEqual([]);
  });
});
