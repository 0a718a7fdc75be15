import type { Browser, Page, TestInfo } from '@playwright/test';
import type { Mode } from '../../spec/clauses';
import { currentRun, targetOf } from '../run/channel';
import { FACTS_ATTACHMENT, FACTS_CONTENT_TYPE, type RunFacts } from '../run/facts';
import { LATE, orLate } from '../observers/bound';
import { patience } from '../run/slow';
import { contextTrust } from '../access/browser';
import { shownAccess } from '../run/access';

/**
 * The run's facts, carried by the results themselves (conformance/run/facts.ts): each worker attaches
 * them to the first test it runs, so every shard's results hold them, without a set-up project of its
 * own (that cost each mode a worker process and a browser, and held its tests back until it ended).
 * The framework version is read from the page the test left open, when that page is the target's;
 * when the worker's first test left none (it was skipped, say), from the target's home page loaded
 * once in a context of its own, as the run's set-up test did before. Never fails the test it rides
 * on: what it cannot see stays out of the facts.
 */
export class RunFactsNote {
  private attached = false;
  private withVersion = false;

  /** After a test of `mode` (its fixtures' teardown): attaches the facts when this worker still owes them. */
  async after(info: TestInfo, mode: Mode, browser: Browser, page: Page | undefined): Promise<void> {
    if (this.withVersion) return;
    const run = currentRun();
    const target = targetOf(run, mode);
    if (!target?.url) return;
    const kind = target.probe?.isThisKind !== false;
    let version = kind ? await frameworkVersion(page, target.url) : undefined;
    if (this.attached && !version) return;
    if (kind && !version) version = await homePageVersion(browser, target.url);
    const facts: RunFacts = {
      mode,
      url: target.url,
      reference: target.reference,
      otherBuildUrl: target.otherBuildUrl,
      profile: target.profile,
      probe: target.probe,
      frameworkVersion: version,
      browser: { name: browser.browserType().name(), ...run.browser!, version: browser.version() },
      gateScope: run.gateScope,
      shard: info.config.shard,
      startedAt: new Date().toISOString(),
      slow: run.slow,
      observations: target.profile.source === 'discovered' || target.profile.source === 'merged' ? run.discovery.observations : undefined,
      access: run.access && shownAccess(run.access, run.cwd ?? process.cwd()),
    };
    await info.attach(FACTS_ATTACHMENT, { body: JSON.stringify(facts, null, 2), contentType: FACTS_CONTENT_TYPE });
    this.attached = true;
    this.withVersion = !!version;
  }
}

/** window.next.version of the target's home page, in a context of its own (15 s at most for the load). */
async function homePageVersion(browser: Browser, url: string): Promise<string | undefined> {
  const context = await browser.newContext(contextTrust());
  try {
    const page = await context.newPage();
    await page.goto(url, { timeout: patience(15_000) });
    return await frameworkVersion(page, url);
  } catch {
    // The probe already established reachability; a slow page only loses the version.
    return undefined;
  } finally {
    await orLate(patience(5_000), context.close().catch(() => undefined));
  }
}

/** window.next.version of the page, when it shows a document of the target (2 s at most). */
async function frameworkVersion(page: Page | undefined, targetUrl: string): Promise<string | undefined> {
  if (!page || page.isClosed()) return undefined;
  let origin: string;
  try {
    origin = new URL(page.url()).origin;
  } catch {
    return undefined;
  }
  if (origin !== new URL(targetUrl).origin) return undefined;
  const read = page.evaluate(() => (window as unknown as { next?: { version?: unknown } }).next?.version).catch(() => undefined);
  const v = await orLate(patience(2_000), read);
  return v === LATE || typeof v !== 'string' ? undefined : v;
}
