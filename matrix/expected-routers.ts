/**
 * Expected verdicts of the matrix's two other sites (matrix/versions.ts SiteKind): the
 * Pages-Router-only site (create-next-app's `default` template plus Pages Router pages) and the
 * mixed site (the same template with an app/ directory beside pages/). Each starts from the App
 * Router site's rows (expected.ts) and replaces the rows where it judges a Pages Router page, or a
 * navigation between the two routers. Citations are lines of that version's `next` package, as in
 * expected.ts. How each clause reads on a Pages Router page: docs/implementations.md ("The other
 * router") and the readings of spec/clauses.ts.
 *
 * These are the verdicts a truthful suite gives: a pass needs its subject, links are
 * activated without a hover (a hover re-fetches Pages Router data), R2.5/server is untested on a
 * generic 500 page, whole-page-load steps of R2.9's chain are not judged. Where main's suite still
 * said otherwise, docs/truthful-verdicts.md has the before and after.
 */
import { CLAUSES } from '../spec/clauses';
import type { Ctx, Expectation, Row } from './expected-model';
import type { Verdict } from './model';

type V = '14.2' | '15.5';

const E = (verdict: Verdict, because: string, ...cite: string[]): Expectation => ({ verdict, because, cite });

/** Lines of the Pages Router (and of the crossings between routers), per version; 16 where the ordinary Pages Router sites cite them (expected-ordinary.ts). */
export const P = {
  notFound: { '14.2': 'dist/pages/_error.js:98', '15.5': 'dist/pages/_error.js:110', '16': 'dist/pages/_error.js:122' },
  notFoundTitle: { '14.2': 'dist/pages/_error.js:17', '15.5': 'dist/pages/_error.js:17' },
  noStatus: { '14.2': 'dist/pages/_error.js:106', '15.5': 'dist/pages/_error.js:119' },
  // 14.2 inserts no hostname (its line is the exact text).
  hostname: { '14.2': 'dist/pages/_error.js:106', '15.5': 'dist/pages/_error.js:26' },
  popState: { '14.2': 'dist/shared/lib/router/router.js:1547', '15.5': 'dist/shared/lib/router/router.js:1627', '16': 'dist/shared/lib/router/router.js:482' },
  serverStatus: { '14.2': 'dist/pages/_error.js:23', '15.5': 'dist/pages/_error.js:23' },
  appGroups: { '14.2': 'dist/shared/lib/router/utils/app-paths.js:32', '15.5': 'dist/shared/lib/router/utils/app-paths.js:36' },
  link: { '14.2': 'dist/client/link.js:84', '15.5': 'dist/client/link.js:94', '16': 'dist/client/link.js:93' },
  resetScroll: { '14.2': 'dist/shared/lib/router/router.js:900', '15.5': 'dist/shared/lib/router/router.js:980', '16': 'dist/shared/lib/router/router.js:1210' },
  scrollTo: { '14.2': 'dist/client/index.js:556', '15.5': 'dist/client/index.js:556', '16': 'dist/client/index.js:526' },
  scrollRestorationOff: { '14.2': 'dist/server/config-shared.js:116', '15.5': 'dist/server/config-shared.js:173', '16': 'dist/server/config-shared.js:238' },
  announcer: { '14.2': 'dist/client/route-announcer.js:57', '15.5': 'dist/client/route-announcer.js:57', '16': 'dist/client/route-announcer.js:57' },
  dataHref: { '14.2': 'dist/client/page-loader.js:78', '15.5': 'dist/client/page-loader.js:108', '16': 'dist/client/page-loader.js:110' },
  dataHeaders: { '14.2': 'dist/shared/lib/router/router.js:257', '15.5': 'dist/shared/lib/router/router.js:265', '16': 'dist/shared/lib/router/router.js:306' },
  // A data fetch that failed leaves the data cache: the next navigation fetches it itself.
  failedFetchDropped: { '14.2': 'dist/shared/lib/router/router.js:352', '15.5': 'dist/shared/lib/router/router.js:366', '16': 'dist/shared/lib/router/router.js:413' },
  buildId: { '14.2': 'dist/build/index.js:351', '15.5': 'dist/build/index.js:366' },
  scripts: { '14.2': 'dist/pages/_document.js:162', '15.5': 'dist/pages/_document.js:165', '16': 'dist/pages/_document.js:160' },
  stylesheets: { '14.2': 'dist/pages/_document.js:346', '15.5': 'dist/pages/_document.js:355', '16': 'dist/pages/_document.js:352' },
  actions: { '14.2': 'dist/server/app-render/action-handler.js:229', '15.5': 'dist/server/app-render/action-handler.js:344' },
  ssgPrefetch: { '14.2': 'dist/shared/lib/router/router.js:1442', '15.5': 'dist/shared/lib/router/router.js:1534', '16': 'dist/shared/lib/router/router.js:1768' },
  dataCache: { '14.2': 'dist/shared/lib/router/router.js:376', '15.5': 'dist/shared/lib/router/router.js:390', '16': 'dist/shared/lib/router/router.js:436' },
  dataCacheDrops: { '14.2': 'dist/shared/lib/router/router.js:1243', '15.5': 'dist/shared/lib/router/router.js:1335' },
  visiblePrefetch: { '14.2': 'dist/client/link.js:330', '15.5': 'dist/client/link.js:333', '16': 'dist/client/link.js:319' },
  toAppRouter: { '14.2': 'dist/shared/lib/router/router.js:677', '15.5': 'dist/shared/lib/router/router.js:744' },
  appRouterFilter: { '14.2': 'dist/server/config-shared.js:100', '15.5': 'dist/server/config-shared.js:154' },
  toPagesRouter: { '14.2': 'dist/client/components/router-reducer/fetch-server-response.js:96', '15.5': 'dist/client/components/router-reducer/fetch-server-response.js:128' },
  appAssets: { '14.2': 'dist/server/app-render/required-scripts.js:8', '15.5': 'dist/server/app-render/required-scripts.js:8' },
} as const;

