import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { Mode } from '../../spec/clauses';
import { installedVersion, isFresh, readMarker } from '../build-marker';
import { assertMode, buildPaths, siteDir } from './paths';

/** Folders and files under site/ that are not build inputs. */
const IGNORED_NAMES = new Set(['node_modules', 'out', '.next', '.next-server', 'scripts', 'tests', 'next-env.d.ts', '.DS_Store', '.build-lock']);
const IGNORED_RELATIVE = new Set([path.join('public', 'conformance-report.html'), 'tsconfig.tsbuildinfo']);

/** Every build input under site/, as paths relative to site/, sorted. */
function sourceFiles(dir: string, root: string, into: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (IGNORED_NAMES.has(entry.name) || entry.name.startsWith('.next')) continue;
    const full = path.join(dir, entry.name);
    const rel = path.relative(root, full);
    // A unit test beside the site's code (site/lib, site/content) is not built into the site.
    if (IGNORED_RELATIVE.has(rel) || entry.name.endsWith('.test.ts')) continue;
    if (entry.isDirectory()) sourceFiles(full, root, into);
    else if (entry.isFile()) into.push(rel);
  }
  return into.sort();
}

/**
 * A hash of what a build is made from: every source file under site/ (path and content) and the
 * Next.js and React versions installed. Content, not timestamps: a fresh clone, a checkout or a
 * touch that changes nothing keeps the build; any changed byte rebuilds it.
 */
export function sourceHash(): string {
  const root = siteDir();
  const h = createHash('sha256');
  for (const rel of sourceFiles(root, root)) {
    h.update(`${rel}\0`);
    h.update(fs.readFileSync(path.join(root, rel)));
    h.update('\0');
  }
  for (const pkg of ['next', 'react', 'react-dom']) h.update(`${pkg}@${installedVersion(pkg)}\0`);
  return h.digest('hex');
}

/** True when that mode's build finished: its marker and its output (index.html / BUILD_ID) exist. */
export function isBuildComplete(mode: Mode): boolean {
  return fs.existsSync(buildPaths(mode).marker) && fs.existsSync(finishedOutput(mode));
}

/** The file a finished build of that mode has written last but the marker: index.html / BUILD_ID. */
function finishedOutput(mode: Mode): string {
  assertMode(mode);
  const paths = buildPaths(mode);
  return mode === 'static' ? path.join(paths.output, 'index.html') : path.join(paths.buildDir, 'BUILD_ID');
}

/**
 * True when that mode's build output exists and was made from the sources as they are now (the
 * source hash recorded by the build equals sourceHash(); build folders, node_modules, scripts/,
 * tests/, next-env.d.ts and the copied conformance report are not sources).
 */
export function isBuildFresh(mode: Mode): boolean {
  return isFresh(buildPaths(mode).marker, sourceHash(), finishedOutput(mode), 'sourceHash');
}

/** The build id recorded by the last successful build of that mode, if any. */
export function lastBuildId(mode: Mode): string | undefined {
  assertMode(mode);
  const id = readMarker<{ buildId?: unknown }>(buildPaths(mode).marker)?.buildId;
  return typeof id === 'string' ? id : undefined;
}
