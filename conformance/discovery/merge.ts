import type { ScenarioName, Scenarios, TargetProfile } from '../run/profile';

export type ScenarioSource = 'profile' | 'discovered';

/**
 * A hand-written profile and a discovered one, merged: the hand-written scenario wins wherever it
 * is given; discovery fills only the gaps. `sources` says, per scenario, where it came from.
 */
export function mergeProfiles(handWritten: TargetProfile | undefined, discovered: TargetProfile): { profile: TargetProfile; sources: Record<string, ScenarioSource> } {
  const sources: Record<string, ScenarioSource> = {};
  const scenarios: Scenarios = {};
  const put = <K extends ScenarioName>(name: K, value: Scenarios[K], from: ScenarioSource) => {
    scenarios[name] = value;
    sources[name] = from;
  };
  for (const [name, value] of Object.entries(discovered.scenarios)) if (value) put(name as ScenarioName, value, 'discovered');
  for (const [name, value] of Object.entries(handWritten?.scenarios ?? {})) if (value) put(name as ScenarioName, value, 'profile');
  const profile: TargetProfile = {
    name: handWritten?.name ?? discovered.name,
    ...(handWritten?.description ?? discovered.description ? { description: handWritten?.description ?? discovered.description } : {}),
    ...(handWritten?.buildIdentifier ?? discovered.buildIdentifier ? { buildIdentifier: handWritten?.buildIdentifier ?? discovered.buildIdentifier } : {}),
    scenarios,
  };
  return { profile, sources };
}