/** A clause row and every part row the registry gives it, all with one expectation. */
export function whole(id: string, e: Expectation): Partial<Record<Row, Expectation>> {
  const clause = CLAUSES.find((c) => c.id === id);
  const parts = clause && 'parts' in clause ? (clause.parts ?? []).map((p) => `${id}/${p.id}`) : [];
  return Object.fromEntries([id, ...parts].map((r) => [r, e]));
}

/**
 * R2.8 on a Pages Router page. Back: the router resets the scroll of a popstate navigation (no
 * experimental.scrollRestoration, off by default); whether Chromium's own restoration lands after it
 * is the version's (`lost`: 14.2, observed). Forward renders the next page again.
 */
export function pagesRouterScroll(lost: boolean, c: (key: 'resetScroll' | 'scrollTo' | 'scrollRestorationOff' | 'popState') => string): Partial<Record<Row, Expectation>> {
  const backLost = E('failed', 'Back re-renders the page, then scrolls to 0,0: without experimental.scrollRestoration (off by default) the router resets the scroll of every popstate navigation, and the browser\'s own restoration does not land after it', c('resetScroll'), c('scrollTo'), c('scrollRestorationOff'));
  const backKept = E('passed', 'the router resets the scroll to 0,0 after rendering the page (no experimental.scrollRestoration), but Chromium\'s own restoration of the earlier position lands after it (4 of 4 probe runs, and every suite run): observed, browser-dependent', c('resetScroll'), c('scrollTo'));
  const forward = E('passed', 'Forward is a popstate that the router handles as a navigation to the next page: its content is rendered again', c('popState'));
  return {
    'R2.8': lost ? E('failed', backLost.because, ...backLost.cite) : E('passed', 'back and forward restore the earlier view (back by the browser\'s own scroll restoration)', c('resetScroll'), c('scrollTo')),
    'R2.8/back': lost ? backLost : backKept,
    'R2.8/forward': forward,
  };
}

/** The rows a Pages Router page decides, on either site (scroll restoration and the announcer are judged on Pages Router pages there). */
function pagesRouterPages(v: V): Partial<Record<Row, Expectation>> {
  const c = (key: keyof typeof P) => P[key][v];
  const announcer = E('passed', 'the Pages Router\'s route announcer (aria-live="assertive") reads document.title, else the first h1, whenever the path changes', c('announcer'));
  return {
    ...pagesRouterScroll(v === '14.2', c),
    ...whole('R2.9', announcer),
  };
}

