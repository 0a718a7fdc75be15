/**
 * Where the reference site and its builds are. Importing this module has no side effects.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MODES, type Mode } from '../spec/clauses';

// The delivery modes are the registry's (besides spec/, the launcher imports only the reference site's
// own modules it builds and serves with: site/lib, site/content); its own names for them stay for its importers.
export type SiteMode = Mode;
export const SITE_MODES = MODES;

/** Where this module's own file is, however it was loaded (CommonJS, ESM, tsx, Playwright). */
function ownFile(): string | undefined {
  if (typeof __filename === 'string' && __filename.endsWith('.ts')) return __filename;
  // ES modules have no __filename here (and import.meta cannot be written in a file that must
  // also load as CommonJS): read this function's own location from a stack trace.
  const stack = new Error().stack ?? '';
  let text = stack;
  try {
    text = decodeURIComponent(stack);
  } catch {
    /* keep the raw stack */
  }
  return /(?:file:\/\/)?(\/[^\s:()?]*\/launcher\/paths\.ts)/.exec(text)?.[1];
}

function findSiteDir(): string {
  if (process.env.SITE_DIR) return path.resolve(process.env.SITE_DIR);
  const candidates: string[] = [];
  if (typeof __dirname === 'string') candidates.push(path.resolve(__dirname, '..', 'site'));
  const file = ownFile();
  if (file) candidates.push(path.resolve(path.dirname(file), '..', 'site'));
  // Last resort: walk up from the working directory.
  let dir = process.cwd();
  for (;;) {
    candidates.push(dir, path.join(dir, 'site'));
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  const found = candidates.find((c) => fs.existsSync(path.join(c, 'next.config.ts')) && fs.existsSync(path.join(c, 'app')));
  if (!found) throw new Error('Cannot find the site folder (set SITE_DIR to the folder holding next.config.ts).');
  return found;
}

let cachedSiteDir: string | undefined;
/** Absolute path of the site/ folder. */
export function siteDir(): string {
  cachedSiteDir ??= findSiteDir();
  return cachedSiteDir;
}

/** Repository root (the folder holding site/). */
export function repoRoot(): string {
  return path.dirname(siteDir());
}

/**
 * Where each mode's build lands. With `output: 'export'` and a distDir other than `.next`, Next
 * writes the export to distDir ("out") and its intermediate build to `.next`.
 */
export function buildPaths(mode: SiteMode): { output: string; buildDir: string; marker: string } {
  const root = siteDir();
  if (mode === 'static') {
    const buildDir = path.join(root, '.next');
    return { output: path.join(root, 'out'), buildDir, marker: path.join(buildDir, 'site-build.json') };
  }
  const buildDir = path.join(root, '.next-server');
  return { output: buildDir, buildDir, marker: path.join(buildDir, 'site-build.json') };
}

/** The `next` command of the installed Next.js (node_modules found from `from` upwards, default site/). */
export function nextBin(from = siteDir()): string {
  let dir = from;
  for (;;) {
    const candidate = path.join(dir, 'node_modules', 'next', 'dist', 'bin', 'next');
    if (fs.existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find node_modules/next (run npm install at the repository root).');
    dir = parent;
  }
}

export function assertMode(mode: unknown): asserts mode is SiteMode {
  if (mode !== 'static' && mode !== 'server') {
    throw new Error(`Unknown mode ${JSON.stringify(mode)}: expected "static" or "server".`);
  }
}

/** Environment for `next build` / `next start` of the reference site. */
export function nextEnv(mode: SiteMode, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, SITE_MODE: mode, NEXT_TELEMETRY_DISABLED: '1', NEXT_IGNORE_INCORRECT_LOCKFILE: '1', ...extra };
}
