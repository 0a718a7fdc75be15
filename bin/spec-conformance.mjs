#!/usr/bin/env node
// spec-conformance (also spec-conformance-harness, the package's name): judges a deployment against
// the page-delivery spec from any project, e.g. `npx spec-conformance --target https://example.com
// --mode static` or, with a spec-conformance.config.{ts,mjs,json} in the working directory, plain
// `npx spec-conformance`. Exit code: the CLI's (0 gate passed, 1 gate failed, 2 bad input or
// environment, 130/143 stopped by SIGINT/SIGTERM).
//
// Installed, it runs the CLI compiled when the package was packed (dist/, `npm run build:cli`):
// no TypeScript tool at run time. Everything it needs comes from the package's own install (its
// dependencies are bundled in the tarball, so npm can neither dedupe nor move a project's own
// @playwright/test). In a checkout of the repository it runs the TypeScript CLI through tsx (a
// development dependency) when that is installed, else the compiled one.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const pkgRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const installed = pkgRoot.split(sep).includes('node_modules');
const compiled = join(pkgRoot, 'dist', 'conformance', 'cli', 'conformance.js');

function fail(message) {
  console.error(`spec-conformance: ${message}`);
  process.exit(2);
}

function tsxCli() {
  try {
    return createRequire(join(pkgRoot, 'package.json')).resolve('tsx/cli');
  } catch {
    return undefined;
  }
}

const tsx = installed ? undefined : tsxCli();
if (tsx) {
  // A checkout: the TypeScript sources as they are. Signals go to the CLI, its exit code comes back
  // by the launcher's rule (launcher/exit-code.ts): the code, else 128 + the signal's number.
  const child = spawn(process.execPath, [tsx, join(pkgRoot, 'conformance', 'cli', 'conformance.ts'), ...process.argv.slice(2)], { stdio: 'inherit' });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1)));
  child.on('error', (e) => fail(`could not start the CLI: ${e.message}`));
} else {
  if (!existsSync(compiled)) fail(installed ? `${compiled} is missing: the package is incomplete, reinstall it.` : 'no compiled CLI (dist/) and no tsx: run npm install, or npm run build:cli.');
  // The compiled CLI, in this process: it parses process.argv, handles signals and exits itself.
  await import(pathToFileURL(compiled).href);
}
