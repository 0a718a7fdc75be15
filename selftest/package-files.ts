/**
 * What the package ships: what an installed run uses, and nothing of this repository's own. The code
 * is every file of conformance/, spec/ and launcher/ that the installed entry points reach by their
 * imports — the command, the library, the suite's Playwright config and what it names by path
 * (global setup, the reporter, the tests), the launcher's guard — plus the data they read (schemas,
 * presets, the spec for auditors, the pages beside the report). package.json's `files` is written
 * from it by `npm run generate` (the files of those folders that nothing installed reaches are
 * excluded by name, each one computed, none written by hand); selftest/house/package-files.test.ts
 * fails while it differs, and checks `npm pack`'s own list.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../spec/root';
import { CODE, filesUnder, importsOf } from './house/repo-files';

/** The folders whose code an installed run uses (the rest of the repository never ships). */
export const SHIPPED_ROOMS = ['conformance', 'spec', 'launcher'];

/** Where an installed run starts: by import, or named by path (Playwright's config names its setup, reporters and tests; the launcher spawns its guard). */
export function installedEntries(): string[] {
  return ['conformance/cli/conformance.ts', 'conformance/api/index.ts', 'conformance/playwright.config.ts', 'conformance/setup/global-setup.ts',
    'conformance/report/reporter.ts', 'conformance/report/console.ts', 'launcher/guard.cjs', ...filesUnder('conformance/tests').filter((f) => f.endsWith('.spec.ts'))];
}

/** Every code file an installed run reaches from its entries. */
export function reached(entries = installedEntries()): Set<string> {
  const seen = new Set<string>();
  const todo = [...entries];
  for (let f = todo.pop(); f !== undefined; f = todo.pop()) {
    if (seen.has(f)) continue;
    seen.add(f);
    todo.push(...importsOf(f));
  }
  return seen;
}

/** The code files of the shipped folders that no installed run reaches: generators, the repository's tools over the suite. */
export function unreached(): string[] {
  const r = reached();
  return SHIPPED_ROOMS.flatMap((d) => filesUnder(d)).filter((f) => CODE.test(f) && !/\.test\.ts$/.test(f) && !f.split('/').includes('unit') && !r.has(f)).sort();
}

/** package.json's `files`, as generated. */
export function packageFiles(): string[] {
  return [
    'bin/spec-conformance.mjs', 'dist/', ...SHIPPED_ROOMS.map((d) => `${d}/`),
    '/docs/report.md', '/docs/config.md', '/docs/security.md', '/docs/ci/', '/tsconfig.json',
    // Tests, by kind, and the code nothing installed reaches, by name (computed, never written by hand).
    '!**/unit/', '!**/*.test.ts', ...unreached().map((f) => `!${f}`),
  ];
}

if (process.argv.includes('--write')) {
  const file = join(ROOT, 'package.json');
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as { files: string[] };
  pkg.files = packageFiles();
  writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
  console.log(`wrote package.json's files (${pkg.files.length} entries)`);
}
