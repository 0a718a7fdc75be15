import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { suiteConfig } from './conformance/playwright.config';
import { currentRun, defaultRun, setDefaultRun } from './conformance/run/channel';
import { type Mode, MODES } from './spec/clauses';
import { referenceTarget } from './targets/reference/run';

/**
 * The repository's own Playwright config (found by convention: `npx playwright test`, and npm test's
 * site-checks step): the checks of the reference site itself (smoke, accessibility, security: not
 * clauses of the spec), in both modes, the site built if stale and served by targets/setup.ts before
 * the suite's global setup completes the run. The conformance suite is not here: it is judged through
 * the command, as every site is (npm run conformance). A run file named by CONFORMANCE_RUN replaces the
 * reference run.
 */
setDefaultRun(() => defaultRun({ targets: MODES.map(referenceTarget) }));
const suite = suiteConfig(currentRun());
// One worker each: the site checks (axe above all) cost more CPU the more of them run at once, and
// took longer too — alone on 2 cores, 162 CPU-s in 83 s with the 6 workers of the pool, 111 CPU-s in
// 59 s with 2 (103 CPU-s one at a time).
const siteProject = (mode: Mode) => ({ name: `site-${mode}`, testDir: './site/tests', use: { mode }, workers: 1 });

export default defineConfig<{ mode: Mode }>({
  ...suite,
  workers: 2,
  globalSetup: [join(__dirname, 'targets', 'setup.ts'), suite.globalSetup as string],
  projects: [siteProject('static'), siteProject('server')],
});
