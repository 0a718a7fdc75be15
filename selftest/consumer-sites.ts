import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { since, type RunningServer } from '../launcher';
import { outputOf } from '../matrix/builder';
import { implementationTarget } from '../matrix/target';
import { loadVersions, planMatrix, selectRuns } from '../matrix/versions';
import { serveStatic } from '../targets/hosts/static-server';
import { serveNpmServer } from '../targets/hosts/npm-servers';
import { ensureBuilt } from '../targets/target';
import { BROKEN_TEXT, NOT_FOUND_TEXT, type ConsumerSite } from './consumer-steps';

/** The matrix runs behind the walk's sites: static exports of the multi-page template sites (template + extra pages). */
const RUNS = { 'next-14.2': 'next-14.2-static', 'next-16': 'next-16-static' } as const;

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? filesOf(join(dir, n)).map((f) => join(n, f)) : [n]));
}

/**
 * A deliberately broken build of a site: a copy of its export whose not-found text is changed in
 * every page, page-data file and script that carries it. Returns how many files changed.
 */
export function breakNotFound(from: string, to: string): number {
  cpSync(from, to, { recursive: true });
  let changed = 0;
  for (const f of filesOf(to).filter((x) => /\.(html|txt|js)$/.test(x))) {
    const text = readFileSync(join(to, f), 'utf8');
    if (!text.includes(NOT_FOUND_TEXT)) continue;
    writeFileSync(join(to, f), text.split(NOT_FOUND_TEXT).join(BROKEN_TEXT));
    changed++;
  }
  return changed;
}

/**
 * Builds (from the matrix's cache when fresh, MATRIX_CACHE honoured) and serves the walk's sites on
 * 127.0.0.1; the broken one is a changed copy of Next 14.2's export in `work`. Says what it did.
 */
export async function serveSites(work: string, servers: RunningServer[]): Promise<Record<ConsumerSite, string>> {
  const runs = selectRuns(planMatrix(loadVersions()).runs, Object.values(RUNS));
  const urls: Partial<Record<ConsumerSite, string>> = {};
  for (const r of runs) {
    const t = Date.now();
    const target = implementationTarget(r);
    // The matrix's own cache: never two builds of one implementation at once (npm test runs the protected check, which serves it too, first).
    const built = await ensureBuilt([target], { lock: false, log: () => undefined });
    const site = (Object.keys(RUNS) as (keyof typeof RUNS)[]).find((k) => RUNS[k] === r.id)!;
    // 14.2's export as a team previews it with `npx serve out`: a host that revalidates its assets.
    const s = site === 'next-14.2' ? await serveNpmServer('serve', { dir: outputOf(r.build) }) : await target.serve();
    servers.push(s);
    urls[site] = s.url;
    console.log(`  ${r.id}: ${built.length ? 'built' : 'fresh build from the cache'}, served at ${s.url}${site === 'next-14.2' ? ' by serve@14' : ''} (${since(t)})`);
    if (site === 'next-14.2') {
      const broken = join(work, 'next-14.2-broken');
      const n = breakNotFound(outputOf(r.build), broken);
      const b = await serveStatic({ dir: broken });
      servers.push(b);
      urls['next-14.2-broken'] = b.url;
      console.log(`  next-14.2-broken: its not-found text changed in ${n} files, served at ${b.url}`);
    }
  }
  return urls as Record<ConsumerSite, string>;
}
