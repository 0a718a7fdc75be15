import type { TestInfo } from '@playwright/test';
import { LATE, orLate } from '../observers/bound';
import { record } from '../harness/clause';
import { describeClause } from '../harness/describe-clause';
import { requestEvidence } from '../observers/evidence';
import { expect, test, type Page, type SiteUnderTest } from '../harness/fixtures';
import { activateLink, linkTo, navigateAtAge, open, settle } from '../observers/navigation';
import type { Observer } from '../harness/observe';
import { pageDataPath, readPageData } from '../observers/page-data';
import { RequestLog, type LoggedRequest } from '../observers/request-log';
import { pathOf, within } from '../observers/sample';
import { captureNavigation, swapAnswer } from './swap-answer';
import { navigationFetches } from './navigation-fetches';
import { patience } from '../run/slow';
import { seconds } from '../../launcher/format';
import { loadAndPickPrefetched, prefetchingPage } from './prefetched';
import { buildIdOf, recognisedNames } from './build-id';
import { navigateAfterFailedPrefetch } from './failed-prefetch';

/** Each advisory of the swap test within this, inside its 120 s: time left to record and close. */
const ADVISORY_MS = 100_000;
/** Past the 5 minutes the spec keeps prefetched data (K9.4): the navigation then fetches its own. */
const EXPIRED_MS = 301_000;
type C73Part = 'target' | 'current' | 'router-state' | 'build-id';

/** Loads `from`, follows its link to `to` and returns the page-data fetches the navigation itself made (untested when none). */
async function navigate(page: Page, log: RequestLog, obs: Observer, target: SiteUnderTest, from: string, to: string): Promise<LoggedRequest[]> {
  await open(page, from, obs, { scenario: 'pageData' });
  return navigationFetches(page, log, obs, target, from, to);
}

