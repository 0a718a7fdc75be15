import type { Request } from '@playwright/test';

/**
 * The page-data and prefetch requests of today's frameworks, recognised on the wire and mapped to
 * the page they are for. The one place that knows these shapes (unit tests over real URLs of each
 * version: conformance/unit/page-data.test.ts; sources in /work/shared/next-facts.md):
 *
 *  - text-suffix  GET /x.txt?_rsc=…, / → /index.txt (App Router static export, Next 14.2–16);
 *  - rsc-query    GET /x?_rsc=… with `RSC: 1` (App Router under `next start`, every version);
 *  - pages-data   GET /_next/data/<build>/x.json, / → index.json (Pages Router);
 *  - segment      GET /x/__next._tree.txt, /x/__next.<segments>.txt (Next 16 per-segment prefetch
 *                 files of a static export; a route group is written base64url: `!KG1hcmtldGluZyk`);
 *  - head-check   HEAD /x (Next 16's check of a link before prefetching it in a static export).
 *
 * A prefetch is told from a navigation's fetch by `Next-Router-Prefetch: 1`, the Pages Router's
 * `Purpose: prefetch`, `Next-Router-Segment-Prefetch`, or the shape itself (segment files, HEAD).
 * Nothing of the site or the framework is imported.
 */
export type PageDataShape = 'text-suffix' | 'rsc-query' | 'pages-data' | 'segment' | 'head-check';

export interface PageDataRequest {
  shape: PageDataShape;
  /** The page path the request is for ('/' for the home page; no trailing slash otherwise). */
  page: string;
  /** A prefetch (made ahead of a navigation), not the fetch of a navigation. */
  prefetch: boolean;
  /** Next 16's segment path, decoded ("_tree", "(marketing)/about/__PAGE__"), when the request names one. */
  segment?: string;
  /** The build identifier written into the address (/_next/data/<build>/…). */
  build?: string;
}

/** What the recognition reads of a request: as logged (request-log.ts) or from Playwright. */
export interface RequestLike {
  url: string;
  method: string;
  resourceType: string;
  headers: Record<string, string>;
}

export function requestLike(r: Request): RequestLike {
  return { url: r.url(), method: r.method(), resourceType: r.resourceType(), headers: r.headers() };
}

const SEGMENT_FILE = /^__next(\..*)?\.txt$/;
const PAGES_DATA = /^\/_next\/data\/([^/]+)(\/.*)\.json$/;

/** The page-data or prefetch request this is, or undefined for anything else (documents, assets, calls). */
export function readPageData(r: RequestLike): PageDataRequest | undefined {
  if (r.resourceType !== 'fetch' && r.resourceType !== 'xhr') return undefined;
  let u: URL;
  try {
    u = new URL(r.url);
  } catch {
    return undefined;
  }
  const h = lower(r.headers);
  const flagged = h['next-router-prefetch'] === '1' || h['purpose'] === 'prefetch' || 'next-router-segment-prefetch' in h;
  const path = u.pathname;

  const data = PAGES_DATA.exec(path);
  if (data && (r.method === 'GET' || r.method === 'HEAD')) {
    // A HEAD here is the Pages Router's background check after a successful fetch, not a new fetch.
    return { shape: 'pages-data', page: normalise(data[2] === '/index' ? '/' : data[2]), prefetch: h['purpose'] === 'prefetch', build: data[1] };
  }
  if (r.method === 'HEAD') {
    // Next 16 (static export) checks a link's page with a HEAD before fetching its segment files.
    if (path.startsWith('/_next/') || h['rsc'] === '1') return undefined;
    return { shape: 'head-check', page: normalise(path), prefetch: true };
  }
  if (r.method !== 'GET') return undefined;

  const last = path.slice(path.lastIndexOf('/') + 1);
  const seg = SEGMENT_FILE.exec(last);
  if (seg) {
    return { shape: 'segment', page: normalise(path.slice(0, path.length - last.length)), prefetch: true, segment: decodeSegments(seg[1] ?? '') };
  }
  const rsc = h['rsc'] === '1' || u.searchParams.has('_rsc');
  if (path.endsWith('.txt')) {
    const page = path.slice(0, -'.txt'.length);
    return { shape: 'text-suffix', page: normalise(page === '/index' ? '/' : page), prefetch: flagged, ...segmentHeader(h) };
  }
  if (rsc) {
    // Whatever the suffix (C7.2 alone judges that it is .txt), an RSC-marked request names its page.
    const page = path.replace(/\.[A-Za-z]{2,5}$/, '');
    return { shape: 'rsc-query', page: normalise(page === '/index' ? '/' : page), prefetch: flagged, ...segmentHeader(h) };
  }
  return undefined;
}

/**
 * Whether a request fetches page data: a GET of any shape above (a HEAD check fetches none).
 * Observed on the wire only; nothing of the site is imported.
 */
export function isPageDataRequest(r: RequestLike): boolean {
  const d = readPageData(r);
  return !!d && d.shape !== 'head-check' && r.method === 'GET';
}

/** isPageDataRequest for a request as Playwright hands it over (a page event's, a route's). */
export function isPageDataRequestOf(r: Request): boolean {
  return isPageDataRequest(requestLike(r));
}

/** A prefetch request of any shape (HEAD checks included): what "prefetching" sends. */
export function isPrefetchRequest(r: RequestLike): boolean {
  return readPageData(r)?.prefetch === true;
}

export function isPrefetchRequestOf(r: Request): boolean {
  return isPrefetchRequest(requestLike(r));
}

/** A page-data fetch made by a navigation (not a prefetch, not a HEAD check). */
export function isNavigationFetch(r: RequestLike): boolean {
  const d = readPageData(r);
  return !!d && !d.prefetch && r.method === 'GET';
}

/**
 * The page path a page-data request's address asks for: /x.txt → /x, /index.txt → /, /x?_rsc=… → /x,
 * /x.other?_rsc=… → /x, /_next/data/<build>/x.json → /x, /x/__next._tree.txt → /x. For an address
 * alone (no method or headers); readPageData is exact.
 */
export function pageDataPath(url: string): string {
  const d = readPageData({ url, method: 'GET', resourceType: 'fetch', headers: {} });
  if (d) return d.page;
  return normalise(new URL(url).pathname);
}

/** The segment path of a Next 16 segment file's name part: ".!KG1hcmtldGluZyk.about.__PAGE__" → "(marketing)/about/__PAGE__". */
export function decodeSegments(dotted: string): string {
  return dotted.split('.').filter(Boolean).map((part) => (part.startsWith('!') ? fromBase64Url(part.slice(1)) ?? part : part)).join('/');
}

function fromBase64Url(s: string): string | undefined {
  try {
    return Buffer.from(s.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
  } catch {
    return undefined;
  }
}

function segmentHeader(h: Record<string, string>): { segment?: string } {
  const s = h['next-router-segment-prefetch'];
  return s ? { segment: s.replace(/^\//, '') } : {};
}

function normalise(p: string): string {
  let path = p;
  try {
    path = decodeURI(p);
  } catch {
    // keep it as sent
  }
  if (path === '' || path === '/') return '/';
  return path.replace(/\/+$/, '') || '/';
}

function lower(h: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) out[k.toLowerCase()] = v;
  return out;
}
