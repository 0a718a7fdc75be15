import type { Browser } from '@playwright/test';
import { foreignList, judgeAsset } from './asset-answer';
import { record } from '../harness/clause';
import { describeClause } from '../harness/describe-clause';
import { requestEvidence } from '../observers/evidence';
import { contextTrust } from '../access/browser';
import { expect, test } from '../harness/fixtures';
import { settle } from '../observers/navigation';
import { requireSitePage, siteFix, siteOriginsFor } from '../observers/site-page';
import type { Observer } from '../harness/observe';
import { scenarioFor, type TargetProfile } from '../run/profile';
import { type LoggedRequest, RequestLog, wasCancelled } from '../observers/request-log';
import { patience } from '../run/slow';
import { answerAgain, FETCHED_AGAIN } from '../observers/answer-again';
import type { Mode } from '../../spec/clauses';


/** Pages the profile names for this mode, in a stable order: the first of the navigation chain and the page-data pair. */
function namedPages(profile: TargetProfile, mode: Mode): { path: string; from: string }[] {
  const pages: { path: string; from: string }[] = [];
  const add = (path: string | undefined, from: string) => { if (path && !pages.some((p) => p.path === path)) pages.push({ path, from }); };
  add(scenarioFor(profile, 'navigation', mode)?.chain[0], 'navigation.chain[0]');
  add(scenarioFor(profile, 'pageData', mode)?.to, 'pageData.to');
  add(scenarioFor(profile, 'pageData', mode)?.from, 'pageData.from');
  return pages.slice(0, 2);
}

/** Requests that go over the network (data: and blob: URLs are not fetched). */
function overNetwork(e: LoggedRequest): boolean {
  return /^https?:$/.test(new URL(e.url).protocol);
}

interface FirstLoad { path: string; scripts: LoggedRequest[]; styles: LoggedRequest[]; others: LoggedRequest[] }

/**
 * A first load of `path` in a fresh context (nothing cached), settled, with every script and
 * stylesheet answered. A page that is not the site's (an error status, another server's page)
 * leaves the test untested (site-page.ts): nothing about the site's assets was seen on it.
 */
async function firstLoad(browser: Browser, baseUrl: string, path: string, scenario: string, obs: Observer): Promise<FirstLoad> {
  const context = await browser.newContext({ baseURL: baseUrl, ...contextTrust() });
  try {
    const page = await context.newPage();
    const log = new RequestLog(page);
    const res = await obs.waitFor(`the first load of ${path}`, () => page.goto(path, { timeout: patience(20_000) }), 20_000);
    await settle(page, obs);
    await requireSitePage(page, obs, { path, res, fix: siteFix(scenario) });
    const seen = log.entries.filter(overNetwork);
    const scripts = seen.filter((e) => e.resourceType === 'script');
    const styles = seen.filter((e) => e.resourceType === 'stylesheet');
    const unanswered = () => [...scripts, ...styles].filter((e) => e.status === undefined && e.failure === undefined);
    await obs.until(`answers to the scripts and stylesheets of ${path}`, () => unanswered().length === 0, 10_000);
    // An asset the page itself dropped is judged by the site's answer fetched again (answer-again.ts).
    for (const e of [...scripts, ...styles].filter((x) => x.status === undefined && x.cancelledBy === 'page')) {
      const answer = await answerAgain(page.request, e.url);
      if (!answer) continue;
      Object.assign(e, { status: answer.status, responseHeaders: { 'content-type': answer.contentType }, failure: `${e.failure}, ${FETCHED_AGAIN}`, cancelled: undefined });
    }
    return { path, scripts, styles, others: seen.filter((e) => !scripts.includes(e) && !styles.includes(e)) };
  } finally {
    await context.close();
  }
}

// Both parts are observed one by one (obs.part); a precondition the test stops on before them is theirs.
describeClause('C7.4', ({ parts, part }) => {
  test('the first load of the pages the profile names loads scripts and stylesheets, answered 2xx with JavaScript and CSS types', parts('scripts', 'stylesheets'), async ({ browser, target, obs }, testInfo) => {
    const pages = namedPages(target.profile, target.mode);
    if (!pages.length) {
      return obs.untested(`the profile "${target.profile.name}" names no page to load in ${target.mode} mode`, 'give the profile a navigation chain or a pageData pair');
    }
    // Each in its own fresh context, side by side.
    const loads = await Promise.all(pages.map((p) => firstLoad(browser, target.url, p.path, p.from.replace(/\..*$/, ''), obs)));
    await record(testInfo, 'assets', loads.map((l) => ({
      page: l.path, scripts: l.scripts.map((e) => requestEvidence(e)), stylesheets: l.styles.map((e) => requestEvidence(e)),
      // Evidence only: the clause says nothing about other origins, images or fonts.
      others: l.others.map((e) => requestEvidence(e)),
    })));
    const names = pages.map((p) => `${p.path} (${p.from})`).join(' and ');
    const siteOrigins = siteOriginsFor(target.url);

    for (const [id, type, of] of [[part('scripts'), 'script', (l: FirstLoad) => l.scripts], [part('stylesheets'), 'stylesheet', (l: FirstLoad) => l.styles]] as const) {
      await obs.part(id, async () => {
        // A request the browser cancelled has no answer of the site (observers/cancelled.ts): in the evidence, not judged.
        const all = loads.flatMap(of).filter((e) => !wasCancelled(e));
        const judged = all.map((e) => ({ e, j: judgeAsset({ url: e.url, type, status: e.status, contentType: e.responseHeaders?.['content-type'], failure: e.failure, redirectedFrom: e.redirectedFrom, redirectedTo: e.redirectedTo }, siteOrigins) }));
        const own = judged.filter(({ j }) => j.kind !== 'foreign' && j.kind !== 'hop');
        const apart = foreignList(judged.map(({ j }) => j));
        if (apart) await record(testInfo, `other origins' ${type}s`, apart);
        for (const { e } of own) obs.saw('asset', e.url);
        if (!own.length && apart) obs.absent(`the first load of ${names} loaded ${type} assets from other origins only (listed apart: not the site's delivery)`);
        expect(own.length, `expected the first load of ${names} to load ${type} assets; observed none`).toBeGreaterThan(0);
        const bad = own.flatMap(({ j }) => (j.kind === 'bad' ? [j.words] : []));
        expect(bad, `expected every ${type} to be answered 2xx with a ${type === 'script' ? 'JavaScript' : 'CSS'} content type; these were not`).toEqual([]);
      });
    }
  });
});
