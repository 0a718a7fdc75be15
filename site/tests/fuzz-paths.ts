import fc from 'fast-check';

// The request paths the URL fuzzing sends (site/tests/fuzz.spec.ts): traversal, encoded NULs,
// malformed percent-encoding, over-long segments, unicode, raw Latin-1 bytes, route-group
// parentheses, query noise and page-data headers, around the site's real addresses; and how a path
// reads once a server has normalised it.

const KNOWN = [
  '', 'about', 'contact', 'demos', 'links', '3', '10', 'status', '400', '500', 'throws', 'retry', 'prebuilt', 'timeout',
  'target', 'action', 'dynamic', 'dynamic-hub', 'server-crash', 'tall', 'plain', 'no-prefetch', 'untitled',
  'client-error', 'crash', '_next', 'static', 'chunks', 'data', 'image', 'index', 'index.txt', 'about.txt',
  'index.html', '404.html', '_not-found', '404', '_error', '_app', 'conformance-report.html', 'favicon.svg',
  'static.html', '.next', '.next-server', 'out', 'site', 'public', 'server', 'app', 'pages', 'node_modules',
  'package.json', 'next.config.ts', 'BUILD_ID', 'etc', 'passwd', '.env', '.git', 'config',
];
const TRAVERSAL = [
  '..', '.', '...', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '..%2f', '..%2F', '%2e%2e%2f', '%2e%2e%5c', '..%5c', '..\\',
  '%252e%252e%252f', '..;', '%c0%ae%c0%ae', '..%c0%af', '..%u2215', '....//', '%2f', '%5c', '/',
];
const CONTROL = ['%00', '%2500', '%0a', '%0d%0a', '%09', '%7f', '%ff', '%fe%ff', '%20', '+', '%u0000'];
const MALFORMED = ['%', '%e', '%zz', '%E0%A4%A', '%C0%AF', '%ED%A0%80', '%F4%90%80%80', '%%32%65', '%G0'];
const GROUPS = ['(site)', '(', ')', '%28site%29', '(..)', '((x))', '(.)', '@modal', '[slug]', '[...all]', '%5Bslug%5D', '[[...opt]]'];

/** Characters node's client puts on the request line as they are (U+0021–U+00FF, minus '?'/'#'). */
const rawLatin1 = fc
  .array(fc.integer({ min: 0x80, max: 0xff }), { minLength: 1, maxLength: 6 })
  .map((codes) => String.fromCharCode(...codes));
const unicode = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }).map((s) => encodeURIComponent(s));
const safeAscii = fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@-]{1,12}$/);
const overlong = fc.integer({ min: 200, max: 6000 }).chain((n) => fc.constantFrom('a', '%2e', '..%2f', 'é', '%00').map((u) => u.repeat(Math.ceil(n / u.length))));

// Weighted so that about half the paths reach the site's routing (known segments, traversal that
// resolves inside the site) and the rest probe the edges (malformed, NULs, raw bytes, overlong).
const segment = fc.oneof(
  { weight: 14, arbitrary: fc.constantFrom(...KNOWN) },
  { weight: 3, arbitrary: fc.constantFrom(...TRAVERSAL) },
  { weight: 1, arbitrary: fc.constantFrom(...CONTROL) },
  { weight: 1, arbitrary: fc.constantFrom(...MALFORMED) },
  { weight: 2, arbitrary: fc.constantFrom(...GROUPS) },
  { weight: 2, arbitrary: unicode },
  { weight: 1, arbitrary: rawLatin1 },
  { weight: 3, arbitrary: safeAscii },
  { weight: 1, arbitrary: overlong },
);

/** A segment, sometimes glued from two pieces ("..%2fpackage.json", "about%00", "(site)about"). */
const compound = fc.oneof(
  { weight: 4, arbitrary: segment },
  { weight: 1, arbitrary: fc.tuple(segment, segment).map(([a, b]) => a + b) },
);

const queryPart = fc.oneof(
  fc.constantFrom('_rsc=1x2y3', '_rsc=', 'x=%00', '__nextDataReq=1', '__nextLocale=..', 'a[]=1', '%E0%A4%A=1', 'dpl=x', '__flight__', '_next=1', 'q=%', 'redirect=//evil.example'),
  fc.tuple(safeAscii, fc.oneof(safeAscii, unicode, fc.constantFrom(...CONTROL, ...MALFORMED))).map(([k, v]) => `${k}=${v}`),
);
const query = fc.option(fc.array(queryPart, { minLength: 1, maxLength: 4 }).map((p) => `?${p.join('&')}`), { nil: '' });

