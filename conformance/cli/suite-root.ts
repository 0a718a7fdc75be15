import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { UsageError } from '../run/args';
import { ROOT } from '../../spec/root';

/** Whether this copy of the suite sits inside a node_modules folder (installed as a package). */
export function isInstalled(root = ROOT): boolean {
  return root.split(sep).includes('node_modules');
}

/**
 * The folder Playwright runs the suite from: the package itself, or — installed, inside
 * node_modules, where Playwright does not compile TypeScript — a copy of it made once per
 * installed version in $SPEC_CONFORMANCE_CACHE (default ~/.cache/spec-conformance), whose
 * node_modules points at the package's own dependencies (bundled in the tarball, so they are in
 * the package's own node_modules, never the project's).
 */
export function suiteRoot(root = ROOT): string {
  if (!isInstalled(root)) return root;
  const deps = join(root, 'node_modules');
  if (!existsSync(join(deps, '@playwright', 'test', 'package.json'))) {
    throw new UsageError(`The package's own Playwright is missing (${join(deps, '@playwright', 'test')}): reinstall spec-conformance-harness.`);
  }
  const pkgJson = readFileSync(join(root, 'package.json'));
  const key = createHash('sha256').update(root).update(pkgJson).update(String(statSync(join(root, 'package.json')).mtimeMs)).digest('hex').slice(0, 12);
  const version = (JSON.parse(pkgJson.toString()) as { version: string }).version;
  const cache = process.env.SPEC_CONFORMANCE_CACHE || join(homedir(), '.cache', 'spec-conformance');
  const copy = join(cache, `${version}-${key}`);
  if (existsSync(join(copy, '.complete'))) return copy;
  // Copied whole into a temporary folder, then renamed: a half-written copy is never used.
  const tmp = `${copy}.${process.pid}.tmp`;
  try {
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(dirname(copy), { recursive: true });
    cpSync(root, tmp, { recursive: true, filter: (src) => !src.slice(root.length).split(sep).includes('node_modules') });
    symlinkSync(deps, join(tmp, 'node_modules'), 'dir');
    writeFileSync(join(tmp, '.complete'), `${root}\n`);
    rmSync(copy, { recursive: true, force: true });
    renameSync(tmp, copy);
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    if (existsSync(join(copy, '.complete'))) return copy; // another run made it meanwhile
    throw new UsageError(`Could not prepare the suite's copy in ${cache} (${(e as Error).message}): set SPEC_CONFORMANCE_CACHE to a writable folder.`);
  }
  return copy;
}

/** The package's name and version, and the Playwright it runs. */
export function versionLine(root = ROOT): string {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; version: string };
  let pw = 'not installed';
  try {
    pw = (JSON.parse(readFileSync(require.resolve('@playwright/test/package.json'), 'utf8')) as { version: string }).version;
  } catch { /* named as such */ }
  return `${pkg.name} ${pkg.version} (Playwright ${pw}, Node ${process.versions.node})`;
}
