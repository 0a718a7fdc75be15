import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLAUSE_SCENARIOS, NORMATIVE, type NormativeClauseId } from '../../spec/clauses';
import { ROOT } from '../../spec/root';

/**
 * The registry's CLAUSE_SCENARIOS says which profile scenarios each clause is tested on (pre-flight,
 * the schema and the matrix read it): it must be what the clause's test files ask for —
 * `scenario('…')` / `scenarioFor(…, '…', …)` in conformance/tests/<ID>-*.spec.ts and in the helpers
 * of conformance/tests/ they import.
 */
const TESTS = join(ROOT, 'conformance', 'tests');

/** Scenario names a source text asks for. */
export function scenariosAskedFor(text: string): string[] {
  return [...text.matchAll(/\bscenario(?:For)?\(\s*(?:[^'"(),]+,\s*)?'(\w+)'/g)].map((m) => m[1]);
}

/** Per clause, the scenarios its test files (and the helpers beside them they import) ask for. */
function askedByTests(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const file of readdirSync(TESTS).filter((f) => f.endsWith('.spec.ts'))) {
    const id = file.split('-')[0];
    const text = readFileSync(join(TESTS, file), 'utf8');
    const helpers = [...text.matchAll(/from '\.\/([\w-]+)'/g)].map((m) => readFileSync(join(TESTS, `${m[1]}.ts`), 'utf8'));
    const set = out.get(id) ?? new Set<string>();
    for (const s of [text, ...helpers].flatMap(scenariosAskedFor)) set.add(s);
    out.set(id, set);
  }
  return out;
}

export function mismatches(registry: Record<string, readonly string[]>, asked: Map<string, Set<string>>, ids: readonly string[]): string[] {
  return ids.flatMap((id) => {
    const listed = new Set(registry[id] ?? []);
    const used = asked.get(id) ?? new Set<string>();
    return [
      ...[...used].filter((s) => !listed.has(s)).map((s) => `${id}'s tests ask for scenario ${s}: add it to ${id}'s scenarios in spec/clauses/`),
      ...[...listed].filter((s) => !used.has(s)).map((s) => `${id}'s scenarios (spec/clauses/) name ${s}, which no test of ${id} asks for: take it off`),
    ];
  });
}

describe('each normative clause\'s scenarios (spec/clauses/, joined as CLAUSE_SCENARIOS)', () => {
  it('names exactly the scenarios each clause\'s tests ask for', () => {
    expect(mismatches(CLAUSE_SCENARIOS, askedByTests(), NORMATIVE.map((c) => c.id))).toEqual([]);
  });

  it('goes red both ways', () => {
    expect(scenariosAskedFor("target.scenario('pageData'); scenarioFor(target.profile, 'navigation', mode)?.chain")).toEqual(['pageData', 'navigation']);
    const registry: Partial<Record<NormativeClauseId, readonly string[]>> = { 'C7.4': ['pageData', 'sitePages'] };
    expect(mismatches(registry as Record<string, readonly string[]>, new Map([['C7.4', new Set(['pageData', 'navigation'])]]), ['C7.4'])).toEqual([
      'C7.4\'s tests ask for scenario navigation: add it to C7.4\'s scenarios in spec/clauses/',
      'C7.4\'s scenarios (spec/clauses/) name sitePages, which no test of C7.4 asks for: take it off',
    ]);
  });
});
