/**
 * The site the self-test judges: the matrix's Next 14.2 template export (matrix/versions.json
 * `next-14.2-static`, built by the matrix's builder — from its cache when fresh, as
 * selftest/consumer-sites.ts does), served by the static server over plain HTTP, and the same
 * server behind a protected host (targets/hosts/protected-host.ts): HTTPS with a certificate authority
 * made here, basic auth and a required header. stop() ends both.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RunningServer } from '../launcher';
import { makeTestCertificates, startProtectedHost, type ProtectedHost, type TestCertificates } from '../targets/hosts/protected-host';
import { buildSite, ensureInstall, ensureTemplate, isFresh, outputOf } from '../matrix/builder';
import { loadVersions, planMatrix, selectRuns } from '../matrix/versions';
import { serveStatic } from '../targets/hosts/static-server';

export const RUN_ID = 'next-14.2-static';

/** The planted secrets: what must appear in no file a run writes. */
export const SECRETS = {
  username: 'selftest-user',
  password: `pw-${'planted'}-${process.pid}-7Zq`,
  header: 'x-preview-bypass',
  value: `bypass-${'planted'}-${process.pid}-Kx9`,
};

export interface Sites {
  plain: string;
  protected: string;
  certs: TestCertificates;
  host: ProtectedHost;
  /** How the export was had: "fresh build from the cache" or "built". */
  how: string;
  stop(): Promise<void>;
}

export async function serveSites(work: string): Promise<Sites> {
  const [r] = selectRuns(planMatrix(loadVersions()).runs, [RUN_ID]);
  if (!r) throw new Error(`matrix/versions.json has no run ${RUN_ID}.`);
  let how = 'fresh build from the cache';
  if (!isFresh(r.build)) {
    await ensureTemplate(r.build.pin);
    await ensureInstall(r.build.pin);
    await buildSite(r.build);
    how = 'built';
  }
  const started: RunningServer[] = [];
  try {
    const plain = await serveStatic({ dir: outputOf(r.build) });
    started.push(plain);
    const certs = await makeTestCertificates(join(work, 'certs'));
    const host = await startProtectedHost({
      upstream: plain.url,
      key: readFileSync(certs.keyFile, 'utf8'),
      cert: readFileSync(certs.certFile, 'utf8'),
      credentials: { username: SECRETS.username, password: SECRETS.password },
      header: { name: SECRETS.header, value: SECRETS.value },
    });
    started.push(host);
    return { plain: plain.url, protected: host.url, certs, host, how, stop: () => stopAll(started) };
  } catch (e) {
    await stopAll(started);
    throw e;
  }
}

async function stopAll(servers: RunningServer[]): Promise<void> {
  await Promise.all(servers.map((s) => s.stop().catch(() => undefined)));
}