/** Pages-Router-only site: every judged page is a Pages Router page. */
function pagesRouterSite(ctx: Ctx, v: V, app: Record<string, Expectation>): Record<string, Expectation> {
  const c = (key: keyof typeof P) => P[key][v];
  const server = ctx.mode === 'server';
  const clientText = v === '14.2'
    ? E('passed', 'with no status code the Pages Router\'s _error — its one global failure page — shows exactly the spec\'s client-side text', c('noStatus'))
    : E('failed', 'with no status code _error shows "Application error: a client-side exception has occurred while loading <hostname> (see …)": more words than the spec\'s text', c('noStatus'), c('hostname'));
  const serverThrow = E('untested', 'a throw on the server answers 500 with _error\'s status page "500 / Internal Server Error." (the status comes from the answer): a generic error page, which R2.3 judges; the Pages Router has no server-side global failure page to observe', c('serverStatus'));
  const noGroups = E('untested', 'the Pages Router has no route groups (only app paths drop "(name)" segments; under pages/ such a folder is an ordinary path segment): the profile names no grouped page, so there is no group to observe', c('appGroups'));
  const dataCacheKept = E('passed', 'a page with getStaticProps has its data (/_next/data/<build>/<path>.json) kept in a data cache whose entries have no time limit, whether prefetched when its link came into view (/posts/1) or fetched by a navigation (/plain): used at 29 s without a request (links activated without a hover, which would re-prefetch)', c('ssgPrefetch'), c('dataCache'));
  const ssrDropped = E('failed', 'the data of a getServerSideProps page (/dynamic) is dropped from the data cache right after the navigation used it: opened again 29 s after that use it is fetched anew (prefetched getStaticProps data is still used at 29 s)', c('dataCacheDrops'), c('dataCache'));
  const fresh = server ? ssrDropped : dataCacheKept;
  const never = E('failed', 'nothing expires an entry of the Pages Router\'s data cache (it is dropped only for getServerSideProps pages or a prefetch middleware skipped): at 301 s the navigation still uses the prefetch made at 0 s, with no request', c('dataCache'), c('dataCacheDrops'));
  const ownOrigin = E('passed', 'the Pages Router fetches page data from the site\'s own origin: /_next/data/<build>/<path>.json', c('dataHref'));
  const jsonData = E('failed', 'a navigation\'s page data is /_next/data/<build>/plain.json (a .json file under /_next/data/), never the page path with a text suffix', c('dataHref'));
  const noHeaders = (what: string) => E('failed', `a Pages Router data request carries only x-nextjs-data (and purpose: prefetch on a prefetch): no ${what}`, c('dataHeaders'));
  const assets = E('passed', 'every page loads the scripts _document lists and the stylesheet of globals.css, imported by the template\'s _app', c('scripts'), c('stylesheets'));
  return {
    ...app,
    ...whole('R2.2', E('passed', 'the default _error renders the heading 404 and "This page could not be found." for an unknown path, also after a link to a missing page (its route fails to load, so the browser loads the address)', c('notFound'), c('notFoundTitle'))),
    'R2.5/client': clientText,
    'R2.5/server': server ? serverThrow : app['R2.5/server'],
    'R2.5/digest': server ? E('inapplicable', 'the optional digest line is not shown: no global failure page is rendered on the server (the throw gives R2.3\'s 500 page)', c('serverStatus')) : app['R2.5/digest'],
    'R2.5': v === '15.5' ? E('failed', clientText.because, ...clientText.cite) : server ? E('untested', `client text exact; ${serverThrow.because}`, c('noStatus'), c('serverStatus')) : E('passed', clientText.because, ...clientText.cite),
    'R2.6': noGroups,
    'R2.6/addresses': noGroups,
    'R2.6/grouped-pages': E('inapplicable', 'optional part not shown: the site has no route group (Pages Router)'),
    'R2.7': E('passed', 'a Pages Router Link prevents the default navigation and routes on the client', c('link')),
    ...pagesRouterPages(v),
    ...(ctx.mode === 'static' ? {
      'C7.2/own-origin': ownOrigin,
      'C7.2/text-suffix': jsonData,
      'C7.2': E('failed', jsonData.because, ...jsonData.cite),
    } : {}),
    'C7.3/target': E('passed', 'the data path names the target page: /_next/data/<build>/plain.json', c('dataHref')),
    'C7.3/current': noHeaders('current address'),
    'C7.3/router-state': noHeaders('router state'),
    'C7.3/build-id': E('passed', 'the build identifier is a path segment, /_next/data/<buildId>/, the same on every request of one build; each next build draws its own id, so the other mode\'s build differs', c('dataHref'), c('buildId')),
    'C7.3': noHeaders('current address and no router state'),
    ...whole('C7.4', assets),
    'C7.5': server ? E('untested', 'the Pages Router has no server functions (server actions are handled by the App Router\'s renderer only): the profile names no serverFunction scenario', c('actions')) : app['C7.5'],
    'K9.3/fresh-29': fresh,
    'K9.3/stale-31': server ? E('passed', 'the data of the getServerSideProps page is never kept, so a navigation 31 s after its use fetches it anew', c('dataCacheDrops')) : app['K9.3/stale-31'],
    'K9.3': server ? E('failed', `fresh-29 fails: ${ssrDropped.because}`, ...ssrDropped.cite) : E('passed', dataCacheKept.because, ...dataCacheKept.cite),
    'K9.4/kept-299': E('passed', 'the prefetched getStaticProps data stays in the data cache with no time limit: used at 299 s', c('dataCache')),
    'K9.4/expired-301': never,
    'K9.4': E('failed', never.because, ...never.cite),
    'K9.5': E('failed', 'there is no prefetch queue: every <Link> in view (rootMargin 200px) calls router.prefetch from an effect, which fetches the getStaticProps data at once: all 10 in flight', c('visiblePrefetch'), c('ssgPrefetch')),
  };
}

