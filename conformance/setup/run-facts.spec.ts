import { test } from '@playwright/test';
import type { Mode } from '../../spec/clauses';
import { readDiscovery } from '../discovery/store';
import { currentRun, targetOf } from '../run/channel';
import { FACTS_ATTACHMENT, FACTS_CONTENT_TYPE, type RunFacts } from '../run/facts';

/**
 * The run's facts, carried by the results themselves (project `facts-<mode>`, a dependency of the
 * clause project of that mode, so Playwright runs it in every shard). The reporter reads this
 * attachment — also from blob reports merged on another machine — for the report's header
 * (targets, build ids, framework, browser, profile) and to find missing shards. Not a clause
 * test: it never fails because of the target; what it cannot see stays out of the facts.
 */
test('run facts', async ({ browser, page }, info) => {
  const mode = (info.project.use as { mode?: Mode }).mode ?? 'static';
  const run = currentRun();
  const target = targetOf(run, mode);
  test.skip(!target?.url, `the run has no ${mode} target`);
  let frameworkVersion: string | undefined;
  if (target!.probe?.isThisKind !== false) {
    try {
      await page.goto(target!.url!, { timeout: 15_000 });
      frameworkVersion = await page.evaluate(() => (window as unknown as { next?: { version?: string } }).next?.version);
    } catch {
      // The probe already established reachability; a slow page only loses the version.
    }
  }
  const facts: RunFacts = {
    mode,
    url: target!.url!,
    reference: target!.reference,
    otherBuildUrl: target!.otherBuildUrl,
    profile: target!.profile,
    probe: target!.probe,
    frameworkVersion,
    browser: { name: browser.browserType().name(), ...run.browser!, version: browser.version() },
    gateScope: run.gateScope,
    shard: info.config.shard,
    startedAt: new Date().toISOString(),
    // Only from this run's crawl: an earlier run into the same folder may have left its discovery there.
    observations: target!.profile.source === 'discovered' || target!.profile.source === 'merged' ? readDiscovery(run.out)?.observations : undefined,
  };
  await info.attach(FACTS_ATTACHMENT, { body: JSON.stringify(facts, null, 2), contentType: FACTS_CONTENT_TYPE });
});
