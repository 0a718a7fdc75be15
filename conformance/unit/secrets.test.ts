import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endRun, resolveRun } from '../cli/resolve-run';
import type { Run } from '../run/model';
import type { LoadedConfig } from '../config/load';
import { useAccess } from '../access/access';
import { requestEvidence } from '../observers/evidence';
import { RequestLog, type LoggedRequest } from '../observers/request-log';
import { refusalMessage } from '../access/refusal';
import { buildReport } from '../report/build-report';
import { renderHtml } from '../report/html';
import { renderJUnit } from '../report/junit';
import { renderMarkdown } from '../report/markdown';
import { parseRunArgs } from '../run/args';
import { writeRunFile } from '../run/channel';
import { describeAccess, secretsEnv, shownAccess, type AccessFacts } from '../run/access';
import type { RunFacts } from '../run/facts';
import { fakePage } from './fake-page';

/**
 * A planted password and header value reach the target and appear in no output — the
 * run file, the console lines, the report in every format (JSON, HTML, Markdown summary, JUnit),
 * the run facts, the refusal messages, and every extract of requests (evidence). Each check would
 * go red without the redaction or the split of facts from secrets.
 */
const PASSWORD = 'pw-PLANTED-9c1e';
const BYPASS = 'bypass-PLANTED-41d7';
const TOKEN = 'token-PLANTED-77aa';
const BASIC = Buffer.from(`ci-bot:${PASSWORD}`).toString('base64');
const PLANTED = [PASSWORD, BYPASS, TOKEN, BASIC];
const free = (text: string) => PLANTED.filter((s) => text.includes(s));

const work = mkdtempSync(join(tmpdir(), 'secrets-test-'));
const seen: { url: string; auth?: string; bypass?: string }[] = [];
// The target: answers only with the credentials and the header; links to another origin by redirect.
const target = http.createServer((req, res) => {
  seen.push({ url: `target${req.url}`, auth: req.headers.authorization, bypass: req.headers['x-vercel-protection-bypass'] as string | undefined });
  if (req.headers.authorization !== `Basic ${BASIC}`) return res.writeHead(401, { 'www-authenticate': 'Basic realm="p"' }).end();
  if (req.headers['x-vercel-protection-bypass'] !== BYPASS) return res.writeHead(403).end();
  if (req.url === '/away') return res.writeHead(302, { location: `${otherUrl}/landing` }).end();
  res.writeHead(200, { 'content-type': 'text/html' }).end('<html><script src="/_next/static/chunks/main.js"></script></html>');
});
const other = http.createServer((req, res) => {
  seen.push({ url: `other${req.url}`, auth: req.headers.authorization, bypass: req.headers['x-vercel-protection-bypass'] as string | undefined });
  res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
});
let targetUrl = '';
let otherUrl = '';

beforeAll(async () => {
  for (const s of [target, other]) await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});
afterAll(() => {
  useAccess(undefined);
  for (const s of [target, other]) { s.closeAllConnections(); s.close(); }
  rmSync(work, { recursive: true, force: true });
});

const env = {
  ...process.env,
  SPEC_CONFORMANCE_USER: 'ci-bot',
  SPEC_CONFORMANCE_PASSWORD: PASSWORD,
  SPEC_CONFORMANCE_HEADERS: `x-vercel-protection-bypass: ${BYPASS}`,
  PREVIEW_TOKEN: TOKEN,
};

