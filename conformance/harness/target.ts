import type { Mode } from '../../spec/clauses';
import { currentRun, targetOf } from '../run/channel';
import type { RunTarget } from '../run/model';
import type { TargetProfile } from '../run/profile';
import type { EntryContext } from './not-judged';

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

/** What the run knows of a missing profile entry's kind (harness/not-judged.ts): where the profile came from, discovery's needs and pages. */
export function entryContext(mode: Mode): EntryContext {
  const p = runTarget(mode)?.profile;
  return {
    mode, profileName: profileOf(mode).name,
    discovered: p?.source === 'discovered' || p?.source === 'merged',
    ...(p?.unfilled ? { unfilled: p.unfilled } : {}),
    ...(p?.crawled !== undefined ? { crawled: p.crawled } : {}),
  };
}

/** Why the target is not this kind of site, when the probe said so and --force was not given. */
export function notKindReason(mode: Mode): string | undefined {
  const t = runTarget(mode);
  if (!t?.probe || t.probe.isThisKind || currentRun().options.force) return undefined;
  return t.probe.kindReason;
}
