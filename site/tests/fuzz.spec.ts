import http from 'node:http';
import fc from 'fast-check';
import { expect, test } from '../../conformance/harness/fixtures';
import { scenarioFor } from '../../conformance/run/profile';
import { hasRawNonAscii, malformedPath, normalisedPaths, probe, show } from './fuzz-paths';
import { since } from '../../launcher/format';

// URL fuzzing of the reference site (a site check, not a clause of the spec; docs/security.md).
// A few hundred generated request paths per delivery mode — traversal (`..%2f`, `%2e%2e/`),
// encoded NULs, malformed percent-encoding, over-long segments, unicode, raw Latin-1 bytes,
// route-group parentheses, query noise, page-data headers — sent verbatim with node's http
// client (no URL normalisation on the way); the generators are in fuzz-paths.ts. Properties:
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
// A browser reads answer headers up to 256 KiB (Chromium's limit); node's default is 16 KiB. A
// trailing-slash redirect of an overlong path repeats the path in Location and Refresh (2 × 8 KB
// seen), which node alone would refuse as "Header overflow": that is the client's limit, not a fault.
const MAX_HEADER_BYTES = 256 * 1024;

/** GET with the request path exactly as given (node's client validates only the character range). */
function rawGet(base: URL, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: base.hostname, port: base.port, method: 'GET', path, headers: { ...headers, 'accept-encoding': 'identity' }, agent, maxHeaderSize: MAX_HEADER_BYTES },
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
    const summary = `${RUNS} paths in ${since(started)}; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`;
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
