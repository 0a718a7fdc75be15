import { CLAUSE_SCENARIOS, NORMATIVE, type NormativeClauseId } from '../../spec/clauses';
import type { ScenarioName } from './table';

/**
 * Which clauses a scenario serves: the registry ties each normative clause to the scenarios its tests
 * use (CLAUSE_SCENARIOS in spec/clauses.ts); this reads it the other way round, in registry order.
 */
export function clausesOf(name: ScenarioName): NormativeClauseId[] {
  return NORMATIVE.map((c) => c.id).filter((id) => (REGISTRY_SCENARIOS[id] as readonly string[]).includes(name));
}

/** The registry's scenario names, held to this table's: a name that is not a scenario does not compile. */
const REGISTRY_SCENARIOS: Record<NormativeClauseId, readonly ScenarioName[]> = CLAUSE_SCENARIOS;
