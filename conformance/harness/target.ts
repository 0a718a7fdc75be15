import type { Mode } from '../../docs/clauses';
import { loadProfile, REFERENCE_PROFILE, type TargetProfile } from './profile';

/**
 * How a run's targets reach the test workers: environment variables set by the CLI or by global
 * setup (which starts the reference site when no target is given).
 *   CONFORMANCE_URL_STATIC / _SERVER         base URL of the target in that mode
 *   CONFORMANCE_OTHER_BUILD_STATIC / _SERVER URL of another build of the same site (C7.3)
 *   CONFORMANCE_NOT_KIND_STATIC / _SERVER    set when the probe found the target is not this kind of site
 *   CONFORMANCE_PROFILE                      target profile file (default: the reference profile)
 */
const key = (name: string, mode: Mode) => `CONFORMANCE_${name}_${mode.toUpperCase()}`;

export const env = {
  url: (mode: Mode) => process.env[key('URL', mode)],
  setUrl: (mode: Mode, url: string) => { process.env[key('URL', mode)] = url; },
  otherBuild: (mode: Mode) => process.env[key('OTHER_BUILD', mode)],
  setOtherBuild: (mode: Mode, url: string) => { process.env[key('OTHER_BUILD', mode)] = url; },
  notKind: (mode: Mode) => process.env[key('NOT_KIND', mode)],
  setNotKind: (mode: Mode, reason: string) => { process.env[key('NOT_KIND', mode)] = reason; },
  profileFile: () => process.env.CONFORMANCE_PROFILE || REFERENCE_PROFILE,
};

let cached: { file: string; profile: TargetProfile } | undefined;
export function currentProfile(): TargetProfile {
  const file = env.profileFile();
  if (cached?.file !== file) cached = { file, profile: loadProfile(file) };
  return cached.profile;
}
