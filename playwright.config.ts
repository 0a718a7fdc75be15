import { defineConfig, type ReporterDescription } from '@playwright/test';
import { join } from 'node:path';
import type { Mode } from './spec/clauses';
import { chromiumTrustArgs } from './conformance/harness/access';
import { CHROMIUM_ARGS, lookupChromium } from './conformance/harness/browser';
import { currentRun } from './conformance/run/channel';
import { blobFileName } from './conformance/run/facts';
import { defaultWorkers, workersPerMode } from './conformance/run/workers';

/**
 * The conformance suite: one project per delivery mode; each worker records the run's facts in
 * the results with its first test (conformance/harness/run-facts.ts). Everything
 * about the run — targets, output folder, gate scope, workers, extra reporters, shard — comes from
 * the run (conformance/run/, handed over in the file named by CONFORMANCE_RUN). Without one, the
 * default run: the reference site, built and served by global setup, reports in reports/.
 * `npm run conformance` is the front door to this config.
 */
const run = currentRun();
// The run names its browser once global setup or the CLI has checked it; until then (the
// runner's first load, merge-reports) a lookup that may fail: global setup reports it.
const browser = run.browser ?? (() => {
  const found = lookupChromium();
  return found.ok ? found.choice : undefined;
})();

// Both modes in one run: each project gets its share of the workers, so no worker process is
// stopped and started again for the other mode (conformance/run/workers.ts).
const modes = new Set(run.targets.map((t) => t.mode)).size;
const perMode = workersPerMode(modes, run.options.workers);
const project = (mode: Mode) => ({ name: mode, testDir: './conformance/tests', use: { mode }, ...(perMode ? { workers: perMode } : {}) });
// Checks of the reference site itself (smoke, accessibility, security): not clauses of the spec.
const siteProject = (mode: Mode) => ({ name: `site-${mode}`, testDir: './site/tests', use: { mode } });

const reporters: ReporterDescription[] = [
  [process.env.CI ? 'dot' : 'list'],
  ...run.options.reporters.map((r): ReporterDescription => [r]),
  // A shard's results are merged later (npm run conformance -- --merge <folder>): each shard keeps a blob.
  ...(run.options.shard ? [['blob', { outputDir: join(run.out, 'blob-report'), fileName: blobFileName(run.options.shard) }] as ReporterDescription] : []),
  ['./conformance/report/reporter.ts'],
];

export default defineConfig<{ mode: Mode }>({
  timeout: 45_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: run.options.workers ?? defaultWorkers(undefined, modes),
  // One retry tells a flaky test (verdict cantTell) from a failing one.
  retries: 1,
  forbidOnly: !!process.env.CI,
  globalSetup: './conformance/harness/global-setup.ts',
  // Per report folder, so runs into different folders (e.g. mutants) never delete each other's files.
  outputDir: join(run.out, '.run', 'test-results'),
  reporter: reporters,
  use: {
    viewport: { width: 1280, height: 720 },
    // A trace only of a retry: recording one for every attempt costs about a quarter of the suite's time.
    // None when the run sends credentials or headers: a trace keeps every request's headers (conformance/run/access.ts).
    trace: run.access?.credentials || run.access?.headers ? 'off' : 'on-first-retry',
    // One context and page per worker, reset by the harness between tests (conformance/harness/
    // page-reuse.ts: pages, listeners, routes, init scripts, storage, cookies, cache; a new context
    // after the fake clock). Tests that need an empty HTTP cache within the test open their own
    // context. --isolate: one per test.
    screenshot: 'on',
    // The run's trust (conformance/run/access.ts): the public keys Node accepted, and --insecure's switch.
    launchOptions: { executablePath: browser?.executablePath, args: [...CHROMIUM_ARGS, ...chromiumTrustArgs(run.access)] },
    ...(run.access?.trust.insecure ? { ignoreHTTPSErrors: true } : {}),
  },
  projects: [project('static'), project('server'), siteProject('static'), siteProject('server')],
});
