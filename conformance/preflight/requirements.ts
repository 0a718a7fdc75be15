import type { NormativeClauseId } from '../../spec/clauses';
import { clausesOf } from '../scenarios/clauses';
import { SCENARIO_NAMES, SCENARIOS, type ScenarioName } from '../scenarios/table';

/**
 * What each scenario's routes must be like and which clauses it serves: the scenario table
 * (conformance/scenarios/table.ts) and the registry's CLAUSE_SCENARIOS seen through these two
 * fields — the view matrix/ reads.
 */
export const REQUIREMENTS = Object.fromEntries(SCENARIO_NAMES.map((name) => [name, { clauses: clausesOf(name), needs: SCENARIOS[name].needs }])) as { readonly [K in ScenarioName]: { clauses: NormativeClauseId[]; needs: string } };
