import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium, MISSING_BROWSER_MESSAGE } from './conformance/harness/browser';
import { join } from 'node:path';
import type { Mode } from './docs/clauses';
import { outDir } from './conformance/harness/paths';

/**
 * The conformance suite: one project per delivery mode. Targets come from the environment
 * (see conformance/harness/target.ts); with none given, global setup builds and serves the
 * reference site. `npm run conformance` is the friendly front door to this config.
 */
const browser = findChromium();
if (browser.source === 'missing') throw new Error(MISSING_BROWSER_MESSAGE);

const project = (mode: Mode) => ({ name: mode, testDir: './conformance/tests', use: { mode } });
// Checks of the reference site itself (smoke, accessibility, security): not clauses of the spec.
const siteProject = (mode: Mode) => ({ name: `site-${mode}`, testDir: './site/tests', use: { mode } });

export default defineConfig<{ mode: Mode }>({
  timeout: 45_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: Number(process.env.CONFORMANCE_WORKERS) || 2,
  // One retry tells a flaky test (verdict cantTell) from a failing one.
  retries: 1,
  forbidOnly: !!process.env.CI,
  globalSetup: './conformance/harness/global-setup.ts',
  // Per report folder, so runs into different folders (e.g. mutants) never delete each other's files.
  outputDir: join(outDir(), '.run', 'test-results'),
  reporter: [[process.env.CI ? 'dot' : 'list'], ['./conformance/report/reporter.ts']],
  use: {
    viewport: { width: 1280, height: 720 },
    trace: 'retain-on-failure',
    screenshot: 'on',
    launchOptions: { executablePath: browser.executablePath, args: CHROMIUM_ARGS },
  },
  projects: [project('static'), project('server'), siteProject('static'), siteProject('server')],
});
