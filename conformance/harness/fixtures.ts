import { test as base, expect, type Page, type Request } from '@playwright/test';
import { clauseById, type Mode } from '../../spec/clauses';
import { injectAccess } from '../access/browser';
import { clauseIdsOf, markInapplicable, markUntested } from './clause';
import { FakeClock } from '../observers/clock';
import { Faults } from './faults';
import { trackInflight, type InflightCounter } from '../observers/inflight';
import { NoReload } from '../observers/no-reload';
import { Observer } from './observe';
import { bindSetAside } from './set-aside';
import { PagePool } from '../setup/page-reuse';
import { scenarioFor, type ScenarioName, type Scenarios, type TargetProfile } from '../run/profile';
import { RequestLog } from '../observers/request-log';
import { RunFactsNote } from '../setup/run-facts';
import { currentRun } from '../run/channel';
import { entryContext, notKindReason, profileOf, runTarget } from './target';
import { lackingEntry, lackingScenario } from './not-judged';
import { SCENARIO_TABLE } from '../scenarios/table';
import { startTiming, timeBrowser, timePage, TIMING_ANNOTATION } from '../observers/timing';
import { partsOf } from '../outcome/classify';
import { ANNOTATION } from '../outcome/verdict';
import { runnerState } from '../run/slow';

/** The deployment under test, as a test sees it (how the repository builds and serves one is targets/target.ts's Target). */
export interface SiteUnderTest {
  mode: Mode;
  url: string;
  profile: TargetProfile;
  /** Another build of the same site, when the run has one (C7.3). */
  otherBuildUrl?: string;
  /**
   * The profile's scenario for this mode; marks the test `untested` when the profile has none — of
   * kind `site` when discovery looked for it and the site has none, `deployment` when the delivery
   * mode cannot produce it, else `run` (harness/not-judged.ts). `entry` ("statusPages.400"): the
   * part of the scenario the test needs, whose kind it is then.
   */
  scenario<K extends ScenarioName>(name: K, entry?: string): NonNullable<Scenarios[K]>;
  /**
   * Ends the test `untested` for a profile entry its scenario lacks ("statusPages.400"), of the
   * kind scenario() gives; `missing` and `fix` are said when it is the run's profile that leaves it out.
   */
  lacking(entry: string, missing: string, fix: string): never;
  /** An absolute URL on the target for a path. */
  abs(path: string): string;
}

interface Fixtures {
  /** Auto: the run's facts, attached to the first test of each worker (setup/run-facts.ts). */
  runFacts: void;
  /** Auto: where the test's time goes (observers/timing.ts), noted on the result for the report and the bench. */
  timing: { pageReady(): void };
  timedPage: void;
  /** Auto: skips a test whose clause does not apply in this mode, or when the target is not this kind of site. */
  applicability: void;
  target: SiteUnderTest;
  /** Auto: every request of the page, attached to the report as evidence. */
  requestLog: RequestLog;
  faults: Faults;
  noReload: NoReload;
  clock: FakeClock;
  inflight: (match: (r: Request) => boolean) => InflightCounter;
  /** Preconditions (untested), bounded waits (cantTell), parts and advisories: see observe.ts. */
  obs: Observer;
}

