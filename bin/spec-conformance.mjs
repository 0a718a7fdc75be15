#!/usr/bin/env node
// spec-conformance: runs this package's conformance CLI (conformance/cli/conformance.ts) from any
// project, e.g. `npx spec-conformance --target https://example.com --mode static`. The report goes
// to ./reports of the caller unless --out says otherwise. Exit code: the CLI's (0 gate passed,
// 1 gate failed, 2 bad input or environment, 130/143 stopped by SIGINT/SIGTERM).
//
// Playwright transpiles TypeScript only outside node_modules, and the suite is TypeScript: when
// this package is installed (inside node_modules) its files are copied once per version into a
// cache folder ($SPEC_CONFORMANCE_CACHE, default ~/.cache/spec-conformance) whose node_modules
// points at the folder the package's own dependencies were installed into.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants, homedir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkgRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const help = args.includes('--help') || args.includes('-h');

function fail(message) {
  console.error(`spec-conformance: ${message}`);
  process.exit(2);
}

/** The folder holding the package's dependencies (where @playwright/test resolves from the package). */
function dependencyFolder(req) {
  const pw = req.resolve('@playwright/test/package.json');
  return dirname(dirname(dirname(pw))); // <deps>/@playwright/test/package.json → <deps>
}

/** The suite's root, outside node_modules: the package itself, or its cached copy. */
function suiteRoot() {
  if (!pkgRoot.split(sep).includes('node_modules')) return pkgRoot;
  const req = createRequire(join(pkgRoot, 'package.json'));
  let deps;
  try { deps = dependencyFolder(req); } catch { fail('its dependency @playwright/test is not installed; reinstall the package.'); }
  const pkgJson = readFileSync(join(pkgRoot, 'package.json'));
  const key = createHash('sha256').update(pkgRoot).update(pkgJson).update(String(statSync(join(pkgRoot, 'package.json')).mtimeMs)).digest('hex').slice(0, 12);
  const version = JSON.parse(pkgJson.toString()).version;
  const cache = process.env.SPEC_CONFORMANCE_CACHE || join(homedir(), '.cache', 'spec-conformance');
  const root = join(cache, `${version}-${key}`);
  if (existsSync(join(root, '.complete'))) return root;
  // Copied whole into a temporary folder, then renamed: a half-written copy is never used.
  const tmp = `${root}.${process.pid}.tmp`;
  try {
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(dirname(root), { recursive: true });
    cpSync(pkgRoot, tmp, { recursive: true, filter: (src) => !src.slice(pkgRoot.length).split(sep).includes('node_modules') });
    symlinkSync(deps, join(tmp, 'node_modules'), 'dir');
    writeFileSync(join(tmp, '.complete'), `${pkgRoot}\n`);
    rmSync(root, { recursive: true, force: true });
    renameSync(tmp, root);
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    if (existsSync(join(root, '.complete'))) return root; // another run made it meanwhile
    fail(`could not prepare its copy in ${cache} (${e.message}); set SPEC_CONFORMANCE_CACHE to a writable folder.`);
  }
  return root;
}

const root = suiteRoot();
const cli = join(root, 'conformance', 'cli', 'conformance.ts');
if (!existsSync(cli)) fail(`${cli} is missing; the package is incomplete, reinstall it.`);
let tsx;
try {
  tsx = createRequire(join(root, 'package.json')).resolve('tsx/cli');
} catch {
  fail('its dependency tsx is not installed; reinstall the package.');
}

// The report belongs to the caller: default --out ./reports (relative to where the command runs).
const hasOut = args.some((a) => a === '--out' || a.startsWith('--out='));
const forwarded = help || hasOut ? args : [...args, '--out', resolve(process.cwd(), 'reports')];

if (help) {
  console.log('spec-conformance — judge a deployment against the page-delivery spec (seed-spec.md).');
  console.log('Installed as a package: the report goes to ./reports unless --out is given; with no --profile the target is crawled first (discovery).');
  console.log('');
}

// This file is plain JavaScript run by node before tsx is there, so it cannot load the TypeScript
// process library (launcher/): it keeps one plain child, the CLI, which does the rest through the
// library. Signals go to the CLI, and its exit code comes back by the library's rule
// (launcher/exit-code.ts): the code, else 128 + the number of the signal that ended it.
const child = spawn(process.execPath, [tsx, cli, ...forwarded], { stdio: 'inherit', cwd: process.cwd(), env: process.env });
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1)));
child.on('error', (e) => fail(`could not start the CLI: ${e.message}`));
