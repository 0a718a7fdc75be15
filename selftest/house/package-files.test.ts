import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSync } from '../../launcher/run-sync';
import { ROOT } from '../../spec/root';
import { packageFiles, reached, SHIPPED_ROOMS } from '../package-files';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[] };

/** Paths of npm pack's list that are this repository's own, or tests: each would ship what no installed run uses. */
export function repositoryOnly(paths: readonly string[]): string[] {
  const ok = (p: string) => p.startsWith('node_modules/') || ['LICENSE', 'README.md', 'package.json', 'tsconfig.json', 'bin/spec-conformance.mjs'].includes(p)
    || p.startsWith('dist/') || ['docs/report.md', 'docs/config.md', 'docs/security.md'].includes(p) || p.startsWith('docs/ci/')
    || SHIPPED_ROOMS.some((d) => p.startsWith(`${d}/`));
  return paths.filter((p) => !ok(p) || /\.test\.ts$/.test(p) || p.split('/').includes('unit'));
}

describe('the package ships what an installed run uses', () => {
  it('package.json\'s files are as generated (run `npm run generate` after adding or removing a module)', () => {
    expect(pkg.files).toEqual(packageFiles());
  });

  it('npm pack\'s own list holds no file of the repository\'s own (targets, selftest, the site, the tools, fixtures, tests)', () => {
    const r = runSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, timeoutMs: 60_000 });
    const paths = (JSON.parse(r.stdout) as { files: { path: string }[] }[])[0].files.map((f) => f.path);
    expect(paths.length).toBeGreaterThan(50);
    expect(repositoryOnly(paths)).toEqual([]);
    // Every code file an installed run reaches is in it (the rest of the list is data and docs).
    const shipped = new Set(paths);
    expect([...reached()].filter((f) => !shipped.has(f))).toEqual([]);
  }, 60_000);

  it('goes red on a repository file or a test in the list', () => {
    expect(repositoryOnly(['targets/setup.ts', 'selftest/test-all.ts', 'site/app/page.tsx', 'conformance/unit/x.test.ts', 'spec/registry/registry.test.ts', 'docs/design.md', 'conformance/run/model.ts', 'node_modules/ajv/package.json'])).toEqual(['targets/setup.ts', 'selftest/test-all.ts', 'site/app/page.tsx', 'conformance/unit/x.test.ts', 'spec/registry/registry.test.ts', 'docs/design.md']);
  });
});
