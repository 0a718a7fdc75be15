// npm run build:cli (run by prepack): compiles the command line and what it loads outside
// Playwright (tsconfig.cli.json) into dist/, as CommonJS, so the installed package needs no
// TypeScript tool to start; then copies next to it the launcher's guard (guard.cjs, plain JavaScript that
// the compiled code starts). Playwright compiles the suite's own files (tests, harness, report) itself.
import { spawnSync } from 'node:child_process';
import { copyFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
const r = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.cli.json')], { stdio: 'inherit' });
if (r.status !== 0) {
  console.error(`build:cli: tsc failed (exit ${r.status ?? r.signal}).`);
  process.exit(1);
}
// The process library's guard, run with plain node beside the compiled code that starts it.
copyFileSync(join(root, 'launcher', 'guard.cjs'), join(dist, 'launcher', 'guard.cjs'));
console.log('build:cli: dist/ written.');
