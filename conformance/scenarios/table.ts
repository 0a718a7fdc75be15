import { CALL_SCENARIOS } from './calls';
import { ERROR_SCENARIOS } from './errors';
import { EVERY_PAGE_SCENARIOS } from './every-page';
import { LIMIT_SCENARIOS } from './limits';
import { ROUTE_SCENARIOS } from './routes';
import type { TypeOf } from './schema';
import type { ScenarioSpec } from './spec';

export type { Picker, ScenarioSpec } from './spec';

/**
 * THE table of scenarios: one entry per scenario of a target profile (written in errors.ts, routes.ts,
 * calls.ts, limits.ts and every-page.ts by section of the seed, joined here in the schema's order;
 * spec.ts says what an entry holds), holding every concern of it
 * — its shape in the profile (which gives the TypeScript type and the JSON schema,
 * spec/schemas/target-profile.schema.json, `npm run generate`), what its routes must be like in
 * words a profile author can act on (the schema and the pre-flight say it), an example, the pre-flight
 * check against the target, and how discovery picks it from a crawl. The clauses it serves are the
 * registry's (each normative clause's `scenarios` in spec/clauses/, read through ./clauses.ts).
 * A scenario is a name here; leaving out any concern is a compile error, and a concern a scenario
 * has no use for says so in words (`none: …`).
 */
export const SCENARIOS = { ...ERROR_SCENARIOS, ...ROUTE_SCENARIOS, ...CALL_SCENARIOS, ...LIMIT_SCENARIOS, ...EVERY_PAGE_SCENARIOS };

export type ScenarioName = keyof typeof SCENARIOS;
/** What a profile gives for each scenario, by name (its shape in the table). */
type ScenarioValues = { [K in keyof typeof SCENARIOS]: TypeOf<(typeof SCENARIOS)[K]['shape']> };
export type ScenarioValue<K extends ScenarioName> = ScenarioValues[K];
/** A profile's scenarios: each may be left out (its clauses are then `untested` for that target). */
export type Scenarios = Partial<ScenarioValues>;

/**
 * The table seen through its names: a function generic in the name gets that scenario's own spec
 * and value type (TypeScript relates them through this mapped type, not through SCENARIOS itself).
 */
export const SCENARIO_TABLE: { readonly [K in ScenarioName]: ScenarioSpec<ScenarioValues[K]> } = SCENARIOS;
export const SCENARIO_NAMES = Object.keys(SCENARIOS) as ScenarioName[];
