/**
 * The profile moved to the run model (conformance/run/profile.ts). This file is kept only for the
 * rooms outside conformance/ that still import it here (matrix/, bench/, site/tests/); new code
 * imports conformance/run/profile.
 */
export { loadProfile, scenarioFor, validateProfile, type ScenarioName, type Scenarios, type TargetProfile } from '../run/profile';
