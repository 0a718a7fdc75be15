import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLAUSES, NORMATIVE } from '../clauses';
import { contentHash, quoteHash } from './hash';
import { renderSpecMarkdown } from './spec-md';
import { ROOT } from '../root';

const seed = readFileSync(join(ROOT, 'spec', 'seed-spec.md'), 'utf8');

// The IDs other tools depend on (fixed by the harness issue): never renumber.
const FIXED_NORMATIVE = ['R2.2', 'R2.3', 'R2.4', 'R2.5', 'R2.6', 'R2.7', 'R2.8', 'R2.9', 'C7.2', 'C7.3', 'C7.4', 'C7.5', 'K9.1', 'K9.2', 'K9.3', 'K9.4', 'K9.5'];
const FIXED_PENDING = ['P1', 'R2.1', 'E3', 'S4', 'V5', 'A6', 'C7.1', 'X8', 'K9.0'];

describe('clause registry', () => {
  it('has unique IDs', () => {
    const ids = CLAUSES.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  // New clauses take new IDs; these stay, with their kind.
  it('keeps the fixed normative and pending IDs', () => {
    expect(FIXED_NORMATIVE.filter((id) => !NORMATIVE.some((c) => c.id === id))).toEqual([]);
    expect(FIXED_PENDING.filter((id) => !CLAUSES.some((c) => c.id === id && c.kind === 'pending'))).toEqual([]);
  });

  it.each(CLAUSES.map((c) => [c.id, c] as const))('%s quotes the seed verbatim and its hash matches', (_id, c) => {
    for (const q of c.quote) expect(seed, `quote not found in spec/seed-spec.md: ${q}`).toContain(q);
    expect(c.hash, `the seed text of ${c.id} changed: review its tests, then update the hash`).toBe(quoteHash(c.quote));
  });

  it('gives every pending clause its open questions and the evidence needed', () => {
    for (const c of CLAUSES.filter((x) => x.kind === 'pending')) {
      expect(c.questions?.length, c.id).toBeGreaterThan(0);
      expect(c.evidenceNeeded?.length, c.id).toBeGreaterThan(0);
    }
  });

  it('says how every normative clause is tested, and why a mode is left out', () => {
    for (const c of NORMATIVE) {
      expect(c.howTested, c.id).toBeTruthy();
      for (const m of ['static', 'server'] as const) if (!c.modes.includes(m)) expect(c.inapplicableBecause?.[m], `${c.id} ${m}`).toBeTruthy();
    }
  });

  it('names the subject of every normative part, and of every normative clause without parts (a pass needs its subject)', () => {
    for (const c of NORMATIVE) {
      if (c.parts?.length) for (const p of c.parts) expect(p.subject, `${c.id}/${p.id}`).toBeTruthy();
      else expect(c.subject, c.id).toBeTruthy();
    }
  });

  it('matches spec/spec.md (run `npm run generate` after changing spec/clauses.ts)', () => {
    expect(readFileSync(join(ROOT, 'spec', 'spec.md'), 'utf8')).toBe(renderSpecMarkdown(CLAUSES));
  });

  // The seed as it was given to the project (sha256 of spec/seed-spec.md). Checked in any clone: editing the
  // seed is changing the spec, so the clauses and their hashes are reviewed first, then this pin.
  it('works from the seed as given', () => {
    expect(contentHash(seed), 'spec/seed-spec.md changed: review the clauses quoting it, then update this pin').toBe('e64a0812b1f1cfea9f072811c7553c0e0b51b01e430bbbbfeeb54869b02ab3cc');
  });
});
