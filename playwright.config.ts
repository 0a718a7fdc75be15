import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { suiteConfig } from './conformance/playwright.config';
import { currentRun, defaultRun, setDefaultRun } from './conformance/run/channel';
import { type Mode, MODES } from './spec/clauses';
import { referenceTarget } from './targets/reference/run';

/**
 * The repository's own Playwright config (found by convention: `npx playwright test`, and npm test's
 * suite step): the conformance suite (conformance/playwright.config.ts) judging the reference site
 * in both modes — built if stale and served by targets/setup.ts before the suite's own global setup —
 * plus the checks of the reference site itself (smoke, accessibility, security: not clauses of the
 * spec). A run file named by CONFORMANCE_RUN replaces the reference run.
 */
setDefaultRun(() => defaultRun({ targets: MODES.map(referenceTarget) }));
const suite = suiteConfig(currentRun());
// One worker each: the site checks (axe above all) cost more CPU the more of them run at once, and
// took longer too — alone on 2 cores, 162 CPU-s in 83 s with the 6 workers of the pool, 111 CPU-s in
// 59 s with 2 (103 CPU-s one at a time). Beside the conformance suite they take the slots its
// projects leave (run/workers.ts).
const siteProject = (mode: Mode) => ({ name: `site-${mode}`, testDir: './site/tests', use: { mode }, workers: 1 });

export default defineConfig<{ mode: Mode }>({
  ...suite,
  globalSetup: [join(__dirname, 'targets', 'setup.ts'), suite.globalSetup as string],
  projects: [...(suite.projects ?? []), siteProject('static'), siteProject('server')],
});
