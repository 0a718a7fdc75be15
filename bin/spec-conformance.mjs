#!/usr/bin/env node
// spec-conformance: runs this package's conformance CLI (conformance/cli/conformance.ts) from any
// project, e.g. `npx spec-conformance --target https://example.com --mode static`. Paths of the
// suite resolve inside the package; the report goes to ./reports of the caller unless --out says
// otherwise. Exit code: the CLI's (0 gate passed, 1 gate failed, 2 bad input or environment).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'conformance', 'cli', 'conformance.ts');
const args = process.argv.slice(2);
const help = args.includes('--help') || args.includes('-h');

let tsx;
try {
  tsx = createRequire(join(root, 'package.json')).resolve('tsx/cli');
} catch {
  console.error('spec-conformance: its dependency tsx is not installed; reinstall the package (npm install spec-conformance-harness).');
  process.exit(2);
}
if (!existsSync(cli)) {
  console.error(`spec-conformance: ${cli} is missing; the package is incomplete, reinstall it.`);
  process.exit(2);
}

// The report belongs to the caller: default --out ./reports (relative to where the command runs).
const hasOut = args.some((a) => a === '--out' || a.startsWith('--out='));
const forwarded = help || hasOut ? args : [...args, '--out', resolve(process.cwd(), 'reports')];

if (help) {
  console.log('spec-conformance — judge a deployment against the page-delivery spec (seed-spec.md).');
  console.log('Installed as a package: the report goes to ./reports unless --out is given; with no --profile the target is crawled first (discovery).');
  console.log('');
}

const child = spawn(process.execPath, [tsx, cli, ...forwarded], { stdio: 'inherit', cwd: process.cwd(), env: process.env });
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1)));
child.on('error', (e) => { console.error(`spec-conformance: could not start the CLI: ${e.message}`); process.exit(2); });
