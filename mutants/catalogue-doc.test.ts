import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NORMATIVE } from '../spec/clauses';
import { MUTANTS, type Mutant } from './catalogue';
import { absentSubjectsOf, catalogueTable, declaredText, MUTANTS_MD, setsSentence, withCatalogue } from './catalogue-doc';
import { ROOT } from '../spec/root';

/** docs/mutants.md restates the catalogue only in its generated sections, written from mutants/catalogue/. */
describe('docs/mutants.md', () => {
  const doc = readFileSync(join(ROOT, MUTANTS_MD), 'utf8');

  it('matches the catalogue (run `npm run generate` after changing mutants/catalogue/)', () => {
    expect(doc, `${MUTANTS_MD}'s tables are out of step with mutants/catalogue/: run \`npm run generate\``).toBe(withCatalogue(doc));
  });

  it('has a row for every mutant, and a row of absent subjects for every normative clause', () => {
    for (const m of MUTANTS) expect(doc).toContain(`| ${m.id} | ${m.mode} | `);
    for (const c of NORMATIVE) expect(doc).toMatch(new RegExp(`\\n\\| ${c.id.replace('.', '\\.')} \\| `));
  });

  it('goes red when a row differs, and writes what the catalogue says', () => {
    const m: Mutant = { id: 'K9.5-x', mode: 'static', declared: ['K9.5', 'K9.4'], expected: { 'K9.4': 'untested' }, description: 'Runs <n> at a time | twice.', quick: true, text: [{ what: 'queue *5*', path: /x/, find: /5/, replace: '8' }] };
    expect(declaredText(m)).toBe('K9.5, K9.4 → **untested**');
    expect(catalogueTable([m])).toContain('| K9.5-x | static | K9.5, K9.4 → **untested** | quick | export copy (rewrite): queue \\*5\\* | Runs &lt;n> at a time \\| twice. |');
    expect(absentSubjectsOf('K9.4', [m])).toEqual([m]);
    expect(absentSubjectsOf('K9.5', [m])).toEqual([]);
    expect(setsSentence([m])).toContain('Quick set (`--quick`, 1): K9.5-x.');
    const fresh = withCatalogue(doc);
    const edited = fresh.replace(/\| K9\.5-concurrency-8 \| static \| K9\.5 \|/, '| K9.5-concurrency-8 | server | K9.5 |');
    expect(edited).not.toBe(fresh);
    expect(withCatalogue(edited)).toBe(fresh);
  });
});
