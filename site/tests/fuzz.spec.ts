import http from 'node:http';
import fc from 'fast-check';
import { expect, test } from '../../conformance/harness/fixtures';
import { scenarioFor } from '../../conformance/run/profile';

// URL fuzzing of the reference site (a site check, not a clause of the spec; docs/security.md).
// A few hundred generated request paths per delivery mode — traversal (`..%2f`, `%2e%2e/`),
// encoded NULs, malformed percent-encoding, over-long segments, unicode, raw Latin-1 bytes,
// route-group parentheses, query noise, page-data headers — sent verbatim with node's http
// client (no URL normalisation on the way). Properties:
//   - every request is answered within 5 s;
//   - no 5xx except on the routes made to fail (the profile's crash/throwing pages);
//   - no answer contains a file from outside the published site (canaries below);
//   - server mode: a malformed path gets the site's 400 page (build files under /_next/: 400 or 404).
//
// Replay: the seed is printed (and attached) on every run, fast-check's failure message has
// seed and path. FUZZ_SEED=<seed> [FUZZ_PATH=<path>] replays; FUZZ_RUNS=<n> changes the count.

const RUNS = Number(process.env.FUZZ_RUNS) || 300;
const TIMEOUT_MS = 5_000;

/** Strings found only in files outside what the site publishes. */
const CANARIES: { file: string; text: string }[] = [
  { file: 'package.json (repository root)', text: '"name": "spec-conformance-harness"' },
  { file: 'site/next.config.ts', text: 'SITE_MODE must be' },
  { file: '.next-server/server/server-reference-manifest.json', text: '"encryptionKey"' },
  { file: 'prerender-manifest.json', text: '"previewModeSigningKey"' },
  { file: '/etc/passwd', text: 'root:x:0:0:' },
];

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** GET with the request path exactly as given (node's client validates only the character range). */
function rawGet(base: URL, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: base.hostname, port: base.port, method: 'GET', path, headers: { ...headers, 'accept-encoding': 'identity' }, agent },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size <= 4 * 1024 * 1024) chunks.push(c);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('latin1') }));
        res.on('error', reject);
      },
    );
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error(`no complete answer within ${TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end();
  });
}

// ── Generators ────────────────────────────────────────────────────────────────────────────────

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
interface Probe {
  path: string;
  headers: Record<string, string>;
}

/** Non-printable and non-ASCII characters as \xNN, long paths shortened (for messages). */
function show(path: string): string {
  const escaped = path.replace(/[^\x21-\x7e]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return escaped.length > 300 ? `${escaped.slice(0, 300)}… (${path.length} chars)` : escaped;
}

/** Raw bytes ≥ 0x80 on the request line: node's HTTP parser refuses them before the site sees them. */
const hasRawNonAscii = (path: string) => /[\u0080-\u00ff]/.test(path);

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

const probe: fc.Arbitrary<Probe> = fc.tuple(rawPath, headerNoise).map(([path, headers]) => ({
  path,
  headers,
  [fc.toStringMethod]: () => `GET ${show(path)} ${JSON.stringify(headers)}`,
}));

// ── Properties ────────────────────────────────────────────────────────────────────────────────

/** The pathname as a router would see it: dot segments resolved, percent-decoding tried. */
function normalisedPaths(path: string): string[] {
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
function malformedPath(path: string): boolean {
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

test.describe('URL fuzzing', () => {
  test('generated request paths: answered in time, no 5xx outside the crash routes, nothing from outside the site', async ({ target }, testInfo) => {
    test.setTimeout(120_000);
    const base = new URL(target.url);
    const crashRoutes = [
      scenarioFor(target.profile, 'serverCrash', target.mode)?.page,
      scenarioFor(target.profile, 'realStatuses', target.mode)?.throwingPage,
    ].filter((p): p is string => !!p && target.mode === 'server');
    const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
    const replayPath = process.env.FUZZ_PATH;
    const note = `fast-check seed ${seed}${replayPath ? ` path ${replayPath}` : ''}, ${RUNS} runs — replay: FUZZ_SEED=${seed} npx playwright test site/tests/fuzz.spec.ts --project site-${target.mode}`;
    testInfo.annotations.push({ type: 'fuzz', description: note });
    console.log(`[fuzz ${target.mode}] ${note}`);

    /** Status → count (0: connection refused by the HTTP parser, see below). */
    const statuses = new Map<number, number>();
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(probe, async ({ path, headers }) => {
        const what = `GET ${show(path)} ${JSON.stringify(headers)}`;
        let answer: Answer;
        try {
          answer = await rawGet(base, path, headers);
        } catch (e) {
          const message = (e as Error).message;
          // The parser answers 400 and closes at once; with a long request line still being
          // written the client may see only the reset. That is a refusal, not a hang.
          if (hasRawNonAscii(path) && /socket hang up|ECONNRESET|EPIPE/.test(message)) {
            statuses.set(0, (statuses.get(0) ?? 0) + 1);
            return;
          }
          throw new Error(`${what}: ${message}`);
        }
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const allowed5xx = normalisedPaths(path).some((p) => crashRoutes.includes(p));
        if (answer.status >= 500 && !allowed5xx) throw new Error(`${what}: ${answer.status} (5xx outside the crash routes)`);
        if (answer.status < 100) throw new Error(`${what}: no status`);
        for (const c of CANARIES) {
          if (answer.body.includes(c.text)) throw new Error(`${what}: the answer contains ${c.file} ("${c.text}")`);
        }
        if (target.mode === 'server' && malformedPath(path) && !hasRawNonAscii(path)) {
          // Build files (/_next/…) are looked up as they are: a malformed name is simply not found.
          // A trailing slash is redirected first (308 to the path without it, which then gets 400).
          const wanted = path.startsWith('/_next/') ? [400, 404] : [400];
          const redirect = answer.status >= 300 && answer.status < 400;
          if (!wanted.includes(answer.status) && !redirect) throw new Error(`${what}: malformed path answered ${answer.status}, not ${wanted.join(' or ')} or a redirect`);
          if (answer.status === 400 && !/<title[^>]*>400: Bad Request<\/title>/.test(answer.body)) {
            throw new Error(`${what}: a 400 that is not the site's 400 page: ${JSON.stringify(answer.headers)} ${JSON.stringify(answer.body.slice(0, 120))}`);
          }
        }
      }),
      { numRuns: RUNS, seed, path: replayPath, endOnFailure: !!replayPath, interruptAfterTimeLimit: 100_000 },
    );
    const summary = `${RUNS} paths in ${((Date.now() - started) / 1000).toFixed(1)} s; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`;
    testInfo.annotations.push({ type: 'fuzz-result', description: summary });
    console.log(`[fuzz ${target.mode}] ${summary}`);
  });

  test('a malformed path gets the 400 page, below a dynamic route or not (server)', async ({ target }) => {
    test.skip(target.mode !== 'server', 'the static server has no error pages of its own for 400');
    const malformed = scenarioFor(target.profile, 'realStatuses', target.mode)?.malformedUrl;
    test.skip(!malformed, 'the profile names no malformed URL');
    const base = new URL(target.url);
    for (const path of [malformed!, '/demos/status/%', '/demos/links/%E0%A4%A', '/demos/retry/%zz?x=1', '/%E0%A4%A', '/about/%ZZ', '/%', '/(site)/%C0']) {
      const answer = await rawGet(base, path, {});
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toMatch(/<title[^>]*>400: Bad Request<\/title>/);
    }
  });
});
