/**
 * Where the reference site and its builds are. Importing this module has no side effects.
 */
import path from 'node:path';
import { MODES, type Mode } from '../../spec/clauses';
import { ROOT } from '../../spec/root';

/** Absolute path of the site/ folder. */
export function siteDir(): string {
  return path.join(ROOT, 'site');
}

/**
 * Where each mode's build lands. With `output: 'export'` and a distDir other than `.next`, Next
 * writes the export to distDir ("out") and its intermediate build to `.next`.
 */
export function buildPaths(mode: Mode): { output: string; buildDir: string; marker: string } {
  const root = siteDir();
  if (mode === 'static') {
    const buildDir = path.join(root, '.next');
    return { output: path.join(root, 'out'), buildDir, marker: path.join(buildDir, 'site-build.json') };
  }
  const buildDir = path.join(root, '.next-server');
  return { output: buildDir, buildDir, marker: path.join(buildDir, 'site-build.json') };
}

export function assertMode(mode: unknown): asserts mode is Mode {
  if (!MODES.includes(mode as Mode)) {
    throw new Error(`Unknown mode ${JSON.stringify(mode)}: expected ${MODES.map((m) => `"${m}"`).join(' or ')}.`);
  }
}

/** Environment for `next build` / `next start` of the reference site. */
export function nextEnv(mode: Mode, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, SITE_MODE: mode, NEXT_TELEMETRY_DISABLED: '1', NEXT_IGNORE_INCORRECT_LOCKFILE: '1', ...extra };
}
