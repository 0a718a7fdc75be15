/**
 * docs/mutants.md's tables of the catalogue, written from mutants/catalogue/ by `npm run generate` (between
 * its `<!-- generated: … -->` markers; the prose around them is written by hand), and `npm run mutants -- --list`.
 * A unit test (catalogue-doc.test.ts) fails while the page differs from what this writes.
 */
import { NORMATIVE, type NormativeClauseId } from '../spec/clauses';
import { withGenerated } from '../spec/registry/generated-section';
import { mechanism, MUTANTS, NPM_TEST_SET, TRUTHFULNESS_NPM_TEST, type Mutant } from './catalogue';

export const MUTANTS_MD = 'docs/mutants.md';
const NOTE = 'written from mutants/catalogue/ by `npm run generate`: do not edit by hand';

/** Text for a table cell: a `|` would end the cell, `<x>` would be read as HTML and `*` as emphasis. */
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/\*/g, '\\*').replace(/\n/g, ' ');
const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;

/** A declared clause with the verdict it must get when that is not `failed` by default: "R2.9 → **untested**". */
export function declaredText(m: Mutant): string {
  const zero = m.zeroConfig?.expected;
  return m.declared.map((id) => `${m.expected?.[id] ? `${id} → **${m.expected[id]}**` : id}${zero?.[id] ? ` (zero-config: **${zero[id]}**, ${m.zeroConfig!.because})` : ''}`).join(', ');
}

/** How the mutant is delivered and what each of its edits touches, in words. */
export function editsText(m: Mutant): string {
  const whats = [...(m.rename ?? []), ...(m.text ?? []), ...(m.headers ?? [])].map((r) => r.what);
  const moved = (m.source?.moveChildren ?? []).map((x) => `${x.from}/* moved to ${x.to}/`);
  const edits = [...moved, ...whats];
  return edits.length ? `${mechanism(m)}: ${edits.join('; ')}` : mechanism(m);
}

/** The sets a mutant is run in beyond the whole catalogue. */
export function setsText(m: Mutant): string {
  const sets = [m.quick ? 'quick' : '', m.absentSubject ? 'absent subject' : '', TRUTHFULNESS_NPM_TEST.includes(m.id) ? 'truthfulness' : ''].filter(Boolean);
  if (NPM_TEST_SET.includes(m)) sets.push('npm test');
  return sets.join(', ');
}

/** Every mutant, in the catalogue's order. */
export function catalogueTable(mutants: readonly Mutant[] = MUTANTS): string {
  return [
    '| Mutant | Mode | Declared | Sets | Mechanism | Change |',
    '|---|---|---|---|---|---|',
    ...mutants.map((m) => row([m.id, m.mode, declaredText(m), setsText(m), cell(editsText(m)), cell(m.description)])),
  ].join('\n');
}

/** The mutants that take away a clause's subject: flagged `absentSubject`, or expecting the clause `untested`. */
export function absentSubjectsOf(id: NormativeClauseId, mutants: readonly Mutant[] = MUTANTS): Mutant[] {
  return mutants.filter((m) => m.declared.includes(id) && (m.absentSubject || m.expected?.[id] === 'untested'));
}

/** Per normative clause, the mutants that take its subject away (a clause with none says so). */
export function absentSubjectTable(mutants: readonly Mutant[] = MUTANTS): string {
  const rows = NORMATIVE.flatMap((c) => {
    const ms = absentSubjectsOf(c.id, mutants);
    if (!ms.length) return [row([c.id, 'none', '', '', '', ''])];
    return ms.map((m) => row([c.id, m.id, m.mode, `${m.expected?.[c.id] ?? 'failed'}`, NPM_TEST_SET.includes(m) ? 'yes' : '', cell(m.description)]));
  });
  return ['| Clause | Mutant | Mode | Expected | npm test | Why the subject is gone |', '|---|---|---|---|---|---|', ...rows].join('\n');
}

/** The sets npm test runs, in a sentence. */
export function setsSentence(mutants: readonly Mutant[] = MUTANTS): string {
  const ids = (ms: readonly Mutant[]) => ms.map((m) => m.id).join(', ');
  const quick = mutants.filter((m) => m.quick);
  const absent = mutants.filter((m) => m.absentSubject?.npmTest);
  const truth = mutants.filter((m) => TRUTHFULNESS_NPM_TEST.includes(m.id));
  return [
    `${mutants.length} mutants. Quick set (\`--quick\`, ${quick.length}): ${ids(quick)}.`,
    `Absent-subject set run by npm test (\`--absent-subject\`, ${absent.length}): ${ids(absent)}.`,
    `Truthfulness mutants run by npm test (${truth.length}): ${ids(truth)}.`,
    `\`--npm-test\` runs these three sets in one pool: ${NPM_TEST_SET.length} mutants.`,
  ].join('\n');
}

/** docs/mutants.md with its generated sections written from the catalogue. */
export function withCatalogue(doc: string, mutants: readonly Mutant[] = MUTANTS): string {
  let out = withGenerated(doc, 'catalogue', NOTE, catalogueTable(mutants), MUTANTS_MD);
  out = withGenerated(out, 'sets', NOTE, setsSentence(mutants), MUTANTS_MD);
  return withGenerated(out, 'absent subjects', NOTE, absentSubjectTable(mutants), MUTANTS_MD);
}
