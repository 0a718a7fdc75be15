import { readPageData } from './page-data';
import { evidenceHeaders, type LoggedRequest } from './request-log';

/**
 * A logged request as the report's evidence: what was asked, how it was answered and, for page
 * data, which page in which shape (page-data.ts). Request headers only where they are what is
 * judged (C7.2, C7.3): for every asset of a page they would only bury the rest.
 */
export function requestEvidence(e: LoggedRequest, { headers = false }: { headers?: boolean } = {}): object {
  const d = readPageData(e);
  return {
    method: e.method, url: e.url, type: e.resourceType, shape: d?.shape, page: d?.page, prefetch: d?.prefetch,
    status: e.status, contentType: e.responseHeaders?.['content-type'], failure: e.failure, cancelled: e.cancelled, unfinished: e.unfinished,
    redirectedFrom: e.redirectedFrom, redirectedTo: e.redirectedTo,
    ...(headers ? { headers: evidenceHeaders(e.headers) } : {}),
  };
}
