import type { Mode } from '../../spec/clauses';
import { currentRun, targetOf } from '../run/channel';
import type { RunTarget } from '../run/model';
import type { TargetProfile } from '../run/profile';

/**
 * The run's target for a mode, as the fixtures need it. Everything comes from the run
 * (conformance/run/channel.ts): no environment variable is read here.
 */
export function runTarget(mode: Mode): RunTarget | undefined {
  return targetOf(currentRun(), mode);
}

/** The target's profile (validated by the CLI before the run); a run without this mode has none. */
export function profileOf(mode: Mode): TargetProfile {
  return runTarget(mode)?.profile.content ?? { name: `(no ${mode} target in this run)`, scenarios: {} };
}

/** What discovery said the site would need for a scenario it could not fill, when the run had discovery. */
export function unfilledNeed(mode: Mode, scenario: string): string | undefined {
  return runTarget(mode)?.profile.unfilled?.[scenario];
}

/** Why the target is not this kind of site, when the probe said so and --force was not given. */
export function notKindReason(mode: Mode): string | undefined {
  const t = runTarget(mode);
  if (!t?.probe || t.probe.isThisKind || currentRun().options.force) return undefined;
  return t.probe.kindReason;
}
