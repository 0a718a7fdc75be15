import type { Browser, Page, Request, Response } from '@playwright/test';
import { patience } from '../run/slow';
import { orLate } from './bound';
import { type Moves, movesOf } from './cancelled';
import { contextTrust } from '../access/browser';
import { settle } from './navigation';
import { readPageData, requestLike } from './page-data';
import { groupsInSegment, groupsOfDocument } from './route-groups';
import { pageIsOfSite } from './site-page';
import { answerAgain, FETCHED_AGAIN } from './answer-again';

/**
 * One walk over the pages a profile lists (sitePages), shared by the every-page checks (R2.2,
 * R2.6, C7.4): each page is loaded once, a few at a time in tabs of one fresh context, and what
 * each clause needs is kept as plain data — the address, the links with their visibility, and
 * every request of the page's frame with its answer. The clauses judge the same observations,
 * so a page is loaded once per mode instead of once per clause (shared-once.ts shares the walk
 * between workers). Every wait is bounded by the harness's patience (run/slow.ts); a pending request
 * is recorded as pending, never waited for without end, and nothing waits for the network to go
 * idle. The answers a clause judges are awaited before the walk moves on, and a request the walk's
 * own next navigation cancelled is recorded as cancelled by the harness, never as not answered.
 */

export interface WalkLink { raw: string; url: string; visible: boolean }
export interface WalkRequest {
  url: string;
  resourceType: string;
  /** The page the request fetches data of (page-data.ts), when it is a page-data or prefetch request. */
  pageDataOf?: string;
  /** Route groups of the page the request fetches, from a per-segment file's name (route-groups.ts). */
  groups?: string[];
  status?: number;
  contentType?: string;
  /** A network failure, or the browser refusing an answer it got (e.g. a stylesheet of the wrong type). */
  failure?: string;
  /**
   * Cancelled by the browser before an answer came (observers/cancelled.ts), in words that say who
   * did: no answer of the site, so no clause judges it.
   */
  cancelled?: string;
  /** No answer within the bound. */
  pending?: boolean;
  /**
   * How the answer the page used came: over the network; from the browser's cache without asking;
   * or revalidated (the server answered 304 and the cached answer, with its status and headers, was used).
   */
  answered?: Answered;
  /** The address the page asked for, when the browser followed redirects to this one (the chain's end). */
  redirectedFrom?: string;
  /** A hop of a redirect chain, answered with a redirect to this address: the chain's end is judged instead. */
  redirectedTo?: string;
}
export type Answered = 'network' | 'cache' | 'revalidated';
export interface WalkPage {
  path: string;
  status?: number;
  /** Why the page could not be loaded or settled (then its checks could not complete). */
  error?: string;
  address?: string;
  /** The document is a page of this site (site-page.ts): only such pages are evidence. */
  ofSite?: boolean;
  /** Route groups the document's own router tree names (route-groups.ts): the page lives inside them. */
  routeGroups?: string[];
  links: WalkLink[];
  requests: WalkRequest[];
  /** Time spent on the page: loading and settling, then sitting for prefetches. */
  loadMs?: number;
  sitMs?: number;
}

export interface WalkOptions {
  /** Tabs loading pages at the same time. */
  tabs: number;
  /** After the app started, prefetches of the links in view are asked for: sit until none came for quietMs, at most maxMs. */
  quietMs: number;
  maxMs: number;
  /** Bound for the answers of a page's scripts, stylesheets and page-data requests before moving on. */
  answerMs: number;
}

export const WALK_DEFAULTS: WalkOptions = { tabs: 6, quietMs: 500, maxMs: 3_000, answerMs: 10_000 };

export async function walkSite(browser: Browser, baseURL: string, paths: string[], opts: WalkOptions = WALK_DEFAULTS): Promise<WalkPage[]> {
  const context = await browser.newContext({ baseURL, ...contextTrust() });
  try {
    const results: WalkPage[] = new Array(paths.length);
    let next = 0;
    const tab = async () => {
      const page = await context.newPage();
      try {
        while (next < paths.length) {
          const i = next++;
          results[i] = await visit(page, paths[i], opts);
        }
      } finally {
        await page.close().catch(() => undefined);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(opts.tabs, paths.length)) }, tab));
    return results;
  } finally {
    await context.close().catch(() => undefined);
  }
}

