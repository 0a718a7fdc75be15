/**
 * Fixture sites (fixtures/<name>/: pages and config, no code of the repository) built with the
 * repository's own Next.js in one delivery mode, and served on 127.0.0.1 like the reference site.
 * A build lives in .cache/fixtures/<name>-<variant>-<mode>/ (git-ignored) and is kept while its
 * inputs hash the same: every file of the fixture (not its README), the mode, the variant, the files taken out of
 * the export, and the installed next, react and react-dom (content, not timestamps).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { runCommand, type RunningServer } from '../launcher';
import type { Mode } from '../spec/clauses';
import { ROOT } from '../spec/root';
import { nextBin, startNext } from './hosts/next-start';
import { serveStatic } from './hosts/static-server';
import { installedVersion, isFresh, writeMarker } from './build-marker';
import type { ServeOptions, Target } from './target';

/** Bump when the way a fixture is built changes: every cached build becomes stale. */
const REVISION = 1;

export interface FixtureBuild {
  /** The fixture's folder name under fixtures/. */
  name: string;
  mode: Mode;
  /** Handed to the build and the server as FIXTURE_VARIANT (default "as-is"). */
  variant?: string;
  /** Static: files of the export to take out after the build (paths relative to out/). */
  removeFromExport?: readonly string[];
}

const fixtureDir = (name: string) => path.join(ROOT, 'fixtures', name);
const appDirOf = (b: FixtureBuild) => path.join(ROOT, '.cache', 'fixtures', `${b.name}-${b.variant ?? 'as-is'}-${b.mode}`);
const outputOf = (b: FixtureBuild) => path.join(appDirOf(b), b.mode === 'static' ? 'out' : '.next');
const markerOf = (b: FixtureBuild) => path.join(appDirOf(b), 'fixture-build.json');

function filesOf(dir: string, rel = ''): string[] {
  return fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const r = path.join(rel, e.name);
    if (e.isDirectory()) return /^(node_modules|\.next|out)$/.test(e.name) ? [] : filesOf(dir, r);
    // Its README and next-env.d.ts (written by the build) are not inputs.
    return e.isFile() && e.name !== 'next-env.d.ts' && !e.name.endsWith('.md') ? [r] : [];
  }).sort();
}

/** Hash of every input of the build. */
export function fixtureKey(b: FixtureBuild): string {
  const h = createHash('sha256');
  h.update(JSON.stringify({ rev: REVISION, mode: b.mode, variant: b.variant ?? 'as-is', remove: b.removeFromExport ?? [] }));
  const dir = fixtureDir(b.name);
  for (const f of filesOf(dir)) h.update(`\0${f}\0`).update(fs.readFileSync(path.join(dir, f)));
  for (const pkg of ['next', 'react', 'react-dom']) h.update(`\0${pkg}@${installedVersion(pkg)}`);
  return h.digest('hex');
}

const isFixtureFresh = (b: FixtureBuild): boolean => isFresh(markerOf(b), fixtureKey(b), path.join(outputOf(b), b.mode === 'static' ? 'index.html' : 'BUILD_ID'));

const envOf = (b: FixtureBuild): NodeJS.ProcessEnv => ({
  FIXTURE_MODE: b.mode, FIXTURE_VARIANT: b.variant ?? 'as-is', NEXT_TELEMETRY_DISABLED: '1', NEXT_IGNORE_INCORRECT_LOCKFILE: '1', NODE_ENV: 'production',
});

/** Assembles the fixture's app and builds it with the repository's Next.js (callers hold the build lock: target.ts ensureBuilt). */
async function buildFixture(b: FixtureBuild): Promise<number> {
  const dir = appDirOf(b);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(fixtureDir(b.name), dir, { recursive: true, filter: (src) => !/[\\/](node_modules|\.next|out)$/.test(src) });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const log = path.join(dir, 'build.log');
  const r = await runCommand(process.execPath, [nextBin(dir), 'build'], { cwd: dir, env: envOf(b), output: { file: log }, timeoutMs: 10 * 60_000 });
  if (r.code !== 0) throw new Error(`next build of fixtures/${b.name} (${b.mode}) failed (exit ${r.code}); log ${log}:\n${fs.readFileSync(log, 'utf8').split('\n').slice(-30).join('\n')}`);
  for (const f of b.mode === 'static' ? b.removeFromExport ?? [] : []) fs.rmSync(path.join(outputOf(b), f), { recursive: true, force: true });
  writeMarker(markerOf(b), { key: fixtureKey(b), builtAt: new Date().toISOString(), ms: r.ms });
  return r.ms;
}

/** Serves a built fixture: its export by the static host, or `next start` on its build. */
function serveFixture(b: FixtureBuild, opts: ServeOptions): Promise<RunningServer> {
  if (b.mode === 'static') return serveStatic({ dir: outputOf(b), port: opts.port });
  const dir = appDirOf(b);
  return startNext({ dir, port: opts.port, env: { ...process.env, ...envOf(b) }, output: opts.output ?? { file: path.join(dir, 'server.log'), append: true }, timeoutMs: 60_000, name: `next start (fixtures/${b.name})` });
}

/** A fixture site as a target (target.ts): built into .cache/fixtures/, served on 127.0.0.1. */
export function fixtureSite(b: FixtureBuild): Target & { output: string; dir: string } {
  return {
    name: `fixtures/${b.name}${b.variant ? ` (${b.variant})` : ''} (${b.mode})`,
    mode: b.mode,
    output: outputOf(b),
    dir: appDirOf(b),
    isFresh: () => isFixtureFresh(b),
    build: async () => ({ ms: await buildFixture(b) }),
    serve: (opts = {}) => serveFixture(b, opts),
  };
}

/**
 * fixtures/nothing-to-judge: one home page of text, and nothing else the site answers (its
 * README.md). As it is, the framework's not-found page is taken out (static: 404.html, so the
 * static host answers unknown addresses with its own page; server: middleware.server.ts answers
 * every other address in plain text). `frameworkNotFound` keeps that page: the variant, not in npm test.
 */
export function nothingToJudge(mode: Mode, opts: { frameworkNotFound?: boolean } = {}): FixtureBuild {
  return opts.frameworkNotFound
    ? { name: 'nothing-to-judge', mode, variant: 'framework-not-found' }
    : { name: 'nothing-to-judge', mode, removeFromExport: ['404.html', '404', '_not-found.html', '_not-found.txt'] };
}
