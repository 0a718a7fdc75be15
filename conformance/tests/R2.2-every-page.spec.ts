import type { Response } from '@playwright/test';
import { getAsSite } from '../access/browser';
import { record } from '../harness/clause';
import { describeClause } from '../harness/describe-clause';
import { linkTo, sameAddress, settle } from '../observers/navigation';
import { expect, test, type Page } from '../harness/fixtures';
import { pageIsOfSite } from '../observers/site-page';
import { quoted } from '../observers/page-text';
import { groupByShape } from '../crawl/shape';
import { coverage, sitePagesOf, walkOf } from './every-page';
import { patience } from '../run/slow';

// Checked for every internal link of every listed page whose target answers 404: following it
// must end on the not-found page. Each missing target is followed once, from the first page
// that shows a visible link to it.
const MESSAGE = 'This page could not be found.';
const PER_SHAPE = 3;
const MAX_FOLLOWED = 24;

interface LinkSeen { from: string; raw: string; url: string; visible: boolean }
interface Followed { url: string; target: string; from: string; how: string; endedAt?: string; httpStatus?: number; ofSite?: boolean; shown?: { heading404: boolean; message: boolean; headings: string[] }; pending?: string; linkedFrom: number }

async function shownPage(page: Page): Promise<{ heading404: boolean; message: boolean; headings: string[] }> {
  const heading404 = await page.getByRole('heading', { name: '404', exact: true }).first().isVisible().catch(() => false);
  const message = await page.getByText(MESSAGE, { exact: true }).first().isVisible().catch(() => false);
  const headings = await page.getByRole('heading').allInnerTexts().catch(() => [] as string[]);
  return { heading404, message, headings: headings.map((h) => h.trim()).filter(Boolean).slice(0, 5) };
}

/** Loads the page that links to `url` and follows its link (or loads `url` when no link is visible); what is then shown. */
async function followOne(page: Page, url: string, links: LinkSeen[]): Promise<Followed> {
  const from = links.find((l) => l.url === url && l.visible) ?? links.find((l) => l.url === url)!;
  const f: Followed = { url, target: new URL(url).pathname + new URL(url).search, from: from.from, how: from.visible ? `click on the link "${from.raw}"` : 'loaded directly (no visible link to click)', linkedFrom: new Set(links.filter((l) => l.url === url).map((l) => l.from)).size };
  const documents: number[] = [];
  const onResponse = (r: Response) => { if (r.request().isNavigationRequest() && r.frame() === page.mainFrame()) documents.push(r.status()); };
  try {
    await page.goto(from.from, { waitUntil: 'commit', timeout: patience(15_000) });
    await settle(page, undefined, 15_000);
    const before = page.url();
    page.on('response', onResponse);
    // A link the walk saw in view may not be clickable now (covered, in a closed menu): then the target is loaded directly.
    const link = linkTo(page, from.raw);
    const clicked = from.visible && await link.click({ timeout: patience(3_000) }).then(() => true, () => false);
    if (!clicked) {
      if (from.visible) f.how = `loaded directly (the link "${from.raw}" could not be clicked)`;
      await page.goto(url, { waitUntil: 'commit', timeout: patience(15_000) });
    }
    // Where the link leads may redirect (e.g. /x.html → /x on a static host): wait to leave the page, not for one address.
    await page.waitForURL((u) => !sameAddress(u.toString(), before), { timeout: patience(15_000), waitUntil: 'commit' });
    await settle(page, undefined, 15_000);
    f.endedAt = new URL(page.url()).pathname;
    // The not-found page may render on hydration: give its heading a bounded while to show.
    await page.getByRole('heading', { name: '404', exact: true }).first().waitFor({ state: 'visible', timeout: patience(5_000) }).catch(() => undefined);
    f.shown = await shownPage(page);
    f.httpStatus = documents.at(-1);
    // Only the site's own page is evidence (a host's 404 page is not): site-page.ts.
    f.ofSite = await pageIsOfSite(page);
    if (f.ofSite === undefined) f.pending = `${f.endedAt} could not be read to tell whether it is the site's own page (its document was being replaced)`;
  } catch (e) {
    f.pending = String((e as Error)?.message ?? e).split('\n')[0];
  } finally {
    page.off('response', onResponse);
  }
  return f;
}

