/**
 * `next build` of the reference site in one delivery mode, checked afterwards. The build runs
 * under guard.cjs, so it stops when the process that started it is stopped or killed.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { spawnGuarded } from '../../launcher';
import type { Mode } from '../../spec/clauses';
import { ROOT } from '../../spec/root';
import { SERVER_ONLY_ROUTES } from '../../site/content/behaviours';
import { writeServerCspManifest } from '../../site/lib/csp-manifest';
import { writeMarker } from '../build-marker';
import { nextBin } from '../hosts/next-start';
import { sourceHash } from './freshness';
import { assertMode, buildPaths, nextEnv, siteDir } from './paths';

export interface BuildResult {
  mode: Mode;
  buildId: string;
  /** Static: the export folder (site/out). Server: the build folder (site/.next-server). */
  dir: string;
  ms: number;
}

/** Routes that exist only in the server build (files named page.server.tsx). */
export { SERVER_ONLY_ROUTES };

export function newBuildId(): string {
  return `ref-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
}

/** Copies reports/conformance.html into site/public (or the placeholder page next to this file). */
export function prepareConformanceReport(): 'copied' | 'placeholder' {
  const source = path.join(ROOT, 'reports', 'conformance.html');
  const target = path.join(siteDir(), 'public', 'conformance-report.html');
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const copied = fs.existsSync(source);
  fs.copyFileSync(copied ? source : path.join(__dirname, 'report-placeholder.html'), target);
  return copied ? 'copied' : 'placeholder';
}

/** Runs `next build` for one mode. Resolves when the build is complete and checked. */
export async function buildSite(mode: Mode, opts: { buildId?: string; quiet?: boolean } = {}): Promise<BuildResult> {
  assertMode(mode);
  const buildId = opts.buildId ?? newBuildId();
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(buildId)) {
    throw new Error(`Invalid build id ${JSON.stringify(buildId)} (letters, digits, ".", "_", "-"; at most 64).`);
  }
  const paths = buildPaths(mode);
  prepareConformanceReport();
  fs.rmSync(paths.marker, { force: true });
  // Hashed before the build: a source changed while it runs makes the next check rebuild.
  const sources = sourceHash();

  const started = Date.now();
  const build = spawnGuarded(process.execPath, [nextBin(siteDir()), 'build'], {
    cwd: siteDir(),
    env: nextEnv(mode, { SITE_BUILD_ID: buildId }),
    stdio: opts.quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
  });
  let output = '';
  build.child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  build.child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await build.exited;
  const ms = Date.now() - started;
  if (code !== 0) {
    const tail = output ? `\n${output.split('\n').slice(-60).join('\n')}` : '';
    throw new Error(`next build (${mode}) failed with exit code ${code}.${tail}`);
  }
  checkBuild(mode, buildId);
  writeMarker(paths.marker, { mode, buildId, builtAt: new Date().toISOString(), ms, sourceHash: sources });
  return { mode, buildId, dir: paths.output, ms };
}

function checkBuild(mode: Mode, buildId: string): void {
  const paths = buildPaths(mode);
  if (mode === 'static') {
    for (const file of ['index.html', '404.html', 'index.txt']) {
      if (!fs.existsSync(path.join(paths.output, file))) throw new Error(`Static build finished but ${path.join(paths.output, file)} is missing.`);
    }
    for (const route of SERVER_ONLY_ROUTES) {
      for (const ext of ['.html', '.txt']) {
        const file = path.join(paths.output, `${route.slice(1)}${ext}`);
        if (fs.existsSync(file)) throw new Error(`Server-only route leaked into the static export: ${file}`);
      }
    }
    return;
  }
  const actual = fs.readFileSync(path.join(paths.buildDir, 'BUILD_ID'), 'utf8').trim();
  if (actual !== buildId) throw new Error(`Server build id is ${actual}, expected ${buildId}.`);
  // Script hashes of the pre-rendered pages, for the middleware's Content-Security-Policy.
  writeServerCspManifest(paths.buildDir);
}
