import type { NormativeClauseId } from '../../spec/clauses';
import { SCENARIOS, type ScenarioName } from '../scenarios/table';

/**
 * What each scenario's routes must be like and which clauses it serves: the scenario table
 * (conformance/scenarios/table.ts, where they are written) seen through these two fields — the
 * view matrix/ reads.
 */
export const REQUIREMENTS: { readonly [K in ScenarioName]: { clauses: NormativeClauseId[]; needs: string } } = SCENARIOS;