/** A request as generated: its path, verbatim, and extra headers. Printed escaped and shortened. */
export interface Probe {
  path: string;
  headers: Record<string, string>;
}

/** Non-printable and non-ASCII characters as \xNN, long paths shortened (for messages). */
export function show(path: string): string {
  const escaped = path.replace(/[^\x21-\x7e]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return escaped.length > 300 ? `${escaped.slice(0, 300)}… (${path.length} chars)` : escaped;
}

/** Raw bytes ≥ 0x80 on the request line: node's HTTP parser refuses them before the site sees them. */
export const hasRawNonAscii = (path: string) => /[\u0080-\u00ff]/.test(path);

/** Real addresses of the site, each perturbed a little (so that many probes reach real routes). */
const ROUTES = [
  '/', '/about', '/contact', '/demos/links', '/demos/links/3', '/demos/status', '/demos/status/400', '/demos/status/throws',
  '/demos/dynamic', '/demos/dynamic-hub', '/demos/server-crash', '/demos/action', '/demos/retry/prebuilt', '/demos/retry/xyz',
  '/demos/timeout/target', '/demos/tall', '/index.txt', '/about.txt', '/favicon.svg', '/static.html', '/conformance-report.html',
];
const nearRoute = fc
  .tuple(
    fc.constantFrom(...ROUTES),
    fc.oneof({ weight: 3, arbitrary: fc.constant('') }, fc.constantFrom('/x/..', '/%2e', '/.', '/(site)', '/%28site%29', '/_next/..', '/demos/%2e%2e', '/..%2f..')),
    fc.oneof({ weight: 3, arbitrary: fc.constant('') }, fc.constantFrom('/', '%00', '.html', '.txt', '.json', ';x', '%20', '%2f', '/..', '/.', '%2e', '~', '::$DATA')),
    fc.constantFrom(false, false, false, false, true),
  )
  .map(([route, prefix, suffix, upper]) => `${prefix}${upper ? route.toUpperCase() : route}${suffix}`);

const generatedPath = fc
  .tuple(
    fc.array(compound, { minLength: 1, maxLength: 5 }),
    fc.constantFrom('/', '/', '/', '/', '/', '/', '//', '\\', '/./'),
    fc.constantFrom(false, false, false, false, true),
  )
  .map(([segments, sep, trailingSlash]) => `/${segments.join(sep)}${trailingSlash ? '/' : ''}`);

const rawPath = fc
  .tuple(fc.oneof({ weight: 2, arbitrary: nearRoute }, { weight: 3, arbitrary: generatedPath }), query)
  .map(([path, q]) => `${path}${q}`)
  // node's client refuses anything outside U+0021–U+00FF on the request line.
  .filter((p) => /^[\u0021-\u00ff]+$/.test(p) && p.length < 12_000);

/**
 * Page-data / router headers, sometimes (server mode reads them; the static server ignores them).
 * Only well-formed router states: Next answers an unparsable Next-Router-State-Tree on a dynamic
 * page with a 500, and middleware cannot see that header (docs/security.md, known gaps).
 */
const headerNoise = fc.constantFrom<Record<string, string>>(
  {},
  {},
  {},
  { rsc: '1' },
  { rsc: '1', 'next-router-prefetch': '1' },
  { rsc: '1', 'next-router-state-tree': '%5B%22%22%2C%7B%7D%5D' },
  { 'x-nextjs-data': '1' },
  { 'next-url': '/../../etc/passwd' },
);

export const probe: fc.Arbitrary<Probe> = fc.tuple(rawPath, headerNoise).map(([path, headers]) => ({
  path,
  headers,
  [fc.toStringMethod]: () => `GET ${show(path)} ${JSON.stringify(headers)}`,
}));

/** The pathname as a router would see it: dot segments resolved, percent-decoding tried. */
export function normalisedPaths(path: string): string[] {
  let pathname: string;
  try {
    pathname = new URL(path.replace(/\\/g, '/'), 'http://x').pathname;
  } catch {
    return [];
  }
  const out = [pathname];
  try {
    out.push(new URL(decodeURIComponent(pathname), 'http://x').pathname);
  } catch {
    /* malformed: only the raw form */
  }
  return out.map((p) => (p.length > 1 ? p.replace(/\/+$/, '') : p));
}

/** Percent-encoding that does not decode, in the path as the server sees it (dot segments resolved). */
export function malformedPath(path: string): boolean {
  let pathname = path.split('?')[0];
  try {
    pathname = new URL(pathname, 'http://fuzz.invalid').pathname; // "/%ff/../x" is "/x"
  } catch {
    /* not even a URL: judge it as sent */
  }
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}