async function visit(page: Page, path: string, opts: WalkOptions): Promise<WalkPage> {
  const seen: Request[] = [];
  const startedAt = new Map<Request, number>();
  let lastPageData = 0;
  const onRequest = (r: Request) => {
    if (!inMainFrame(r, page)) return;
    seen.push(r);
    startedAt.set(r, Date.now());
    if (readPageData(requestLike(r))) lastPageData = Date.now();
  };
  const moves = movesOf(page);
  page.on('request', onRequest);
  const w: WalkPage = { path, links: [], requests: [] };
  const t0 = Date.now();
  try {
    const res = await page.goto(path, { waitUntil: 'commit', timeout: patience(15_000) });
    w.status = res?.status();
    await settle(page, undefined, 15_000);
    w.loadMs = Date.now() - t0;
    // The sitting bounds are the harness's patience too: a busy machine starts prefetches later.
    const until = Date.now() + patience(opts.maxMs);
    lastPageData = Math.max(lastPageData, Date.now());
    while (Date.now() < until && Date.now() - lastPageData < patience(opts.quietMs)) await page.waitForTimeout(100);
    w.sitMs = Date.now() - t0 - w.loadMs;
    w.address = page.url();
    // A plain evaluate, not a locator: a locator sends Playwright's selector script (≈ 340 KB) into
    // each page's main world first, and the walk loads every listed page. Open shadow roots are
    // searched as Playwright's CSS engine does.
    w.links = await page.evaluate(() => {
      const found: Element[] = [];
      const search = (root: Document | ShadowRoot) => {
        found.push(...Array.from(root.querySelectorAll('a[href]')));
        for (const el of Array.from(root.querySelectorAll('*'))) if (el.shadowRoot) search(el.shadowRoot);
      };
      search(document);
      return found.map((el) => {
        const r = el.getBoundingClientRect();
        return { raw: el.getAttribute('href') ?? '', url: (el as HTMLAnchorElement).href, visible: r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden' };
      });
    });
    w.ofSite = await pageIsOfSite(page);
    if (w.ofSite === undefined) throw new Error(`${path} could not be read to tell whether it is the site's own page (its document was being replaced)`);
    w.routeGroups = await groupsOfDocument(page);
  } catch (e) {
    w.error = String((e as Error)?.message ?? e).split('\n')[0];
  } finally {
    page.off('request', onRequest);
  }
  // Before the walk moves on (its next page.goto cancels whatever this page still has in flight):
  // the answers of what a clause judges, bounded. What is still on its way after that is pending.
  const answers = new Map<Request, Response | null>();
  const judged = seen.filter(isJudged).map((r) => r.response().then((res) => { answers.set(r, res); }, () => { answers.set(r, null); }));
  await orLate(patience(opts.answerMs), Promise.all(judged));
  const again = (url: string) => answerAgain(page.request, url);
  w.requests = await Promise.all(seen.map((r) => describe(r, answers, startedAt.get(r) ?? t0, moves, again)));
  return w;
}

/** Only what a clause judges waits for its answer: scripts, stylesheets and page data, over the network. */
function isJudged(r: Request): boolean {
  const type = r.resourceType();
  return (!!readPageData(requestLike(r)) || type === 'script' || type === 'stylesheet') && /^https?:/.test(r.url());
}

type Again = (url: string) => ReturnType<typeof answerAgain>;

async function describe(r: Request, answers: ReadonlyMap<Request, Response | null>, startedAt: number, moves: Moves, again?: Again): Promise<WalkRequest> {
  const pd = readPageData(requestLike(r));
  const groups = pd ? groupsInSegment(requestLike(r)) : [];
  const base: WalkRequest = { url: r.url(), resourceType: r.resourceType(), ...(pd ? { pageDataOf: pd.page } : {}), ...(groups.length ? { groups } : {}), ...redirectsOf(r) };
  if (!isJudged(r)) return base;
  // A hop's answer is a redirect the browser followed: the end of the chain is the answer the page used.
  if (base.redirectedTo !== undefined) return { ...base, status: answers.get(r)?.status() };
  const asset = r.resourceType() === 'script' || r.resourceType() === 'stylesheet';
  return { ...base, ...(await answerOf(r, answers.get(r), startedAt, moves, asset ? again : undefined)) };
}

/**
 * A request's answer as it stood when the walk moved on (`res`: its response, null when it
 * failed, undefined when neither came within the bound). An answer that came is judged, even one
 * whose use the browser then refused (e.g. a stylesheet blocked for its content type: returned
 * with the failure); a network error is the site's; a cancellation by the browser says who
 * cancelled it (observers/cancelled.ts), never "not answered"; nothing at all is pending. An asset
 * the page itself dropped is judged by the site's answer fetched again (`again`, answer-again.ts).
 */
export async function answerOf(r: Request, res: Response | null | undefined, startedAt: number, moves: Moves, again?: Again): Promise<Pick<WalkRequest, 'status' | 'contentType' | 'failure' | 'cancelled' | 'pending' | 'answered'>> {
  const failure = r.failure()?.errorText;
  if (res) return { ...(await usedAnswer(r, res, again)), ...(failure ? { failure } : {}) };
  if (res === undefined) return { pending: true };
  const c = moves.cancellation(failure, startedAt);
  if (!c) return { failure: failure ?? 'no answer' };
  const answer = c.by === 'page' && again ? await again(r.url()) : undefined;
  return answer ? { ...answer, failure: `${failure}, ${FETCHED_AGAIN}` } : { cancelled: c.why };
}

/**
 * The answer the page used, as the browser got it. Playwright's `headers()` are the browser's
 * (after a revalidation: the cached answer's, merged with the 304's), while `allHeaders()` are the
 * raw ones of the last answer on the wire: after a 304 they lack the Content-Type a 304 need not
 * send (RFC 9110 15.4.5), so they are not what the page used. A 304 reported as such (a reload) comes
 * without the cached headers: the cached answer is then the site's answer to the same address,
 * fetched again (assets only: `again`).
 */
async function usedAnswer(r: Request, res: Response, again?: Again): Promise<{ status: number; contentType: string; answered: Answered }> {
  const used = res.headers();
  const raw = await res.allHeaders().catch(() => used);
  const status = res.status();
  const contentType = used['content-type'] ?? '';
  if (status === 304) {
    const cached = again && !contentType ? await again(r.url()) : undefined;
    return { ...(cached ?? { status, contentType }), answered: 'revalidated' };
  }
  if (contentType && !raw['content-type']) return { status, contentType, answered: 'revalidated' };
  return { status, contentType, answered: servedFromCache(r) ? 'cache' : 'network' };
}

/** Playwright gives a request the browser served from its cache no network timing (every phase -1). */
function servedFromCache(r: Request): boolean {
  try {
    const t = r.timing();
    return t.requestStart < 0 && t.responseStart < 0;
  } catch {
    return false;
  }
}

/** Where a redirect chain started (for its end), or where a hop was redirected to. */
function redirectsOf(r: Request): Pick<WalkRequest, 'redirectedFrom' | 'redirectedTo'> {
  try {
    const to = r.redirectedTo();
    if (to) return { redirectedTo: to.url() };
    let first = r.redirectedFrom();
    while (first?.redirectedFrom()) first = first.redirectedFrom();
    return first ? { redirectedFrom: first.url() } : {};
  } catch {
    return {};
  }
}

/** Requests of the page's own frame (a service worker's requests have no frame: Playwright throws). */
function inMainFrame(r: Request, page: Page): boolean {
  try { return r.frame() === page.mainFrame(); } catch { return false; }
}