describeClause('R2.2', () => {
  test('every internal link of the listed pages whose target answers 404 leads to a page showing the heading 404 and the message', async ({ browser, page, target, obs }, testInfo) => {
    const sitePages = sitePagesOf(target, obs);
    const origin = new URL(target.url).origin;
    const links: LinkSeen[] = [];
    const loaded = await walkOf(browser, target, sitePages, testInfo);
    // Links on a page that is not the site's (a host's error page) are no links of the site.
    for (const w of loaded.filter((x) => x.ofSite)) {
      for (const f of w.links) {
        let u: URL;
        try { u = new URL(f.url); } catch { continue; }
        if (u.origin !== origin || !/^https?:$/.test(u.protocol)) continue;
        u.hash = '';
        links.push({ from: w.path, raw: f.raw, url: u.toString(), visible: f.visible });
      }
    }

    // What each distinct target answers (one request each, a few at a time, bounded).
    const statusOf = new Map<string, number | string>();
    const targets = [...new Set(links.map((l) => l.url))];
    await Promise.all(Array.from({ length: 4 }, async () => {
      for (let url = targets.shift(); url !== undefined; url = targets.shift()) {
        const res = await getAsSite(page.request, url, { timeout: patience(10_000), maxRedirects: 5 }).catch((e: Error) => e.message.split('\n')[0]);
        statusOf.set(url, typeof res === 'string' ? res : res.status());
      }
    }));
    const allMissing = [...statusOf].filter(([, s]) => s === 404).map(([u]) => u);
    // A site may link to hundreds of missing files of one kind (e.g. a report's evidence): a few
    // of each route shape are followed, at most MAX_FOLLOWED in all; the evidence says how many.
    const shapes = groupByShape(allMissing.map((u) => new URL(u).pathname + new URL(u).search), PER_SHAPE);
    const keptPaths = new Set(shapes.flatMap((g) => g.kept).slice(0, MAX_FOLLOWED));
    const missing = allMissing.filter((u) => keptPaths.has(new URL(u).pathname + new URL(u).search));

    // Each chosen target followed once, a few at a time in tabs of the test's context.
    const followed: Followed[] = [];
    const queue = [...missing];
    const follow = async (tab: Page) => {
      for (let url = queue.shift(); url !== undefined; url = queue.shift()) followed.push(await followOne(tab, url, links));
    };
    const first = follow(page);
    const others = Array.from({ length: Math.min(3, missing.length - 1) }, async () => follow(await page.context().newPage()));
    await Promise.all([first, ...others]);
    followed.sort((a, b) => missing.indexOf(a.url) - missing.indexOf(b.url));

    await record(testInfo, 'every page', {
      ...coverage(sitePages),
      notLoaded: loaded.filter((l) => l.error).map((l) => ({ path: l.path, error: l.error })),
      linksSeen: links.length, targets: statusOf.size,
      targetsAnswering404: allMissing.length, followedTargets: missing.length,
      missingShapes: shapes.map((g) => ({ shape: g.shape, targets: g.paths.length, followed: g.kept.filter((p) => keptPaths.has(p)).length })),
      followed,
      notTheSitesPages: loaded.filter((l) => !l.error && !l.ofSite).map((l) => ({ path: l.path, status: l.status })),
      otherErrors: [...statusOf].filter(([, s]) => typeof s === 'string').map(([u, s]) => ({ url: u, error: s })),
    });

    const judged = followed.filter((f) => f.shown && f.ofSite);
    for (const f of judged) obs.saw('page', `${f.target} (by its link on ${f.from})`);
    const wrong = judged.filter((f) => !(f.shown!.heading404 && f.shown!.message))
      .map((f) => `${f.target} (from ${f.from}, ${f.how}, ended at ${f.endedAt}) shows ${f.shown!.heading404 ? '' : 'no heading "404"'}${!f.shown!.heading404 && !f.shown!.message ? ' and ' : ''}${f.shown!.message ? '' : `no "${MESSAGE}"`}; headings seen: ${f.shown!.headings.length ? quoted(f.shown!.headings) : 'none'}`);
    expect(wrong, 'links to missing pages that do not end on the not-found page').toEqual([]);
    const incomplete = [...loaded.filter((l) => l.error).map((l) => `${l.path} did not load (${l.error})`), ...followed.filter((f) => f.pending).map((f) => `following ${f.target} from ${f.from}: ${f.pending}`)];
    if (incomplete.length) obs.cantTell(incomplete.slice(0, 3).join('; '));
    if (!missing.length) obs.absent(`no internal link on the ${sitePages.paths.length} listed pages leads to a page answering 404`);
    const foreign = followed.filter((f) => f.shown && f.ofSite === false);
    if (!judged.length) obs.cannotShow(`every link to a missing page on the listed pages ended on a page that is not this site's (${foreign.slice(0, 3).map((f) => `${f.target}: HTTP ${f.httpStatus ?? '?'}`).join(', ')}): another server's page is no evidence of the site`);
  });
});