/** Route matcher for addresses that may be page data for `path`: everything else passes untouched. */
describeClause('C7.3', ({ parts, part }) => {
  test('a page-data request names the target, the current address, the router state and the build', parts('target', 'current', 'router-state', 'build-id'), async ({ page, target, requestLog, obs }, testInfo) => {
    const { from, to } = target.scenario('pageData');
    const fetches = await navigate(page, requestLog, obs, target, from, to);
    await judgeRequest(fetches[0], { from, to }, { target, obs, part }, testInfo);
  });

  // Without a link the framework leaves unprefetched, the harness makes a prefetched one's data
  // expire: on a fake clock, the navigation is made past the 5 minutes the spec gives prefetched
  // data, so the client fetches the page's data itself. An alternative way: a link discovery takes
  // for one may turn out prefetched after all.
  test('a navigation made after its prefetch expired (the harness moves the page clock 301 s) names the target, the current address, the router state and the build', parts('target', 'current', 'router-state', 'build-id'), async ({ page, target, requestLog, clock, obs }, testInfo) => {
    const from = prefetchingPage(target);
    const picked = await loadAndPickPrefetched(page, clock, obs, from);
    const to = picked.path;
    const { age, since, documents } = await navigateAtAge(page, { log: requestLog, clock, obs },
      { from, to, mark: picked.prefetchedAt, ageMs: EXPIRED_MS, waitForDataMs: 5_000, fix: 'name in the profile (prefetchedLink) a page that links to its prefetched pages by their paths' });
    const condition = `the harness moved the page's clock ${seconds(age)} past the prefetch of ${to} from ${from}, past the 5 minutes prefetched data is kept`;
    const own = requestLog.fetchesFor(to, since);
    if (!own.length) {
      await record(testInfo, 'navigation after the prefetch expired', { from, to, condition, pageData: requestLog.pageData(since).map((e) => e.url), documents });
      obs.untested(`${condition}; the navigation made no page-data request of its own (${documents.length ? `a whole-page load: ${documents.join(', ')}` : 'its data was still held, or fetched as a prefetch'})`,
        'name in the profile (pageData) a link that navigates on the client side and is not prefetched (e.g. prefetch={false})');
    }
    await judgeRequest(own[0], { from, to, condition }, { target, obs, part }, testInfo);
  });

  // The Pages Router keeps prefetched data with no time limit, so no clock makes its navigations
  // fetch; a prefetch the network fails is not kept, and the navigation fetches the data itself.
  test('a navigation whose prefetch failed (the harness fails every prefetch of the page) names the target, the current address, the router state and the build', parts('target', 'current', 'router-state', 'build-id'), async ({ page, target, requestLog, obs }, testInfo) => {
    const from = prefetchingPage(target);
    const { to, condition, request } = await navigateAfterFailedPrefetch(page, requestLog, obs, target, from, testInfo);
    await judgeRequest(request, { from, to, condition }, { target, obs, part }, testInfo);
  });

  test('every page-data request of one build carries the same build identifier', parts('build-id'), async ({ page, target, requestLog, obs }, testInfo) => {
    const { from, to } = target.scenario('pageData');
    await navigate(page, requestLog, obs, target, from, to);
    await settle(page, obs);
    // The prefetches the target page starts count too: a bounded moment for them, over once none came for 500 ms.
    let seen = requestLog.pageData().length;
    let quietSince = Date.now();
    await within(1_500, () => {
      const n = requestLog.pageData().length;
      if (n !== seen) { seen = n; quietSince = Date.now(); }
      return Date.now() - quietSince >= 500;
    });

    const all = requestLog.pageData().map((e) => ({ e, url: e.url, prefetch: readPageData(e)?.prefetch, shape: readPageData(e)?.shape, buildId: buildIdOf(e, target.profile) }));
    await record(testInfo, 'build identifiers', all.map(({ e, ...x }) => ({ ...x, method: e.method })));
    await obs.part(part('build-id'), () => {
      const carrying = all.filter((x) => x.buildId);
      if (!(carrying.length > 0)) obs.untested(`none of the ${all.length} page-data requests carries a build identifier where this run looks (${recognisedNames(target.profile)})`, 'name the header or query parameter that carries it in the profile (buildIdentifier)');
      for (const x of carrying) obs.saw('request', `${x.url} (${x.buildId!.where})`);
      const values = [...new Set(carrying.map((x) => x.buildId!.value))];
      expect(values, `expected one build identifier on every page-data request of one build; observed ${values.length}: ${values.join(', ')}`).toHaveLength(1);
      // Pages Router data carries its build in the path; App Router fetches in a header: judged within each kind.
      const appRouter = all.filter((x) => x.shape !== 'pages-data');
      const appCarrying = appRouter.filter((x) => x.buildId);
      if (appCarrying.length) {
        const lacking = appRouter.filter((x) => !x.buildId && !x.prefetch).map((x) => x.url);
        expect(lacking, `expected every navigation's page-data request to carry the build identifier (${appCarrying[0].buildId!.where}), as the others do; observed some without`).toEqual([]);
        const lackingPrefetch = appRouter.filter((x) => !x.buildId && x.prefetch).map((x) => x.url);
        if (lackingPrefetch.length) obs.advise('prefetches carry the build identifier too', false, lackingPrefetch.join(', '));
      }
    });
  });

  test('another build of the site sends a different build identifier', parts('build-id'), async ({ page, context, target, requestLog, obs }, testInfo) => {
    const { from, to } = target.scenario('pageData');
    const other = target.otherBuildUrl;
    if (!other) return obs.untested('the run has no other build of the site to compare build identifiers with', 'give --other-build <url> (another build of the same site), or the target\'s otherBuild in the config');
    const fetches = await navigate(page, requestLog, obs, target, from, to);
    const here = buildIdOf(fetches[0], target.profile);
    const there = await captureNavigation(context, other, from, to);
    if (!there.captured) return obs.cantTell(`the other build's page-data request for ${to}: ${there.problem}`);
    const thereId = buildIdOf({ url: there.captured.url, headers: there.captured.headers, method: 'GET', resourceType: 'fetch' }, target.profile);
    await record(testInfo, 'build identifiers', { thisBuild: { url: target.url, request: fetches[0].url, ...here }, otherBuild: { url: other, request: there.captured.url, ...thereId } });

    await obs.part(part('build-id'), () => {
      if (!(here || thereId)) obs.untested(`neither build's page-data request carries a build identifier where this run looks (${recognisedNames(target.profile)})`, 'name the header or query parameter that carries it in the profile (buildIdentifier)');
      expect(here ? `${here.where} "${here.value}"` : 'none', `expected this build's page-data request to carry the build identifier where the other build carries it (${thereId?.where}); observed none`).not.toBe('none');
      expect(thereId ? `${thereId.where} "${thereId.value}"` : 'none', `expected the other build's page-data request to carry the build identifier where this build carries it (${here?.where}); observed none`).not.toBe('none');
      obs.saw('request', `${fetches[0].url} (this build)`);
      obs.saw('request', `${there.captured!.url} (the other build)`);
      expect(thereId!.value, `expected the other build to send a different build identifier from this build's ${here!.value}; observed the same`).not.toBe(here!.value);
    });
  });

  test('advisory: page data answered by another build makes the client load the target as a whole page, and this build\'s own answer does not', async ({ target, context, obs }, testInfo) => {
    const { from, to } = target.scenario('pageData');
    const other = target.otherBuildUrl;
    if (!other) return obs.untested('the run has no other build of the site to take page data from', 'give --other-build <url> (another build of the same site), or the target\'s otherBuild in the config');
    // Its bounded steps (a capture on the other build, then two swapped navigations) add up to more
    // than the suite's 45 s on a loaded machine (once, right after both builds): time for all of them,
    // so a slow step ends as the named wait it is, not as a test out of time.
    test.setTimeout(patience(120_000));
    // What the client does with another build's data is not stated: both swaps are advisories only.
    const check = 'page data from another build makes the client load the target as a whole page';
    const control = 'the same swap with this build\'s own answer keeps the client-side navigation';
    const result: Record<string, unknown> = {};
    /**
     * Each advisory within a bound of its own: a browser call that never answers (once, in a full
     * run, the test ran out of its 120 s with no bounded wait pending) ends that advisory as not
     * observed, naming the step it was at, and what comes of it later is ignored.
     */
    const advisory = async (name: string, steps: (at: (stage: string) => void, advise: (ok: boolean, observed: string) => void) => Promise<void>) => {
      let stage = 'starting';
      let over = false;
      let given = false;
      const advise = (ok: boolean, observed: string) => {
        if (over) return;
        given = true;
        obs.advise(name, ok, observed);
      };
      const done = await orLate(patience(ADVISORY_MS), steps((s) => { stage = s; }, advise).catch((e: unknown) => advise(false, `not observed: ${String((e as Error)?.message ?? e).split('\n')[0]}`)));
      if (done === LATE) {
        over = true;
        // Observed in time, only not yet cleaned up: the observation stands.
        if (!given) obs.advise(name, false, `not observed: still ${stage} after ${patience(ADVISORY_MS) / 1000} s`);
      }
    };
    /** In a new page of the test's context, on this build: the navigation from `from` to `to` with its page-data answer swapped. */
    const swapped = async (name: string, body: Buffer | undefined, wantDocument: boolean, at: (stage: string) => void, advise: (ok: boolean, observed: string) => void) => {
      at('opening a page');
      const p = await context.newPage();
      try {
        const log = new RequestLog(p);
        at(`loading ${from}`);
        await p.goto(target.abs(from), { timeout: patience(20_000) });
        await settle(p, undefined, 20_000);
        const swap = await swapAnswer(p, to, body);
        const mark = log.mark();
        at(`following the link to ${to}`);
        await activateLink(linkTo(p, to));
        at(`waiting for the swapped answer and ${to}`);
        const reached = await within(15_000, () => swap.swapped.length > 0 && pathOf(p) === to);
        await within(wantDocument ? 10_000 : 2_000, () => log.documents(mark).some((d) => pageDataPath(d.url) === to || new URL(d.url).pathname === to));
        const docs = log.documents(mark).map((d) => d.url);
        result[name] = { swapped: swap.swapped, reached, documents: docs };
        advise(reached && (wantDocument ? docs.length > 0 : docs.length === 0), `${swap.swapped.length ? 'answer swapped' : 'no request to swap'}; whole-page loads after the click: ${docs.join(', ') || 'none'}`);
      } finally {
        at('closing its page');
        await p.close().catch(() => undefined);
      }
    };
    // The other build's answer is captured first; the control (this build's own answer, through
    // the same swap) runs meanwhile.
    await Promise.all([
      advisory(check, async (at, advise) => {
        at(`capturing the other build's answer for ${to}`);
        const theirs = await captureNavigation(context, other, from, to);
        result.theirs = theirs.captured?.url ?? theirs.problem;
        if (!theirs.captured) advise(false, 'not observed: the answer to swap in could not be captured');
        else await swapped(check, theirs.captured.body, true, at, advise);
      }),
      advisory(control, (at, advise) => swapped(control, undefined, false, at, advise)),
    ]);
    await record(testInfo, 'swaps', result);
  });
});

