import type { LoggedRequest } from '../observers/request-log';
import { readPageData } from '../observers/page-data';
import type { TargetProfile } from '../run/profile';

/** Where C7.3 looks for a page-data request's build identifier, unless the profile names its own. */
const DEFAULT_HEADERS = ['x-deployment-id', 'x-build-id', 'x-nextjs-deployment-id'];
const DEFAULT_PARAMS = ['dpl'];

/** Where the request carries a build identifier: a header or query parameter the profile names, or a /_next/data/<build>/ path. */
export function buildIdOf(e: Pick<LoggedRequest, 'url' | 'headers' | 'method' | 'resourceType'>, profile: TargetProfile): { where: string; value: string } | undefined {
  const headers = profile.buildIdentifier?.headers ?? DEFAULT_HEADERS;
  const params = profile.buildIdentifier?.queryParams ?? DEFAULT_PARAMS;
  for (const h of headers) {
    const v = e.headers[h.toLowerCase()];
    if (v) return { where: `header ${h.toLowerCase()}`, value: v };
  }
  const q = new URL(e.url).searchParams;
  for (const p of params) {
    const v = q.get(p);
    if (v) return { where: `query parameter ${p}`, value: v };
  }
  const build = readPageData(e)?.build;
  if (build) return { where: 'the /_next/data/<build>/ path', value: build };
  return undefined;
}

export function recognisedNames(profile: TargetProfile): string {
  const headers = profile.buildIdentifier?.headers ?? DEFAULT_HEADERS;
  const params = profile.buildIdentifier?.queryParams ?? DEFAULT_PARAMS;
  return `headers ${headers.join(', ')}; query parameters ${params.join(', ')}; a /_next/data/<build>/ path`;
}