export const test = base.extend<Fixtures & { mode: Mode }, { pagePool: PagePool; runFactsNote: RunFactsNote; access: void; timedBrowser: void }>({
  mode: ['static', { option: true }],

  // Auto, once per worker's browser: the run's credentials and headers, on the target origins only (browser-access.ts).
  access: [async ({ browser }, use) => {
    const stop = await injectAccess(browser);
    await use();
    await stop();
  }, { scope: 'worker', auto: true }],

  // Auto, once per worker's browser: every page of every context it opens counts its loads for the bench's floor (observers/timing.ts).
  timedBrowser: [async ({ browser }, use) => {
    timeBrowser(browser);
    await use();
  }, { scope: 'worker', auto: true }],

  runFactsNote: [async ({}, use) => {
    await use(new RunFactsNote());
  }, { scope: 'worker' }],

  // First of the auto fixtures, so a test skipped by `applicability` still carries the facts.
  runFacts: [async ({ mode, browser, pagePool, runFactsNote }, use, info) => {
    await use();
    await runFactsNote.after(info, mode, browser, pagePool.current());
  }, { auto: true }],

  // One context and page per worker, reset by the harness between tests (page-reuse.ts);
  // --isolate: a new context for every test.
  pagePool: [async ({ browser, timedBrowser: _ }, use) => {
    const pool = new PagePool(browser, !!currentRun().options.isolate);
    await use(pool);
    await pool.release();
  }, { scope: 'worker' }],

  // The options Playwright's own context fixture would pass (with its defaults: locale en-US, …).
  context: async ({ pagePool, contextOptions, viewport, baseURL, locale, timezoneId, colorScheme, userAgent, extraHTTPHeaders, ignoreHTTPSErrors, httpCredentials, javaScriptEnabled, hasTouch, isMobile, deviceScaleFactor, offline, permissions, geolocation, bypassCSP, serviceWorkers, acceptDownloads }, use) => {
    const options = { ...contextOptions, viewport, baseURL, locale, timezoneId, colorScheme, userAgent, extraHTTPHeaders, ignoreHTTPSErrors, httpCredentials, javaScriptEnabled, hasTouch, isMobile, deviceScaleFactor, offline, permissions, geolocation, bypassCSP, serviceWorkers, acceptDownloads };
    await use((await pagePool.take(options)).context);
  },

  page: async ({ context, pagePool }, use) => {
    await use(pagePool.page(context));
  },

  baseURL: async ({ mode }, use) => {
    await use(runTarget(mode)?.url);
  },

  // Torn down last: also notes the machine's load when an attempt did not pass (its retry's words, outcome/classify.ts).
  timing: [async ({}, use, info) => {
    const t = startTiming();
    await use(t);
    info.annotations.push({ type: TIMING_ANNOTATION, description: JSON.stringify(t.finish()) });
    const ended = info.annotations.find((a) => a.type === ANNOTATION.verdict)?.description;
    // The part outcomes read as the report reads them (outcome/classify.ts).
    const parts = partsOf(info.annotations).outcomes;
    if ((info.status !== 'passed' && info.status !== 'skipped') || ended === 'cantTell' || parts.some((p) => p.verdict === 'cantTell')) {
      info.annotations.push({ type: ANNOTATION.runner, description: JSON.stringify(runnerState()) });
    }
  }, { auto: true }],

  applicability: [async ({ mode }, use, info) => {
    for (const id of clauseIdsOf(info.tags)) {
      const c = clauseById(id);
      if (!c.modes.includes(mode)) markInapplicable(info, c.inapplicableBecause?.[mode] ?? `${id} applies only to ${c.modes.join(', ')} delivery`);
    }
    const notKind = notKindReason(mode);
    if (notKind) markUntested(info, `the target is not this kind of site: ${notKind}`);
    if (!runTarget(mode)?.url) markUntested(info, `the run has no target URL for ${mode} mode (give one: npx spec-conformance --target <url> --mode ${mode}, or a config file's target)`);
    await use();
  }, { auto: true }],

  target: async ({ mode }, use, info) => {
    const run = runTarget(mode);
    const url = run?.url ?? '';
    const profile = profileOf(mode);
    await use({
      mode, url, profile,
      otherBuildUrl: run?.otherBuildUrl,
      scenario(name, entry) {
        const s = scenarioFor(profile, name, mode);
        if (!s) {
          const lack = lackingScenario(name, entryContext(mode), SCENARIO_TABLE[name].needs, entry);
          markUntested(info, lack.reason, lack.kind);
        }
        // A page pre-flight set aside did not work as the profile says: the run's to fix.
        return bindSetAside(s as NonNullable<Scenarios[typeof name]>, name, run?.setAside?.[name], (why) => markUntested(info, `${why}. To fix: name another page of the site for "${name}" in the profile`, 'run'));
      },
      lacking(entry, missing, fix) {
        const lack = lackingEntry(entry, entryContext(mode), missing, fix);
        return markUntested(info, lack.reason, lack.kind);
      },
      abs: (path) => new URL(path, url).toString(),
    });
  },

  // Auto: the test's page counts its loads, waits and clock runs from here on (observers/timing.ts).
  // After applicability: a test skipped as inapplicable or untested never opens a page.
  timedPage: [async ({ applicability: _, page, timing }, use) => {
    timing.pageReady();
    timePage(page);
    await use();
  }, { auto: true }],

  requestLog: [async ({ page }, use, info) => {
    // settle() reads resource-timing entries: keep the buffer from filling up on long tests.
    await page.addInitScript(() => performance.setResourceTimingBufferSize(100_000));
    const log = new RequestLog(page);
    await use(log);
    log.close(info.status === 'timedOut' ? 'the end of the test (its time ran out)' : 'the end of the test');
    if (log.entries.length) {
      await info.attach('request-log', { body: JSON.stringify(log.extract(), null, 1), contentType: 'application/json' });
    }
  }, { auto: true }],

  faults: async ({ page }, use) => {
    const faults = new Faults(page);
    await use(faults);
    await faults.dispose();
  },

  noReload: async ({ page }, use) => {
    await use(new NoReload(page));
  },

  clock: async ({ page }, use) => {
    await use(new FakeClock(page));
  },

  inflight: async ({ page }, use) => {
    await use((match) => trackInflight(page, match));
  },

  obs: async ({}, use, info) => {
    const obs = new Observer(info);
    await use(obs);
    obs.finish();
  },
});

export { expect };
export type { Page };