function safeDecode(s: string): string {
  try { return decodeURIComponent(s); } catch { return s; }
}

/** The four parts on one navigation's page-data request; `condition` names what the harness caused, if anything. */
async function judgeRequest(req: LoggedRequest, { from, to, condition }: { from: string; to: string; condition?: string }, { target, obs, part }: { target: SiteUnderTest; obs: Observer; part: (id: C73Part) => C73Part }, testInfo: TestInfo): Promise<void> {
  const stateTree = req.headers['next-router-state-tree'];
  const buildId = buildIdOf(req, target.profile);
  const seen = condition ? `${req.url} (${condition})` : req.url;
  await record(testInfo, 'page-data request', { from, to, ...(condition ? { injected: [condition] } : {}), request: requestEvidence(req, { headers: true }), buildId });

  // The Pages Router's /_next/data/<build>/x.json is judged like any other page-data request.
  await obs.part(part('target'), () => {
    obs.saw('request', seen);
    expect(readPageData(req)?.page, `expected the request ${req.url} to name the target page ${to}`).toBe(to);
  });
  await obs.part(part('current'), () => {
    obs.saw('request', seen);
    const sent = req.headers['next-url'];
    expect(sent === undefined ? '(no Next-Url header)' : safeDecode(sent), `expected the Next-Url header to name the current address ${from}; observed ${sent === undefined ? 'no Next-Url header' : `"${sent}"`}`).toBe(from);
  });
  await obs.part(part('router-state'), () => {
    obs.saw('request', seen);
    expect(stateTree ?? '(none)', 'expected a Next-Router-State-Tree header carrying the router state; observed none').not.toBe('(none)');
    let parsed: unknown;
    try { parsed = JSON.parse(decodeURIComponent(stateTree)); } catch { parsed = undefined; }
    expect(typeof parsed === 'object' && parsed !== null ? 'URL-encoded JSON' : `"${stateTree.slice(0, 80)}"`, 'expected the router state to be URL-encoded JSON').toBe('URL-encoded JSON');
  });
  await obs.part(part('build-id'), () => {
    if (!(buildId)) obs.untested(`the page-data request ${req.url} carries no build identifier where this run looks (${recognisedNames(target.profile)})`, 'name the header or query parameter that carries it in the profile (buildIdentifier); a Next.js site sends x-deployment-id only when next.config sets deploymentId');
    obs.saw('request', `${req.url} (${buildId?.where}${condition ? `; ${condition}` : ''})`);
  });
}