describe('secrets (issue 35): sent to the target, written nowhere', () => {
  let facts: AccessFacts;

  it('the run reaches the protected target with them; the run file, the facts and the console lines hold none', async () => {
    const lines: string[] = [];
    // --no-discovery needs a profile: one that names no scenario will do.
    const profileFile = join(work, 'p.json');
    writeFileSync(profileFile, JSON.stringify({ name: 'p', scenarios: {} }));
    const saved = { ...process.env };
    Object.assign(process.env, env);
    // The run's working folder (in the temporary folder) goes when the test is done, as the command removes its own.
    let resolved: Run | undefined;
    try {
      // The config adds a header from the environment ({env}); the rest comes from SPEC_CONFORMANCE_*.
      const loaded: LoadedConfig = { file: join(work, 'c.json'), dir: work, config: { targets: [{ url: targetUrl, mode: 'static', profile: profileFile }], discovery: false, headers: { 'x-nextjs-preview-token': { env: 'PREVIEW_TOKEN' } } } };
      const { run, settings } = await resolveRun(parseRunArgs(['--out', join(work, 'out')]), (l) => lines.push(l), work, loaded);
      resolved = run;
      facts = run.access!;
      expect(facts.headers?.names.sort()).toEqual(['x-nextjs-preview-token', 'x-vercel-protection-bypass']);
      expect(secretsEnv(settings.access.secrets).CONFORMANCE_SECRETS).toContain(PASSWORD);
      const file = writeRunFile(run);
      expect(free(readFileSync(file, 'utf8'))).toEqual([]);
      expect(free(JSON.stringify(facts))).toEqual([]);
      expect(free(lines.join('\n'))).toEqual([]);
      expect(lines.join('\n')).toMatch(/Access: basic auth .* headers? .*x-vercel-protection-bypass/);
    } finally {
      process.env = saved;
      endRun(resolved);
    }
    expect(seen.filter((s) => s.url.startsWith('target')).every((s) => s.auth === `Basic ${BASIC}` && s.bypass === BYPASS)).toBe(true);
  });

  it('they never go to another origin, not even through a redirect', async () => {
    const { siteFetch } = await import('../access/site-fetch');
    useAccess({ facts, secrets: { username: 'ci-bot', password: PASSWORD, headers: { 'x-vercel-protection-bypass': BYPASS } } });
    const res = await siteFetch(`${targetUrl}/away`);
    expect(res.status).toBe(200);
    const landing = seen.find((s) => s.url === 'other/landing');
    expect(landing).toEqual({ url: 'other/landing', auth: undefined, bypass: undefined });
  });

  it('every request extract redacts them: the request log and the evidence of a request with its headers', () => {
    useAccess({ facts });
    const log = new RequestLog(fakePage());
    const entry: LoggedRequest = {
      seq: 0, t: 1, method: 'GET', url: `${targetUrl}/plain.txt?_rsc=1`, resourceType: 'fetch', isDocument: false,
      headers: { rsc: '1', 'next-url': '/plain', authorization: `Basic ${BASIC}`, cookie: `s=${PASSWORD}`, 'x-vercel-protection-bypass': BYPASS, 'x-nextjs-preview-token': TOKEN },
      status: 200,
    };
    log.entries.push(entry);
    const extract = JSON.stringify(log.extract());
    const evidence = JSON.stringify(requestEvidence(entry, { headers: true }));
    expect(free(extract)).toEqual([]);
    expect(free(evidence)).toEqual([]);
    expect(evidence).toContain('"x-vercel-protection-bypass":"(redacted)"');
    expect(extract).toContain('"next-url":"/plain"');
  });

  it('the report in every format, from run facts that carry the access, holds none; the refusal messages neither', () => {
    const runFacts: Partial<RunFacts> = { access: facts };
    const report = buildReport({
      tests: [], modes: ['static'], selected: new Set(), gateScope: 'all',
      targets: [{ mode: 'static', url: targetUrl, reference: false, profile: 'p.json' }],
      suite: { name: 's', version: '1' }, startedAt: new Date(0), finishedAt: new Date(1), access: runFacts.access,
    });
    const outputs = [JSON.stringify(report), renderHtml(report), renderMarkdown(report), renderJUnit(report)];
    for (const o of outputs) expect(free(o)).toEqual([]);
    expect(renderMarkdown(report)).toMatch(/access: .*basic auth/);
    expect(free([refusalMessage(targetUrl, 401, 'Basic realm="x"', facts), refusalMessage(targetUrl, 403, null, facts)].join('\n'))).toEqual([]);
  });

  it('and the folder the run wrote holds none of them', () => {
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
    for (const f of files(work)) expect(free(readFileSync(f, 'utf8')), f).toEqual([]);
  });
});

describe('the CA file in what the run shows (issue 34: no path of the machine)', () => {
  it('is named relative to the command\'s working directory; the run keeps the absolute path it reads', () => {
    const facts = { trust: { ca: '/home/runner/work/app/certs/preview-ca.pem', from: '--ca', pins: [] }, origins: ['https://preview.example'] } as unknown as AccessFacts;
    const shown = shownAccess(facts, '/home/runner/work/app');
    expect(shown.trust.ca).toBe('certs/preview-ca.pem');
    expect(describeAccess(shown)).toBe('certificate authority certs/preview-ca.pem (--ca)');
    expect(facts.trust.ca).toBe('/home/runner/work/app/certs/preview-ca.pem');
  });
});
