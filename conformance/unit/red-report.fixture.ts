import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentHash } from '../../spec/registry/hash';
import type { Mode } from '../../spec/clauses';
import type { Evidence, Report } from '../report/model';
import { writeReport } from '../report/write';
import { report, test, tests } from './report-fixture';

/**
 * A red run's report folder, as the reporter leaves it: R2.2 failed on a changed not-found text
 * (its screenshot, trace and request log in evidence/), R2.3 without its other status pages
 * (untested), R2.5 failed as the team accepted. For the report page's tests and docs/report.md's pictures.
 */
export const R22_SAW = 'expected the message "This page could not be found." on /conformance-no-such-page (answered HTTP 404), saw the text: "404", "Nothing to see here."';

/** The not-found page the screenshot shows: what the site showed instead of the spec's text. */
export const BROKEN_404 = '<!doctype html><html><body style="font:16px system-ui;margin:0;display:grid;place-items:center;height:100vh"><div style="text-align:center"><h1 style="font-size:48px;margin:0">404</h1><p>Nothing to see here.</p></div></body></html>';

function evidence(dir: string, mode: Mode, name: string, contentType: string, ext: string, data: Buffer): Evidence {
  const sha256 = contentHash(data);
  const path = join('evidence', mode, `${sha256.slice(0, 16)}-${name}${ext}`);
  mkdirSync(join(dir, 'evidence', mode), { recursive: true });
  writeFileSync(join(dir, path), data);
  return { name, contentType, path, sha256, bytes: data.length };
}

export function writeRedReport(dir: string, screenshot: Buffer, modes: Mode[] = ['static']): Report {
  const log = (m: Mode) => Buffer.from(JSON.stringify([{ method: 'GET', url: `http://127.0.0.1:3000/conformance-no-such-page`, status: 404, type: 'document', mode: m },
    { method: 'GET', url: 'http://127.0.0.1:3000/_next/static/chunks/main.js', status: 200, type: 'script' }], null, 1));
  const t = tests(modes, {
    'R2.2': (m) => [
      test(m, 'R2.2', 'failed', {
        title: 'a missing page, loaded directly, shows the heading 404 and the message', file: 'conformance/tests/R2.2-not-found.spec.ts', line: 30, attempts: 2,
        reason: R22_SAW, error: `Error: ${R22_SAW}\n\nexpect(received).toBe(expected) // Object.is equality\n\nExpected: true\nReceived: false`,
        evidence: [evidence(dir, m, 'screenshot', 'image/png', '.png', screenshot), evidence(dir, m, 'trace', 'application/zip', '.zip', Buffer.from('PK\x05\x06'.padEnd(22, '\0'))),
          evidence(dir, m, 'request-log', 'application/json', '.json', log(m))],
      }),
      test(m, 'R2.2', 'passed', { title: 'every internal link to a missing page leads to the not-found page' }),
    ],
    'R2.3': (m) => [test(m, 'R2.3', 'passed', { parts: ['404'], title: 'the not-found status page shows its title' }),
      test(m, 'R2.3', 'untested', { parts: ['400', '405', '500', 'other'], title: 'each other status page shows its title', reason: 'precondition not met: the profile names no route answering 400, 405, 500 or another status (statusPages). To fix: add them to the profile' })],
    'R2.5': (m) => [test(m, 'R2.5', 'failed', { partOutcomes: [{ part: 'client', verdict: 'failed', reason: 'expected the text "Application error: a client-side exception has occurred …", saw "This page couldn’t load"' }, ...(m === 'server' ? [{ part: 'server' as const, verdict: 'passed' as const }] : [])] })],
  });
  const r = report(t, { modes, expectations: [{ clause: 'R2.5/client', verdict: 'failed', reason: 'our framework\'s own global error text, until we ship our own page', source: 'file: spec-conformance.expectations.json' }] });
  // The facts a real run's header shows, so the pictures read like one.
  Object.assign(r, { browser: { name: 'chromium', version: '141.0', source: 'chromium-headless-shell' }, startedAt: '2026-12-02T01:00:00.000Z', finishedAt: '2026-12-02T01:02:41.000Z', durationMs: 161_000 });
  writeReport(r, dir);
  return r;
}
