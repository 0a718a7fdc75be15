import type { Mode } from '../../spec/clauses';
import { routeShape } from '../crawl/shape';
import { siteFetch } from '../access/site-fetch';
import type { CrawledPage, FrameworkRequest } from '../crawl/model';
import { unknownPaths } from '../scenarios/pick';
import { patience } from '../run/slow';

/**
 * What the framework alone gives a crawl, on any site it serves: subjects that need
 * nothing from the site's authors. Pure plans here (unit-tested); crawler.ts carries them out and
 * keeps what came back in Crawl.framework. Every guess is checked by a request before a picker may
 * use it. Measured on Next.js 14.2.35, 15.5.29 and 16.4.6 (docs/discovery.md#what-the-framework-alone-provides):
 *
 * - The Pages Router's build manifest, /_next/static/<buildId>/_buildManifest.js, lists every Pages
 *   Router route in `sortedPages` (every version), linked or not.
 * - The not-found page at `/404`: pre-rendered as 404.html by every static export (the host serves
 *   it at /404), and under `next start` answered 404 (pages-manifest "/404"). There is no way to the
 *   500 page: no export writes 500.html, and `next start` answers /500 with 404.
 * - Server delivery: a POST to a file served as is (the build's own /_next/static/ files, public/
 *   files) answers 405 with the generic error page (`next/dist/server/lib/router-server.js` 14.2 :296-305, 15.5 :373-382, 16 :497-506); a
 *   malformed segment (`%E0%A4%A`) of a dynamic route answers 400 with the generic error page, of a
 *   static path 404. A POST to a pre-rendered page answers 200 (the page) on every version measured,
 *   so it is no way to 405.
 */

export const FRAMEWORK = { malformedTries: 3, postTries: 2, fetchMs: 5_000 };

/** The framework's own routes in a build manifest: not pages of the site. */
const OWN_ROUTES = new Set(['/_app', '/_error', '/_document']);

/** Where the Pages Router's build manifest of a build lives. */
export function buildManifestPath(buildId: string): string {
  return `/_next/static/${buildId}/_buildManifest.js`;
}

