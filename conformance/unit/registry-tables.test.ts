import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLAUSES } from '../../spec/clauses';
import { DISCOVERY_MD, withScenarioClauses } from '../../spec/registry/scenario-clauses-md';
import { renderSiteClauseIds, SITE_CLAUSE_IDS } from '../../spec/registry/site-clauses';
import { ROOT } from '../harness/paths';
import { clausesOf } from '../scenarios/clauses';
import { SCENARIO_NAMES } from '../scenarios/table';

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

describe('lists of the registry\'s pending clauses', () => {
  it('are the same in spec/schemas/observations.schema.json (its propertyNames)', () => {
    const schema = JSON.parse(read('spec/schemas/observations.schema.json')) as { propertyNames: { enum: string[] } };
    expect(schema.propertyNames.enum, 'spec/schemas/observations.schema.json\'s propertyNames must list the registry\'s pending clauses, in its order: edit the enum').toEqual(pending);
  });
});
