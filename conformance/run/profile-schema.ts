import { clausesOf } from '../scenarios/clauses';
import { DEFINITIONS, type JsonObject } from '../scenarios/schema';
import { SCENARIO_NAMES, SCENARIOS } from '../scenarios/table';

/**
 * The JSON schema of a target profile (spec/schemas/target-profile.schema.json), generated: the
 * scenarios from the scenario table, the rest (TargetProfile in profile.ts) written here.
 * `npm run generate` writes the file; a unit test fails when the file drifts from this.
 */
export function renderProfileSchema(): string {
  const scenarios: JsonObject = {};
  for (const name of SCENARIO_NAMES) {
    const s = SCENARIOS[name];
    const clauses = `${clausesOf(name).join(', ')}${s.clausesNote ? ` ${s.clausesNote}` : ''}`;
    scenarios[name] = { ...s.shape.json, description: `${clauses}. ${s.needs}`, examples: [s.example] };
  }
  const schema: JsonObject = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://example.com/spec-conformance/target-profile.schema.json',
    title: 'Target profile',
    description: 'Names, for one deployment, the routes each conformance scenario uses. Paths are absolute paths on the target\'s origin. A scenario left out makes the tests that need it `untested` for that target, never passed. `modes` limits a scenario to the delivery modes where the target has it (default: both).',
    type: 'object',
    required: ['name', 'scenarios'],
    additionalProperties: false,
    definitions: Object.fromEntries(Object.entries(DEFINITIONS).map(([k, d]) => [k, d.json])),
    properties: {
      $schema: { type: 'string' },
      name: { type: 'string', minLength: 1 },
      description: { type: 'string' },
      extends: {
        description: 'Another profile (a path relative to this file) this one starts from: its name, description and build identifier unless given here, and every scenario it names; a scenario named here replaces the base\'s. For deployments of one site that differ in a few routes.',
        type: 'string',
        minLength: 1,
      },
      omit: {
        description: 'With `extends`: scenarios of the base that this target does not have (left out, so their clauses are `untested` here).',
        type: 'array',
        uniqueItems: true,
        items: { enum: [...SCENARIO_NAMES] },
      },
      buildIdentifier: {
        description: 'Where the target\'s page-data requests carry the build identifier. Default: headers x-deployment-id, x-build-id, x-nextjs-deployment-id; query parameter dpl.',
        type: 'object',
        additionalProperties: false,
        properties: { headers: { type: 'array', items: { type: 'string' } }, queryParams: { type: 'array', items: { type: 'string' } } },
      },
      scenarios: { type: 'object', additionalProperties: false, properties: scenarios },
    },
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}
