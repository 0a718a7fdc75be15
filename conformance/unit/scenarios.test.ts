import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateProfile, type TargetProfile } from '../run/profile';
import { renderProfileSchema } from '../run/profile-schema';
import { clausesOf } from '../scenarios/clauses';
import { SCENARIO_NAMES, SCENARIOS } from '../scenarios/table';
import { ROOT } from '../../spec/root';

/**
 * The scenario table (conformance/scenarios/table.ts) is the one place a scenario is written: the
 * compiler holds each entry to every concern; these hold the files made from it, or that must
 * name it, to the table.
 */
describe('the scenario table', () => {
  it('matches spec/schemas/target-profile.schema.json (run `npm run generate` after changing the table)', () => {
    expect(readFileSync(join(ROOT, 'spec', 'schemas', 'target-profile.schema.json'), 'utf8')).toBe(renderProfileSchema());
  });

  it('has examples the schema accepts', () => {
    expect(validateProfile({ name: 'examples', scenarios: Object.fromEntries(SCENARIO_NAMES.map((name) => [name, SCENARIOS[name].example])) })).toEqual([]);
  });

  it('serves a clause of the registry with every scenario (CLAUSE_SCENARIOS in spec/clauses.ts)', () => {
    expect(SCENARIO_NAMES.filter((name) => !clausesOf(name).length)).toEqual([]);
  });

  it('is given in full by the reference site\'s profile (fixtures/targets/reference.json), so the reference run tests every clause', () => {
    const reference = JSON.parse(readFileSync(join(ROOT, 'fixtures', 'targets', 'reference.json'), 'utf8')) as TargetProfile;
    expect(SCENARIO_NAMES.filter((name) => !(name in reference.scenarios)), 'scenarios missing from fixtures/targets/reference.json').toEqual([]);
  });
});