/** The routes a build manifest lists (`sortedPages`, as minified by 14–15 or pretty-printed by 16), its own left out. */
export function parseBuildManifest(js: string): string[] | undefined {
  // The array of strings after "sortedPages" (a route's "[param]" holds brackets, so strings are matched whole).
  const m = /["']?sortedPages["']?\s*:\s*\[((?:\s*"(?:[^"\\]|\\.)*"\s*,?)*)\s*\]/.exec(js);
  if (!m) return undefined;
  const routes = [...m[1].matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((x) => x[1].replace(/\\(.)/g, '$1'));
  return routes.filter((r) => r.startsWith('/') && !OWN_ROUTES.has(r));
}

/** A route pattern with a [param], [...catchAll] or [[...optional]] segment. */
export const isDynamicRoute = (route: string): boolean => /\[[^/]*\]/.test(route);

/** The build manifest's routes a crawl can load as they are (no [param]); the 404 page is loaded as the framework's own. */
export function manifestPages(routes: string[]): string[] {
  return routes.filter((r) => !isDynamicRoute(r) && r !== '/404' && r !== '/500');
}

/** A path of a dynamic route with its first [param] as a malformed percent sequence (the rest filled with "1"). */
export function malformedPathOf(route: string): string | undefined {
  let done = false;
  const segs = route.split('/').map((s) => {
    if (!/^\[.*\]$/.test(s)) return s;
    if (done) return '1';
    done = true;
    return '%E0%A4%A';
  });
  return done ? segs.join('/') : undefined;
}

/** The page's path with the first segment a dynamic route filled (a value its router tree names) made malformed. */
export function malformedAt(path: string, values: readonly string[]): string | undefined {
  const segs = path.split('/');
  const decoded = (s: string) => { try { return decodeURIComponent(s); } catch { return s; } };
  const at = segs.findIndex((s, i) => i > 0 && s && values.some((v) => v === s || v === decoded(s)));
  if (at < 0) return undefined;
  segs[at] = '%E0%A4%A';
  return segs.join('/');
}

/**
 * Pages to load after the crawl because the framework has them: its not-found page at /404 (unless
 * the crawl met it), and the first made-up unknown address (the one realStatuses.unknownPath and
 * unknownPaths start with), so that what it answers is seen before it is used.
 */
export function frameworkPagePlan(pages: CrawledPage[]): string[] {
  const known = new Set(pages.map((p) => p.path));
  return [...(known.has('/404') ? [] : ['/404']), unknownPaths(known)[0]];
}

/**
 * Server delivery: the requests that check the framework's real error answers — a POST to one of the
 * build's own static files (405), and a malformed segment of up to 3 dynamic routes (400): the
 * crawled route shapes (/posts/:id) first, then the build manifest's patterns (/status/[code]).
 */
export function frameworkRequestPlan(pages: CrawledPage[], manifestRoutes: string[], mode: Mode): { guess: FrameworkRequest['guess']; method: 'GET' | 'POST'; path: string }[] {
  if (mode !== 'server') return [];
  const files = [...new Set(pages.flatMap((p) => p.scripts))].filter((s) => s.startsWith('/_next/static/') && !s.includes('%')).slice(0, FRAMEWORK.postTries);
  const shapes = [...new Set(pages.filter((p) => p.status === 200 && !p.error && !p.finalPath).map((p) => routeShape(p.path)))].filter((s) => s.includes(':id'));
  const malformed = [
    ...shapes.map((s) => s.replace(':id', '%E0%A4%A').replace(/:id/g, '1')),
    // Dynamic routes the router named, whatever their values look like (/posts/hello-world of posts/[slug]).
    ...pages.filter((p) => p.status === 200 && !p.error && !p.finalPath && p.dynamicSegments?.length).map((p) => malformedAt(p.path, p.dynamicSegments!)).filter((p): p is string => !!p),
    ...manifestRoutes.filter(isDynamicRoute).map(malformedPathOf).filter((p): p is string => !!p),
  ];
  return [
    ...files.map((path) => ({ guess: 'post-to-static-file' as const, method: 'POST' as const, path })),
    ...[...new Set(malformed)].slice(0, FRAMEWORK.malformedTries).map((path) => ({ guess: 'malformed-segment' as const, method: 'GET' as const, path })),
  ];
}

/** Sends one planned request from outside the browser (no cookies; a form body for the POST) and reads the answer. */
export async function sendFrameworkRequest(origin: string, r: { guess: FrameworkRequest['guess']; method: 'GET' | 'POST'; path: string }): Promise<FrameworkRequest> {
  try {
    const res = await siteFetch(origin + r.path, {
      method: r.method, redirect: 'manual', signal: AbortSignal.timeout(patience(FRAMEWORK.fetchMs)),
      ...(r.method === 'POST' ? { body: 'conformance=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}),
    });
    const html = /text\/html/i.test(res.headers.get('content-type') ?? '') ? await res.text() : (await res.body?.cancel(), '');
    return { ...r, status: res.status, showsCode: showsStatusCode(html, res.status) };
  } catch (e) {
    return { ...r, status: 0, showsCode: false, error: String(e instanceof Error ? e.message : e).split('\n')[0] };
  }
}

/** An HTML answer that shows its status code as an element's whole text (the generic error page's heading). */
export function showsStatusCode(html: string, status: number): boolean {
  return new RegExp(`>\\s*${status}\\s*<`).test(html);
}

/** Fetches and parses a build manifest (bounded, never fatal): undefined when the build has none. */
export async function loadBuildManifest(origin: string, buildId: string): Promise<string[] | undefined> {
  try {
    const res = await siteFetch(origin + buildManifestPath(buildId), { signal: AbortSignal.timeout(patience(FRAMEWORK.fetchMs)) });
    if (!res.ok || /text\/html/i.test(res.headers.get('content-type') ?? '')) { await res.body?.cancel(); return undefined; }
    return parseBuildManifest(await res.text());
  } catch {
    return undefined;
  }
}
