import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLAUSES } from '../../spec/clauses';
import { DISCOVERY_MD, withScenarioClauses } from '../../spec/registry/scenario-clauses-md';
import { renderSiteClauseIds, SITE_CLAUSE_IDS } from '../../spec/registry/site-clauses';
import { clausesOf } from '../scenarios/clauses';
import { SCENARIO_NAMES } from '../scenarios/table';
import { ROOT } from '../../spec/root';

/**
 * What restates the clause registry elsewhere is generated from it (`npm run generate`) or held to it here;
 * spec/spec.md's own check is in registry.test.ts, the mutant catalogue's page in mutants/catalogue-doc.test.ts.
 */
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const RUN = 'out of step with the registry (spec/clauses/): run `npm run generate`';
const pending = CLAUSES.filter((c) => c.kind === 'pending').map((c) => c.id);

describe('tables generated from the registry', () => {
  it(`matches ${SITE_CLAUSE_IDS}, the site's copy of the clause IDs (run \`npm run generate\` after changing spec/clauses/)`, () => {
    expect(read(SITE_CLAUSE_IDS), `${SITE_CLAUSE_IDS} is ${RUN}`).toBe(renderSiteClauseIds(CLAUSES));
  });

  it(`matches the Clauses column of ${DISCOVERY_MD}'s scenario table (run \`npm run generate\` after changing a clause's scenarios)`, () => {
    const doc = read(DISCOVERY_MD);
    expect(doc, `${DISCOVERY_MD}'s table "Where each scenario comes from" is ${RUN}`).toBe(withScenarioClauses(doc));
  });

  it('reads the scenarios the same way round as the suite does (conformance/scenarios/clauses.ts)', () => {
    const doc = withScenarioClauses(read(DISCOVERY_MD));
    for (const name of SCENARIO_NAMES) expect(doc, name).toContain(`| ${name} | ${clausesOf(name).join(', ')} |`);
  });

  it('goes red on a row out of step, a scenario without a row and a row of no scenario', () => {
    const doc = [
      '<!-- generated: scenario clauses — x -->', '', '| Scenario | Clauses | What discovery takes |', '|---|---|---|',
      '| navigation | R2.7 | a chain of pages \\| with a pipe |', '', '<!-- end generated -->', 'after',
    ].join('\n');
    const byScenario = new Map([['navigation', ['R2.6', 'R2.7']]]);
    expect(withScenarioClauses(doc, byScenario)).toContain('| navigation | R2.6, R2.7 | a chain of pages \\| with a pipe |\n\n<!-- end generated -->\nafter');
    expect(() => withScenarioClauses(doc, new Map([...byScenario, ['scroll', ['R2.8']]]))).toThrow(/no row for the scenario\(s\) scroll: add one/);
    expect(() => withScenarioClauses(doc, new Map([['scroll', ['R2.8']]]))).toThrow(/the row "navigation" is no scenario the registry names/);
    expect(() => withScenarioClauses('no markers', byScenario)).toThrow(/lacks the opening marker/);
  });
});

/**
 * Mentions of a scenario with the clause it fills — "`realStatuses.postToStatic` (R2.3 405" — that the registry does
 * not bear out: a clause the scenario does not serve, or a status row (a numeric part) the clause does not have.
 */
export function scenarioMentionProblems(file: string, text: string): string[] {
  return [...text.matchAll(/`(\w+)(?:\.\w+)?` \(([A-Z]\d\.\d)(?: (\d+)\b)?/g)].flatMap(([all, name, id, row]) => {
    const scenario = SCENARIO_NAMES.find((x) => x === name);
    if (!scenario) return [];
    const serves = clausesOf(scenario);
    if (!serves.some((x) => x === id)) return [`${file}: "${all}": the registry ties ${name} to ${serves.join(', ')}, not ${id}`];
    const parts = CLAUSES.find((c) => c.id === id)?.parts ?? [];
    return row && !parts.some((p) => p.id === row) ? [`${file}: "${all}": ${id} has no part ${row}`] : [];
  });
}

describe('clause IDs named in hand-written tables and prose', () => {
  it('name, after a scenario, a clause (and part) it serves', () => {
    const docs = ['README.md', 'docs/discovery.md', 'docs/implementations.md', 'docs/routes.md', 'docs/truthful-verdicts.md', 'docs/report.md', 'fixtures/implementations/README.md'];
    expect(docs.flatMap((f) => scenarioMentionProblems(f, read(f)))).toEqual([]);
    expect(scenarioMentionProblems('x.md', '`prefetch` (K9.4), `statusPages.404` (R2.3 404), `navigation` (K9.5), `statusPages` (R2.3 499')).toEqual([
      'x.md: "`navigation` (K9.5": the registry ties navigation to R2.6, R2.7, R2.9, C7.4, not K9.5', 'x.md: "`statusPages` (R2.3 499": R2.3 has no part 499',
    ]);
  });
});

describe('lists of the registry\'s pending clauses', () => {
  it('are the same in spec/schemas/observations.schema.json (its propertyNames)', () => {
    const schema = JSON.parse(read('spec/schemas/observations.schema.json')) as { propertyNames: { enum: string[] } };
    expect(schema.propertyNames.enum, 'spec/schemas/observations.schema.json\'s propertyNames must list the registry\'s pending clauses, in its order: edit the enum').toEqual(pending);
  });
});
