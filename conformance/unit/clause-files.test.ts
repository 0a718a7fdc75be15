import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLAUSES, type Clause } from '../../spec/clauses';
import { ROOT } from '../../spec/root';

/**
 * A clause is declared once: a test file is named `<clause ID>-<slug>.spec.ts`, declares that clause
 * once through describeClause (title, tag and quote come from the registry) and writes no tag by
 * hand; every normative clause has a test file, a pending or informative clause none. Other files
 * in conformance/tests/ are shared modules and declare no clause.
 */
interface TestFile { name: string; text: string }

const SPEC_FILE = /^([A-Z]\d+(?:\.\d+)?)-[a-z0-9]+(?:-[a-z0-9]+)*\.spec\.ts$/;
const SHARED_MODULE = /^[a-z0-9]+(?:-[a-z0-9]+)*\.ts$/;
/** A tag written as a string ('@K9.5', "@R2.2", `@C7.3`): only describeClause writes tags. */
const HAND_TAG = /['"`]@[A-Z]\d/;

function clauseFileProblems(files: readonly TestFile[], clauses: readonly Pick<Clause, 'id' | 'kind'>[]): string[] {
  const problems: string[] = [];
  const tested = new Set<string>();
  for (const { name, text } of files) {
    if (HAND_TAG.test(text)) problems.push(`${name}: writes a tag by hand; describeClause gives the clause's tag`);
    const calls = [...text.matchAll(/\bdescribeClause\(\s*(?:'([^']*)'|"([^"]*)")?/g)].map((m) => m[1] ?? m[2]);
    const spec = SPEC_FILE.exec(name);
    if (!spec) {
      if (name.endsWith('.spec.ts') || !SHARED_MODULE.test(name)) problems.push(`${name}: not named <clause ID>-<slug>.spec.ts (or a shared module <name>.ts)`);
      else if (calls.length) problems.push(`${name}: a shared module declares a clause`);
      continue;
    }
    const id = spec[1];
    const clause = clauses.find((c) => c.id === id);
    if (!clause) problems.push(`${name}: no clause ${id} in spec/clauses.ts`);
    else if (clause.kind !== 'normative') problems.push(`${name}: ${id} is ${clause.kind}, and only normative clauses have tests`);
    if (calls.length !== 1 || calls[0] !== id) {
      const found = calls.map((c) => (c === undefined ? 'describeClause(<not a literal>)' : `describeClause('${c}')`));
      problems.push(`${name}: must call describeClause('${id}', …) once; found ${found.length}${found.length ? `: ${found.join(', ')}` : ''}`);
    }
    tested.add(id);
  }
  for (const c of clauses) if (c.kind === 'normative' && !tested.has(c.id)) problems.push(`${c.id}: normative, but no conformance/tests/${c.id}-<slug>.spec.ts`);
  return problems;
}

function testFiles(): TestFile[] {
  const dir = join(ROOT, 'conformance', 'tests');
  return readdirSync(dir).sort().map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));
}

describe('clause files', () => {
  it('conformance/tests/: one clause per file, declared once, and every normative clause tested', () => {
    expect(clauseFileProblems(testFiles(), CLAUSES)).toEqual([]);
  });

  describe('catches', () => {
    const clauses = [{ id: 'K9.4', kind: 'normative' }, { id: 'K9.5', kind: 'normative' }, { id: 'K9.0', kind: 'pending' }] as const;
    const ok = [
      { name: 'K9.4-expiry.spec.ts', text: "describeClause('K9.4', ({ parts }) => {});" },
      { name: 'K9.5-concurrency.spec.ts', text: "describeClause('K9.5', () => {});" },
      { name: 'shared.ts', text: 'export const x = 1;' },
    ];
    const problems = (change: (files: TestFile[]) => TestFile[]) => clauseFileProblems(change(ok.map((f) => ({ ...f }))), clauses);

    it('nothing in a well-formed folder', () => {
      expect(problems((f) => f)).toEqual([]);
    });
    it('a file name that is not <clause ID>-<slug>.spec.ts', () => {
      expect(problems((f) => [...f, { name: 'K9_4 expiry.spec.ts', text: '' }])).toEqual(['K9_4 expiry.spec.ts: not named <clause ID>-<slug>.spec.ts (or a shared module <name>.ts)']);
    });
    it('a describeClause with another clause than the file name, or twice, or none', () => {
      expect(problems(([a, b, c]) => [{ ...a, text: "describeClause('K9.5', () => {});" }, b, c])).toEqual([expect.stringContaining("K9.4-expiry.spec.ts: must call describeClause('K9.4', …) once")]);
      expect(problems(([a, b, c]) => [{ ...a, text: a.text + a.text }, b, c])).toEqual([expect.stringContaining('found 2')]);
      expect(problems(([a, b, c]) => [{ ...a, text: "test.describe('K9.4 …', () => {});" }, b, c])).toHaveLength(1);
    });
    it('a tag written by hand', () => {
      expect(problems(([a, b, c]) => [{ ...a, text: `${a.text}\ntest('x', { tag: '@K9.4' }, () => {});` }, b, c])).toEqual([expect.stringContaining('writes a tag by hand')]);
    });
    it('a normative clause without a test file, and a test file for a pending clause', () => {
      expect(problems(([a, , c]) => [a, c])).toEqual(['K9.5: normative, but no conformance/tests/K9.5-<slug>.spec.ts']);
      expect(problems((f) => [...f, { name: 'K9.0-limits.spec.ts', text: "describeClause('K9.0', () => {});" }])).toEqual(['K9.0-limits.spec.ts: K9.0 is pending, and only normative clauses have tests']);
    });
    it('a clause declared in a shared module', () => {
      expect(problems(([a, b, c]) => [a, b, { ...c, text: "describeClause('K9.4', () => {});" }])).toEqual(['shared.ts: a shared module declares a clause']);
    });
  });
});
