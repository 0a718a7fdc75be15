import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSync } from '../launcher/run-sync';
import { makeTestCertificates, type TestCertificates } from '../targets/hosts/protected-host';
import { checkTraceArgs } from '../conformance/cli/access-step';
import { settleAccess } from '../conformance/config/access';
import { validateConfig } from '../conformance/config/load';
import { spkiHash, useAccess } from '../conformance/access/access';
import { probeTarget } from '../conformance/setup/probe';
import { acceptedKeys, closeSiteConnections } from '../conformance/access/site-fetch';
import { UsageError } from '../conformance/run/args';

/** The trust and credentials settled from flags, environment and config, and Node's side of the trust. */
const work = mkdtempSync(join(tmpdir(), 'access-test-'));
const hasOpenssl = runSync('openssl', ['version']).status === 0;
let certs: TestCertificates | undefined;
let server: https.Server | undefined;
let url = '';

beforeAll(async () => {
  writeFileSync(join(work, 'not-pem.txt'), 'hello');
  if (!hasOpenssl) return;
  certs = await makeTestCertificates(join(work, 'certs'));
  server = https.createServer({ key: readFileSync(certs.keyFile), cert: readFileSync(certs.certFile) }, (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<script src="/_next/static/x.js"></script>'));
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  useAccess(undefined);
  closeSiteConnections();
  server?.closeAllConnections();
  server?.close();
  rmSync(work, { recursive: true, force: true });
});

const refused = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
  throw new Error('not refused');
};

describe('access settings (config/access.ts)', () => {
  const loaded = (config: object) => ({ file: join(work, 'spec-conformance.config.json'), dir: work, config });

  it('flags over the environment over the config; secrets apart from the facts', () => {
    const a = settleAccess({ insecure: true }, loaded({ ca: 'x.pem', httpCredentials: { username: 'u', password: { env: 'PW' } }, headers: { 'X-Bypass': { env: 'BY' } } }), { PW: 'sekrit', BY: 'b1', SPEC_CONFORMANCE_HEADERS: 'x-other: o1' }, work);
    expect(a.facts).toEqual({ trust: { insecure: true, from: '--insecure' }, credentials: { from: expect.stringMatching(/^httpCredentials of the config/) }, headers: { names: ['x-bypass', 'x-other'], from: expect.stringMatching(/"headers" of the config .* and SPEC_CONFORMANCE_HEADERS/) } });
    expect(a.secrets).toEqual({ username: 'u', password: 'sekrit', headers: { 'x-bypass': 'b1', 'x-other': 'o1' } });
    expect(JSON.stringify(a.facts)).not.toMatch(/sekrit|b1|o1/);
    // The environment's credentials win over the config's.
    expect(settleAccess({}, loaded({ httpCredentials: { username: 'u', password: 'p' } }), { SPEC_CONFORMANCE_USER: 'e', SPEC_CONFORMANCE_PASSWORD: 'q' }, work).secrets).toMatchObject({ username: 'e', password: 'q' });
  });

  it('refuses bad input with one sentence naming the setting', () => {
    expect(refused(() => settleAccess({ ca: 'missing.pem' }, undefined, {}, work))).toMatch(/^--ca .*missing\.pem does not exist: give the PEM file/);
    expect(refused(() => settleAccess({ ca: 'not-pem.txt' }, undefined, {}, work))).toMatch(/holds no PEM certificate/);
    expect(refused(() => settleAccess({}, undefined, { SPEC_CONFORMANCE_CA: 'not-pem.txt', SPEC_CONFORMANCE_INSECURE: '1' }, work))).toMatch(/^SPEC_CONFORMANCE_CA and SPEC_CONFORMANCE_INSECURE=1 do not go together/);
    // A flag decides over the environment: no contradiction, and the environment's file is not read.
    expect(settleAccess({ insecure: true }, undefined, { SPEC_CONFORMANCE_CA: 'not-pem.txt' }, work).facts.trust).toEqual({ insecure: true, from: '--insecure' });
    expect(refused(() => settleAccess({}, undefined, { SPEC_CONFORMANCE_INSECURE: 'maybe' }, work))).toMatch(/SPEC_CONFORMANCE_INSECURE=maybe is neither 1 nor 0/);
    expect(refused(() => settleAccess({}, undefined, { SPEC_CONFORMANCE_PASSWORD: 'p' }, work))).toMatch(/SPEC_CONFORMANCE_USER is not/);
    expect(refused(() => settleAccess({}, loaded({ headers: { 'x-a': { env: 'NOPE' } } }), {}, work))).toMatch(/names the environment variable NOPE, which is not set/);
    expect(refused(() => settleAccess({}, undefined, { SPEC_CONFORMANCE_HEADERS: 'no colon here' }, work))).toMatch(/"Name: value"/);
    expect(refused(() => settleAccess({}, undefined, { SPEC_CONFORMANCE_HEADERS: 'Authorization: x' }, work))).toMatch(/cannot be set by the run \(give basic auth/);
    // Every refusal is one sentence.
    for (const m of [refused(() => settleAccess({ ca: 'missing.pem' }, undefined, {}, work))]) expect(m.split(/\.\s/).length).toBe(1);
  });

  it('a run that sends secrets records no trace: --trace is refused with them, allowed without', () => {
    const withSecrets = settleAccess({}, undefined, { SPEC_CONFORMANCE_HEADERS: 'x-a: v' }, work);
    expect(refused(() => checkTraceArgs(['--trace', 'on'], withSecrets))).toMatch(/^--trace on would record the credentials and headers/);
    expect(refused(() => checkTraceArgs(['--trace=retain-on-failure'], withSecrets))).toMatch(/^--trace retain-on-failure/);
    expect(() => checkTraceArgs(['--trace', 'off'], withSecrets)).not.toThrow();
    expect(() => checkTraceArgs(['--trace', 'on'], settleAccess({ insecure: true }, undefined, {}, work))).not.toThrow();
  });

  it('the schema takes the new keys, a secret as a string or {env}', () => {
    expect(validateConfig({ ca: 'ca.pem', insecure: false, httpCredentials: { username: 'u', password: { env: 'PW' } }, headers: { 'x-a': 'v', 'x-b': { env: 'B' } } })).toEqual([]);
    expect(validateConfig({ httpCredentials: { username: 'u' } })).toEqual([expect.stringMatching(/httpCredentials needs "password"/)]);
  });
});

describe.skipIf(!hasOpenssl)('Node\'s side of the trust (access/site-fetch.ts)', () => {
  it('an untrusted certificate: the server answered, and both options are named', async () => {
    useAccess(undefined);
    const p = await probeTarget(url);
    expect(p.reachable).toBe(false);
    expect(p.error).toMatch(/^Target https:\/\/127\.0\.0\.1:\d+ answered with a certificate this machine does not trust \(.+\): give the certificate authority that signed it with --ca <file> .*or accept it untrusted with --insecure/);
    expect(p.error).not.toMatch(/unreachable|server is running/);
  });

  it('with the CA: verified, and its key noted for the browser; with --insecure: accepted as presented', async () => {
    const caPem = readFileSync(certs!.caFile, 'utf8');
    useAccess({ facts: { trust: { insecure: false, ca: certs!.caFile, pins: [] }, origins: [url] }, caPem });
    expect(await probeTarget(url)).toMatchObject({ reachable: true, status: 200, isThisKind: true });
    expect([...acceptedKeys.get(url) ?? []]).toEqual([spkiHash(readFileSync(certs!.certFile, 'utf8'))]);
    closeSiteConnections();
    useAccess({ facts: { trust: { insecure: true, pins: [] }, origins: [url] } });
    expect(await probeTarget(url)).toMatchObject({ reachable: true, status: 200 });
  });
});
