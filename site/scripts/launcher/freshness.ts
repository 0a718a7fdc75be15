import fs from 'node:fs';
import path from 'node:path';
import { assertMode, buildPaths, siteDir, type SiteMode } from './paths';

/** Folders and files under site/ that are not build inputs. */
const IGNORED_NAMES = new Set(['node_modules', 'out', '.next', '.next-server', 'scripts', 'tests', 'next-env.d.ts', '.DS_Store', '.build-lock']);
const IGNORED_RELATIVE = new Set([path.join('public', 'conformance-report.html'), 'tsconfig.tsbuildinfo']);

function newestSourceMtime(dir: string, root: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (IGNORED_NAMES.has(entry.name) || entry.name.startsWith('.next')) continue;
    const full = path.join(dir, entry.name);
    if (IGNORED_RELATIVE.has(path.relative(root, full))) continue;
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceMtime(full, root));
    else if (entry.isFile()) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** True when that mode's build finished: its marker and its output (index.html / BUILD_ID) exist. */
export function isBuildComplete(mode: SiteMode): boolean {
  assertMode(mode);
  const paths = buildPaths(mode);
  const required = mode === 'static' ? path.join(paths.output, 'index.html') : path.join(paths.buildDir, 'BUILD_ID');
  return fs.existsSync(paths.marker) && fs.existsSync(required);
}

/**
 * True when that mode's build output exists and was completed after the last change to any
 * source file under site/ (build folders, node_modules, scripts/, tests/, next-env.d.ts and the
 * copied conformance report are not sources).
 */
export function isBuildFresh(mode: SiteMode): boolean {
  if (!isBuildComplete(mode)) return false;
  const builtAt = fs.statSync(buildPaths(mode).marker).mtimeMs;
  const root = siteDir();
  return newestSourceMtime(root, root) < builtAt;
}

/** The build id recorded by the last successful build of that mode, if any. */
export function lastBuildId(mode: SiteMode): string | undefined {
  assertMode(mode);
  try {
    const data = JSON.parse(fs.readFileSync(buildPaths(mode).marker, 'utf8')) as { buildId?: unknown };
    return typeof data.buildId === 'string' ? data.buildId : undefined;
  } catch {
    return undefined;
  }
}
