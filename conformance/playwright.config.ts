import { join } from 'node:path';
import { defineConfig, type PlaywrightTestConfig, type ReporterDescription } from '@playwright/test';
import type { Mode } from '../spec/clauses';
import { currentRun, scratchOf } from './run/channel';
import { patience } from './run/slow';
import { blobFileName } from './run/facts';
import type { Run } from './run/model';
import { defaultWorkers, workersPerMode } from './run/workers';
import { placedReporter } from './run/reporters';
import { chromiumTrustArgs } from './access/access';
import { CHROMIUM_ARGS, lookupChromium } from './setup/browser';

/**
 * The conformance suite: one project per delivery mode; each worker records the run's facts in
 * the results with its first test (setup/run-facts.ts). Everything about the run — targets, output
 * folder, gate scope, workers, extra reporters, shard — comes from the run (run/, handed over in
 * the file named by CONFORMANCE_RUN). The CLI (cli/conformance.ts) is its front door; the
 * repository's own config (../playwright.config.ts) builds on suiteConfig() for its site checks.
 */
export function suiteConfig(run: Run): PlaywrightTestConfig<{ mode: Mode }> {
  // The run names its browser once global setup or the CLI has checked it; until then (the
  // runner's first load, merge-reports) a lookup that may fail: global setup reports it.
  const browser = run.browser ?? (() => {
    const found = lookupChromium();
    return found.ok ? found.choice : undefined;
  })();
  // Both modes in one run: each project gets its share of the workers, so no worker process is
  // stopped and started again for the other mode (run/workers.ts).
  const modes = new Set(run.targets.map((t) => t.mode)).size;
  const perMode = workersPerMode(modes, run.options.workers);
  const project = (mode: Mode) => ({ name: mode, testDir: join(__dirname, 'tests'), use: { mode }, ...(perMode ? { workers: perMode } : {}) });
  const reporters: ReporterDescription[] = [
    // The console: failure blocks only where the gate fails, no paths into the working folder (report/console.ts).
    [join(__dirname, 'report', 'console.ts')],
    // Extra reporters write under --out (run/reporters.ts; args.ts refuses any other).
    ...run.options.reporters.map((r): ReporterDescription => [r, placedReporter(r, run.out) ?? {}]),
    // A shard's results are merged later (--merge <folder>): each shard keeps a blob.
    ...(run.options.shard ? [['blob', { outputDir: join(run.out, 'blob-report'), fileName: blobFileName(run.options.shard) }] as ReporterDescription] : []),
    [join(__dirname, 'report', 'reporter.ts')],
  ];
  return {
    // The harness's patience (run/slow.ts): tuned on the reference machine, times the run's factor
    // (measured at the start, or --slow). Each worker loads this file again after global setup, so a
    // factor global setup measured is in force there too. The spec's own times never scale.
    timeout: patience(45_000),
    expect: { timeout: patience(7_000) },
    fullyParallel: true,
    workers: run.options.workers ?? defaultWorkers(undefined, modes),
    // One retry tells a flaky test (verdict cantTell) from a failing one.
    retries: 1,
    forbidOnly: !!process.env.CI,
    globalSetup: join(__dirname, 'setup', 'global-setup.ts'),
    // Per report folder, so runs into different folders (e.g. mutants) never delete each other's files.
    outputDir: join(scratchOf(run), 'test-results'),
    reporter: reporters,
    use: {
      viewport: { width: 1280, height: 720 },
      // A trace only of a retry: recording one for every attempt costs about a quarter of the suite's time.
      // None when the run sends credentials or headers: a trace keeps every request's headers (run/access.ts).
      trace: run.access?.credentials || run.access?.headers ? 'off' : 'on-first-retry',
      // One context and page per worker, reset by the harness between tests (setup/page-reuse.ts:
      // pages, listeners, routes, init scripts, storage, cookies, cache; a new context after the
      // fake clock). Tests that need an empty HTTP cache within the test open their own context.
      // --isolate: one per test.
      screenshot: 'on',
      // The run's trust (run/access.ts): the public keys Node accepted, and --insecure's switch.
      launchOptions: { executablePath: browser?.executablePath, args: [...CHROMIUM_ARGS, ...chromiumTrustArgs(run.access)] },
      ...(run.access?.trust.insecure ? { ignoreHTTPSErrors: true } : {}),
    },
    projects: [project('static'), project('server')],
  };
}

export default defineConfig(suiteConfig(currentRun()));
