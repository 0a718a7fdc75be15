import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunTarget } from '../../conformance/run/model';
import type { TargetProfile } from '../../conformance/run/profile';
import { ROOT } from '../../spec/root';

/** The reference site's target profile: its routes per scenario. */
export const REFERENCE_PROFILE_FILE = join(ROOT, 'fixtures', 'targets', 'reference.json');

/** A run target for the reference site in one mode, before it is served (no URL yet: targets/setup.ts gives it one). */
export function referenceTarget(mode: RunTarget['mode']): RunTarget {
  return {
    mode,
    reference: true,
    profile: { path: REFERENCE_PROFILE_FILE, source: 'reference', content: JSON.parse(readFileSync(REFERENCE_PROFILE_FILE, 'utf8')) as TargetProfile },
  };
}

/**
 * The config file (as JSON) that judges the served reference site the way another team's site is
 * judged: its profile, no crawl, and — when both modes are served — each mode the other's other build (C7.3).
 */
export function referenceConfig(served: { mode: RunTarget['mode']; url: string }[]): string {
  const targets = served.map(({ mode, url }, i) => ({ url, mode, profile: REFERENCE_PROFILE_FILE, ...(served.length > 1 ? { otherBuild: served[1 - i].url } : {}) }));
  return `${JSON.stringify({ targets, discovery: false }, null, 2)}\n`;
}