/**
 * Mixed site: the App Router site's rows for its App Router pages (posts, page data, crash pages,
 * the route group, the server action), Pages Router rows for its Pages Router pages (scroll,
 * announcer), and the navigation chain that crosses the routers.
 */
function mixedSite(ctx: Ctx, v: V, app: Record<string, Expectation>): Record<string, Expectation> {
  const c = (key: keyof typeof P) => P[key][v];
  return {
    ...app,
    'R2.7': E('failed', 'the chain crosses the routers, and each crossing is a full page load: the Pages Router loads an App Router path (known to its client router filter) as a document, and the App Router loads a Pages Router page as a document when its answer is not page data', c('toAppRouter'), c('appRouterFilter'), c('toPagesRouter')),
    ...pagesRouterPages(v),
    // The announcer's pages (/hub → /about, /untitled) are Pages Router pages; the chain's steps that cross the routers are whole page loads, not judged (R2.7 judges them).
    ...whole('R2.9', E('passed', 'the Pages Router\'s route announcer reads document.title, else the first h1, after each client navigation; the chain\'s steps between the routers are whole page loads, which are not judged', c('announcer'))),
    ...whole('C7.4', E('passed', 'the Pages Router page (/hub) loads _document\'s scripts and the stylesheet of globals.css; the App Router page (/plain) its required scripts and the root layout\'s stylesheet', c('scripts'), c('stylesheets'), c('appAssets'))),
  };
}

/** Every row's expectation on the Pages-Router-only or mixed site, from the App Router site's rows of the same build. */
export function otherSiteExpectations(ctx: Ctx, app: Record<string, Expectation>): Record<string, Expectation> {
  if (ctx.v === '16') throw new Error(`expected-routers.ts has no expectations for the ${ctx.site} site on version 16: add them (with citations) before adding the column to versions.json.`);
  const v = ctx.v;
  if (ctx.site === 'pages-router') return pagesRouterSite(ctx, v, app);
  if (ctx.site === 'mixed') return mixedSite(ctx, v, app);
  return app;
}
