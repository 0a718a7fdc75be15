import path from 'node:path';
import { describe, expect, it } from 'vitest';
import suiteConfig from '../../conformance/playwright.config';
import repoConfig from '../../playwright.config';
import { ROOT } from '../../spec/root';
import { UNIT_INCLUDE } from '../../vitest.config';
import { filesUnder } from './repo-files';

/**
 * Every test file runs: a unit test (*.test.ts, wherever it sits: vitest.config.ts includes
 * UNIT_INCLUDE) or a browser test (*.spec.ts inside a Playwright project's testDir of the
 * repository's config). A test written where neither runner looks — a *.spec.ts outside those
 * folders, a *.test.tsx, a unit test inside a Playwright folder (run by both) — fails here. Browser tests are
 * the suite's (conformance/playwright.config.ts) and the site checks' (the repository's playwright.config.ts).
 */
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

export function lost(files: readonly string[], testDirs: readonly string[], unitInclude: readonly string[]): string[] {
  const unit = unitInclude.includes('**/*.test.ts');
  const inDir = (f: string) => testDirs.some((d) => f.startsWith(`${d}/`));
  return files.filter((f) => TEST_FILE.test(f)).flatMap((f) => {
    if (f.endsWith('.test.ts')) return !unit ? [`${f}: vitest's include does not take *.test.ts`] : inDir(f) ? [`${f}: a unit test inside a Playwright testDir runs in both runners; name it *.spec.ts or move it`] : [];
    if (f.endsWith('.spec.ts') && inDir(f)) return [];
    return [`${f}: no runner looks here (unit tests are *.test.ts; browser tests *.spec.ts in ${testDirs.join(', ')})`];
  });
}

describe('every test file is found by a runner', () => {
  const testDirs = [...new Set([...(suiteConfig.projects ?? []), ...(repoConfig.projects ?? [])].map((p) => path.relative(ROOT, path.resolve(ROOT, p.testDir ?? '.'))))];

  it('in this repository', () => {
    expect(testDirs.length).toBeGreaterThan(0);
    expect(lost(filesUnder(), testDirs, UNIT_INCLUDE)).toEqual([]);
  });

  it('goes red on a test where no runner looks', () => {
    const dirs = ['conformance/tests', 'site/tests'];
    expect(lost(['launcher/x.spec.ts', 'site/lib/y.test.tsx', 'conformance/tests/z.test.ts', 'bench/w.spec.js'], dirs, UNIT_INCLUDE)).toHaveLength(4);
    expect(lost(['launcher/x.test.ts', 'site/tests/a.spec.ts', 'conformance/tests/R2.2-x.spec.ts', 'spec/registry/registry.test.ts', 'README.md'], dirs, UNIT_INCLUDE)).toEqual([]);
  });
});
