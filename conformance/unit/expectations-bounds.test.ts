import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_EXPECTATIONS_BYTES, expectationFor, resolveExpectations, withoutReplaced, type Expectation } from '../expectations/model';
import { renderMarkdown } from '../report/markdown';
import { report, test, tests } from './report-fixture';

// Expectations are deduplicated on load and their file is bounded: 52,000 repeated entries once made 54 MB reports.
const dir = mkdtempSync(join(tmpdir(), 'expectations-bounds-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const e = (clause: string, reason: string, mode?: 'static' | 'server'): Expectation => ({ clause, verdict: 'failed', reason, ...(mode ? { mode } : {}) });

describe('expectations deduplicated and bounded', () => {
  it('keeps, in order, only the entries the gate can apply: the last per clause and mode, or for every mode', () => {
    const list = [e('R2.5', 'a'), e('K9.5', 'b', 'static'), e('R2.5', 'c', 'server'), e('K9.5', 'd'), e('R2.5', 'e'), e('K9.5', 'f', 'server')];
    expect(withoutReplaced(list).map((x) => x.reason)).toEqual(['d', 'e', 'f']);
    // What the gate takes is the same for every clause and mode, with or without the rest.
    for (const clause of ['R2.5', 'K9.5']) for (const mode of ['static', 'server'] as const) expect(expectationFor(withoutReplaced(list), clause, mode)).toBe(expectationFor(list, clause, mode));
  });

  const repeated = (n: number) => JSON.stringify(Array.from({ length: n }, () => ({ clause: 'K9.5', verdict: 'failed', reason: 'four in flight' })));
  it('5,000 repeated entries load as one, and the report lists none of the rest', () => {
    const file = join(dir, 'repeated.json');
    writeFileSync(file, repeated(5_000));
    const loaded = withoutReplaced(resolveExpectations([file], dir, new Map(), dir));
    expect(loaded).toHaveLength(1);
    const r = report(tests(['static', 'server'], { 'K9.5': (m) => [test(m, 'K9.5', 'failed', { reason: 'observed 4 in flight' })] }), { expectations: loaded });
    expect(r.gate.passed).toBe(true);
    expect(renderMarkdown(r).length).toBeLessThan(40_000);
  });

  it('refuses a file over 1 MiB in one sentence, naming it (52,000 repeated entries: 3.1 MiB)', () => {
    const file = join(dir, 'huge.json');
    writeFileSync(file, repeated(52_000));
    expect(() => resolveExpectations([file], dir, new Map(), dir)).toThrow(/^Expectations file huge\.json is 3\.1 MiB, over the 1 MiB an expectations file may hold \(the gate reads one entry per clause or part and mode\): remove the repeated entries\.$/);
    writeFileSync(file, `[${' '.repeat(MAX_EXPECTATIONS_BYTES - 2)}]`);
    expect(resolveExpectations([file], dir, new Map(), dir)).toEqual([]);
  });
});
