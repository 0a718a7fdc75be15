/**
 * The reference site the mutants are made from: each mode's build, frozen once per run into
 * mutants/.work/_ref/ (other processes may rebuild site/ while the mutants run, and a build
 * replaced under a running `next start` breaks every page), and the unchanged reference of each
 * mode served once per run (the server mutants' upstream, and C7.3's other build).
 *   static: a copy of site/out (every static mutant starts from it);
 *   server: next.config.ts, lib/ (which it imports), public/ and .next-server/ (without its cache),
 *   where `next start` runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Mode } from '../../spec/clauses';
import type { RunningServer } from '../../launcher';
import { copyExport } from './transform';
import { buildPaths, buildSite, isBuildComplete, lastBuildId, serveServer } from '../../targets/reference';
import { ROOT } from '../../spec/root';
import { serveStatic } from '../../targets/hosts/static-server';
import { withBuildLock } from '../../targets/build-lock';
import { seconds } from '../../launcher/format';

/** Where mutants are prepared (git-ignored). */
export const WORK = path.join(ROOT, 'mutants', '.work');
const REF = path.join(WORK, '_ref');

/** Waits for a build another process is writing (its marker appears when it is done); builds when there is none. */
async function ensureBuild(mode: Mode): Promise<void> {
  if (isBuildComplete(mode)) return;
  const dir = buildPaths(mode).output;
  if (fs.existsSync(dir)) {
    process.stdout.write(`Waiting for the ${mode} build in ${path.relative(ROOT, dir)} to complete…\n`);
    for (let i = 0; i < 240 && !isBuildComplete(mode); i++) await sleep(1000);
    if (isBuildComplete(mode)) return;
  }
  await withBuildLock(async () => {
    if (isBuildComplete(mode)) return;
    process.stdout.write(`Building the reference site (${mode})…\n`);
    const b = await buildSite(mode, { quiet: true });
    process.stdout.write(`  built in ${seconds(b.ms)}\n`);
  }, { timeoutMs: 15 * 60_000 });
}

const snapshots: Partial<Record<Mode, Promise<string>>> = {};
/** Build id of each frozen build (from the build's marker), for the summary. */
export const snapshotBuilds: Partial<Record<Mode, string>> = {};

/** The frozen build of a mode (made on first use): the static export's copy, or the server site's folder. */
export function snapshot(mode: Mode): Promise<string> {
  snapshots[mode] ??= (async () => {
    await ensureBuild(mode);
    return withBuildLock(async () => {
      const site = path.dirname(buildPaths('server').buildDir);
      snapshotBuilds[mode] = lastBuildId(mode);
      if (mode === 'static') {
        const dir = path.join(REF, 'static');
        copyExport(buildPaths('static').output, dir);
        return dir;
      }
      const dir = path.join(REF, 'server-site');
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(dir, { recursive: true });
      const build = buildPaths('server').buildDir;
      fs.cpSync(build, path.join(dir, path.basename(build)), { recursive: true, filter: (src) => path.relative(build, src) !== 'cache' });
      for (const f of ['next.config.ts', 'lib', 'public']) fs.cpSync(path.join(site, f), path.join(dir, f), { recursive: true });
      return dir;
    }, { timeoutMs: 15 * 60_000 });
  })();
  return snapshots[mode]!;
}

/** The server snapshot's static assets folder (served under /_next/static). */
export async function serverStaticDir(): Promise<string> {
  return path.join(await snapshot('server'), path.basename(buildPaths('server').buildDir), 'static');
}

const shared: Partial<Record<Mode, Promise<RunningServer>>> = {};

/** The unchanged reference site of a mode (its snapshot), started once per run. */
export function reference(mode: Mode): Promise<RunningServer> {
  shared[mode] ??= (async () => {
    const dir = await snapshot(mode);
    const s = mode === 'static' ? await serveStatic({ dir }) : await serveServer({ dir, quiet: true, timeoutMs: 60_000 });
    process.stdout.write(`Reference site (${mode}) at ${s.url}\n`);
    return s;
  })();
  return shared[mode]!;
}

/** Stops the reference servers this run started. */
export async function stopReferences(): Promise<void> {
  const started = Object.values(shared);
  for (const mode of Object.keys(shared) as Mode[]) delete shared[mode];
  await Promise.all(started.map(async (s) => (await s.catch(() => undefined))?.stop().catch(() => undefined)));
}
