/**
 * Expected verdicts of the sites judged zero-config (matrix/versions.ts SiteKind `ordinary`,
 * `ordinary-pages`, `docs-pages`, `blog`, `portfolio`; fixtures/implementations/README.md): a small
 * blog — a menu, about, a post list, five posts, contact — on each router, and a docs site, a blog
 * with its own not-found page and a foreign script, a portfolio; no profile, so what is judged is
 * what discovery finds on each. A cell is
 * passed or failed where the site gives the clause its subject, with the line of that version's `next`
 * package that decides the verdict; untested where the site has no such page (the reason says which
 * page it lacks; no framework line decides it), or where the framework gives the subject but
 * discovery does not find it (the line that gives it, and why it is not found). The App Router site's
 * rows (expected.ts) are reused where the same subject is judged the same way.
 */
import { C } from './expected-cites';
import { P, pagesRouterScroll, whole } from './expected-routers';
import type { Ctx, Expectation, Row } from './expected-model';
import type { Verdict } from './model';

type V = '14.2' | '16';
const E = (verdict: Verdict, because: string, ...cite: string[]): Expectation => ({ verdict, because, cite });

/** Lines of the servers and of the App Router's Link, per version (`dist/…` of that version's next); the Pages Router's are expected-routers.ts's P. */
const L = {
  appVisiblePrefetch: { '14.2': 'dist/client/link.js:330', '16': 'dist/client/app-dir/link.js:271' },
  // next start: a POST to a file served as is renders /405; a malformed segment of a dynamic route is answered 400.
  post405: { '14.2': 'dist/server/lib/router-server.js:296', '16': 'dist/server/lib/router-server.js:502' },
  decode400: { '14.2': 'dist/server/base-server.js:733', '16': 'dist/server/base-server.js:920' },
  // A static export's prefetch asks <path>.txt (14.2: the same fetch as a navigation's) or, on 16, a file per segment, <path>/__next.<segments>.txt.
  prefetchTxt: { '14.2': 'dist/client/components/router-reducer/fetch-server-response.js:65', '16': 'dist/shared/lib/segment-cache/segment-value-encoding.js:83' },
} as const;

/** What a site's pages are called in the reasons: its list page, one item of it, the dynamic route. */
interface Shape { list: string; item: string; route: string; ownScripts: string }
const SHAPES: Record<'blog' | 'docs' | 'portfolio', Shape> = {
  blog: { list: '/posts', item: 'post', route: '/posts/[slug]', ownScripts: '/ (its next/image chunk)' },
  docs: { list: '/docs', item: 'docs page', route: '/docs/[slug]', ownScripts: 'none (the Pages Router)' },
  portfolio: { list: '/work', item: 'project', route: '/work/[slug]', ownScripts: '/ and /contact (a chunk each)' },
};

/** An untested row whose subject the site does not have: what it lacks, no framework line. */
const lacks = (what: string) => E('untested', `the site has ${what}`);

/** The rows every site here shares: the pages none of them has. */
function lacking(ctx: Ctx): Partial<Record<Row, Expectation>> {
  const server = ctx.mode === 'server';
  const noCrash = lacks('no page with a button that throws (its pages are text, lists and articles): no global failure page is shown');
  return {
    'R2.5/client': noCrash,
    'R2.5/server': server ? lacks('no page that throws on the server: every page is pre-rendered') : E('inapplicable', 'this part exists in server delivery only'),
    'R2.5/digest': server ? E('inapplicable', 'optional, and not shown: no page throws on the server, so no digest line') : E('inapplicable', 'this part exists in server delivery only'),
    'R2.5': noCrash,
    'R2.6/grouped-pages': E('inapplicable', 'optional, and not shown: the site has no route group'),
    'R2.9/heading': lacks('no untitled page: every page has its own title, so the announcer never reads a heading instead'),
    'R2.9': lacks('no untitled page (the heading part); the title part passes'),
    'C7.5': server ? lacks('no server function (no form posts to the server)') : E('inapplicable', 'a static export cannot contain server functions'),
    'K9.2': server ? lacks('no page generated on demand (getStaticPaths with fallback: true): its pages are all pre-rendered') : E('inapplicable', 'a static export has no fallback pages, the one retried fetch'),
    'K9.3/stale-31': server ? lacks('no page rendered per request: every page is pre-rendered, so no page data is fetched anew after 30 s') : E('inapplicable', 'the part exists in server delivery only (no page is rendered per request in a static export)'),
  };
}

/**
 * R2.3 on an ordinary site: the framework's own not-found page at /404 stands in for the 404 row
 * (discovery loads it); no page of the site shows another status. In server delivery `next start`
 * answers a POST to one of the build's files with 405 and a malformed segment of a dynamic route
 * with 400: the framework gives those subjects, and discovery probes them.
 */
function statusRows(ctx: Ctx, v: V, pagesRouter: boolean, app: Record<string, Expectation>, shape: Shape): Partial<Record<Row, Expectation>> {
  const { route } = shape;
  const server = ctx.mode === 'server';
  const notFound = pagesRouter ? P.notFound[v] : C.notFound[v];
  const r404 = E('passed', `the framework's not-found page at /404 (no link leads there; discovery loads it) shows the heading 404 and "This page could not be found.": the table's title`, notFound);
  const noStatusPage = (code: string) => lacks(`no page that shows the generic error page for ${code}`);
  // A static export answers no status of its own but 404: those rows are not observable on it, and not asked of it.
  const unshown = (code: string) => E('untested', `not observable on this deployment: a static export answers no ${code === 'other' ? 'status outside the table' : code} of its own, and no page of the site shows that error page`);
  const title = (code: string, how: string, ...cite: string[]) => E('passed', `${how}, answered ${code} with the generic error page and the table's title`, C.statusTitles[v], ...cite);
  // 400: a malformed segment of the dynamic route. The Pages Router's build manifest names the route; an App Router page's router tree names its dynamic segment (14.2: ["slug","hello-world","d"]).
  const r400 = !server ? unshown('400')
    : pagesRouter ? title('400', `a malformed segment of ${route} (a [param] route of the build manifest)`, L.decode400[v])
      : v === '16' ? E('untested', `an App-Router-only 16 build answers a malformed segment of ${route} (the dynamic segment its pages' router tree names) 500 "Internal Server Error" in plain text (discovery's check, and curl: answered 500 without a status code shown): no generic 400 page`, L.decode400[v])
        : title('400', `a malformed segment of ${route} (the dynamic segment its pages' router tree names)`, L.decode400[v]);
  // 405: a POST to a file of /_next/static/. An App-Router-only 16 build answers it (and a malformed segment) 500 "Internal Server Error" in plain text (observed): no generic error page.
  const r405 = !server ? unshown('405')
    : v === '16' && !pagesRouter ? E('untested', 'next start renders /405 for a POST to a file of /_next/static/, which an App-Router-only 16 build answers 500 "Internal Server Error" in plain text, no status code shown (observed): no generic 405 page to judge', L.post405[v])
      : title('405', 'a POST to a file of /_next/static/', L.post405[v]);
  const missing = r400.verdict !== 'passed' ? '400' : r405.verdict !== 'passed' ? '405' : '500';
  return {
    'R2.3/400': r400,
    'R2.3/404': r404,
    'R2.3/405': r405,
    'R2.3/500': server ? noStatusPage('500') : unshown('500'),
    'R2.3/other': server ? lacks('no status page for a code outside the table') : unshown('other'),
    'R2.3': !server
      ? E('passed', 'judged on the 404 row, the one row a static export shows (the others are not observable on this deployment, so not asked of it)', notFound)
      : E('untested', `parts not judged, the first ${missing}: ${(missing === '400' ? r400 : missing === '405' ? r405 : noStatusPage('500')).because}`, ...(missing === '400' ? r400.cite : missing === '405' ? r405.cite : [])),
    'R2.2': pagesRouter ? E('passed', 'the default _error renders the heading 404 and "This page could not be found." for an unknown address', P.notFound[v]) : app['R2.2'],
  };
}

/**
 * The page data of a visit (C7.2 in static delivery: every page-data request of the visit, its
 * Links' prefetches included), of a navigation (C7.3), the route-load timeout (K9.1, its rows) and
 * K9.3, K9.3 untested in server delivery (its 31 s side has no page rendered per request).
 */
function navigationData(ctx: Ctx, visitData: Partial<Record<Row, Expectation>>, pageData: Partial<Record<Row, Expectation>>, timeout: Partial<Record<Row, Expectation>>, fresh: Expectation): Partial<Record<Row, Expectation>> {
  const server = ctx.mode === 'server';
  return {
    ...(server ? {} : visitData),
    ...pageData,
    ...timeout,
    'K9.3/fresh-29': fresh,
    'K9.3': server ? E('untested', `fresh-29 passes; ${lacking(ctx)['K9.3/stale-31']!.because}`) : fresh,
  };
}

/** The App Router ordinary site: the App Router site's rows where the same subject is judged. */
function appRouterSite(ctx: Ctx, v: V, app: Record<string, Expectation>, shape: Shape = SHAPES.blog): Record<string, Expectation> {
  // C7.3: every Link is prefetched in view, so the harness makes one prefetch expire (a fake clock, 301 s) and judges the navigation's own fetch.
  const expired = `a Link's navigation 301 s after its prefetch (the harness moves the page's clock past the 5-minute expiry) fetches the page's data itself`;
  const navigation = {
    'C7.3/target': E('passed', `${expired}: the request path names the target page`, L.appVisiblePrefetch[v], C.expiry[v], C.txt[v]),
    'C7.3/current': E('passed', `${expired}: Next-Url carries the current path`, C.nextUrl[v]),
    'C7.3/router-state': E('passed', `${expired}: Next-Router-State-Tree carries the router state as URL-encoded JSON`, C.stateTree[v]),
    'C7.3/build-id': E('untested', 'x-deployment-id is sent only when deploymentId is configured, and the template configures none: no build identifier to observe', C.deploymentId[v]),
    'C7.3': E('untested', 'target, current address and router state pass; the build-identifier part cannot be observed on the template (no deploymentId)', C.deploymentId[v]),
  };
  const noPagesRouter = lacks('no Pages Router page: the route loader\'s timeout is the Pages Router\'s');
  // C7.2 judges every page-data request of the visit: the Links' prefetches in view are such requests.
  const txt = E('passed', v === '16'
    ? 'the Links\' prefetches in view ask the site\'s own origin for a file per segment with a text suffix (<path>/__next._tree.txt, <path>/__next.<segments>.__PAGE__.txt): every page-data request of the visit has it (the navigation itself fetches none: its data was prefetched)'
    : 'the Links\' prefetches in view ask the site\'s own origin for <path>.txt (/about.txt, /posts.txt, /contact.txt): every page-data request of the visit has the text suffix (the navigation itself fetches none: its data was prefetched)', L.appVisiblePrefetch[v], L.prefetchTxt[v]);
  // R2.5's client part with no crash control: discovery fails an App Router page's own script (ownScript).
  const ownScript = v === '16'
    ? E('failed', `Turbopack hashes every chunk's name, so discovery takes a script one page's HTML names and no other page's HTML does (${shape.ownScripts}; every page's visit requests it, as the menu's Links prefetch it); the harness holds it while that page loads, then fails it (net::ERR_FAILED): the default global error reads "This page couldn’t load", not the spec's client-side text`, C.globalError[v])
    : E('passed', 'the harness holds the chunk the build names after / (app/page-<hash>.js) until the page\'s code asks for it, then fails it (net::ERR_FAILED): the default global error reads exactly the spec\'s client-side text', C.globalError[v]);
  const fresh = E('passed', `a ${shape.item}'s page data, prefetched from ${shape.list} when its Link came into view, is kept to staleTimes.static (300 s): used at 29 s without a request`, C.fullKept[v], C.freshStatus[v]);
  return {
    ...app,
    ...statusRows(ctx, v, false, app, shape),
    'R2.4': lacks('no Pages Router page: the error page with no status code is the Pages Router\'s _error'),
    ...lacking(ctx),
    'R2.5/client': ownScript,
    'R2.5': ownScript.verdict === 'passed' && ctx.mode === 'server' ? E('untested', `parts not judged: server (${lacking(ctx)['R2.5/server']!.because}); client passes`) : ownScript,
    'R2.6': lacks('no route group (no "(name)" folder under app/)'),
    'R2.6/addresses': lacks('no route group (no "(name)" folder under app/)'),
    ...navigationData(ctx, whole('C7.2', txt), navigation, whole('K9.1', noPagesRouter), fresh),
  };
}

/** The Pages Router ordinary site. */
function pagesRouterSite(ctx: Ctx, v: V, app: Record<string, Expectation>, shape: Shape = SHAPES.blog): Record<string, Expectation> {
  // C7.3: every Link's data is prefetched and kept for good, so the harness fails the prefetches of one page and judges the navigation's own fetch.
  const failed = `the harness fails every prefetch of ${shape.list} (net::ERR_FAILED); the data cache drops a fetch that failed, so the navigation to a ${shape.item} fetches /_next/data/<build>/<path>.json itself`;
  const noHeaders = (what: string) => E('failed', `${failed}: it carries only x-nextjs-data, no ${what}`, P.dataHeaders[v], P.failedFetchDropped[v]);
  const failedPrefetch = {
    'C7.3/target': E('passed', `${failed}: its path names the target page`, P.dataHref[v], P.failedFetchDropped[v]),
    'C7.3/current': noHeaders('current address'),
    'C7.3/router-state': noHeaders('router state'),
    'C7.3/build-id': E('passed', `${failed}: the build identifier is its path segment /_next/data/<build>/`, P.dataHref[v], P.failedFetchDropped[v]),
    'C7.3': noHeaders('current address and no router state'),
  };
  // K9.1: the harness holds a Link's target chunk, named after the page (webpack), from before the first page loads, so its prefetch cannot complete it either.
  // On 16 (Turbopack hashes every name) the held script is one the target's HTML names and the page's does not; its prefetch already started the route's load, whose pending entry the click is handed.
  const hang = E('failed', 'the harness holds a script of the Link target\'s HTML that the page\'s HTML does not name, from before the page loads: the prefetch has started the route\'s load (route-loader.js:293), the click is handed that load\'s pending future (:42), and when it times out a prefetch\'s error is not cached (:275): the entry is dropped without settling the future (:58): no whole-page load by 3.9 s, nor in 10 s of real time', 'dist/client/route-loader.js:293', 'dist/client/route-loader.js:42', 'dist/client/route-loader.js:275', 'dist/client/route-loader.js:58');
  const timeout = v === '16'
    ? {
      'K9.1/loading-3.7': E('passed', 'the harness holds a script of the Link target\'s HTML that the page\'s HTML does not name (Turbopack hashes every chunk\'s name), from before the page loads: at 3.7 s the page is still shown, no whole-page load', 'dist/client/route-loader.js:293'),
      'K9.1/timed-out-3.9': hang,
      'K9.1': hang,
    }
    : {
      'K9.1/loading-3.7': E('passed', `the harness holds the chunk of a Link's target, named after it (pages/<page>-<hash>.js; its prefetch from / asked for it too): the route loader still waits at 3.7 s`, C.timeout[v]),
      'K9.1/timed-out-3.9': E('passed', 'the route loader rejects after MS_MAX_IDLE_DELAY = 3800 ms and the router loads the target in full: a whole document by 3.9 s', C.timeout[v]),
      'K9.1': E('passed', 'the Pages Router route loader gives up on a held route chunk after MS_MAX_IDLE_DELAY = 3800 ms and loads the page in full', C.timeout[v]),
    };
  // C7.2 judges every page-data request of the visit: the Links' prefetches of getStaticProps data are such requests.
  const jsonData = E('failed', `the Links' prefetches in view fetch each ${shape.item}'s getStaticProps data as /_next/data/<build>/<path>.json: a .json file under /_next/data/, never the page path with a text suffix`, P.dataHref[v], P.ssgPrefetch[v]);
  const visitData = { 'C7.2/own-origin': E('passed', 'the Pages Router fetches page data from the site\'s own origin: /_next/data/<build>/<path>.json', P.dataHref[v]), 'C7.2/text-suffix': jsonData, 'C7.2': jsonData };
  const never = E('failed', `nothing expires an entry of the Pages Router's data cache: at 301 s the navigation to a ${shape.item} still uses the data prefetched at 0 s, with no request`, P.dataCache[v], P.ssgPrefetch[v]);
  const fewLinks = E('untested', 'the page with the most prefetched links, /posts, has five (the posts\' getStaticProps data; the menu\'s targets have no data, only their code is prefetched): fewer than the 6 links K9.5\'s page needs (one more than the 5 it allows in flight)', P.ssgPrefetch[v]);
  const announcer = E('passed', 'the Pages Router\'s route announcer reads document.title after each client navigation', P.announcer[v]);
  const assets = E('passed', 'every page loads the scripts _document lists and the stylesheet of globals.css, imported by _app', P.scripts[v], P.stylesheets[v]);
  const fresh = E('passed', `a ${shape.item}'s getStaticProps data, prefetched from ${shape.list} when its Link came into view, is kept in the data cache with no time limit: used at 29 s without a request`, P.ssgPrefetch[v], P.dataCache[v]);
  const noGroups = lacks('no route group: the Pages Router has none');
  return {
    ...app,
    ...statusRows(ctx, v, true, app, shape),
    'R2.4': lacks('no page with a button that throws: the error page with no status code is never shown'),
    ...lacking(ctx),
    'R2.6': noGroups,
    'R2.6/addresses': noGroups,
    'R2.7': E('passed', 'a Pages Router Link prevents the default navigation and routes on the client: a chain of four titled pages', P.link[v]),
    // R2.8: the page that scrolls farthest in the test's window (the template's home page, or a long docs page).
    ...pagesRouterScroll(v === '14.2', (key) => P[key][v]),
    'R2.9/title': announcer,
    ...whole('C7.4', assets),
    ...navigationData(ctx, visitData, failedPrefetch, timeout, fresh),
    // K9.4: one prefetched link is a subject (prefetchedLink): a post's data, prefetched from the list, is kept with no time limit.
    'K9.4/kept-299': E('passed', `the prefetched getStaticProps data of a ${shape.item} stays in the data cache with no time limit: used at 299 s`, P.dataCache[v]),
    'K9.4/expired-301': never,
    'K9.4': E('failed', never.because, ...never.cite),
    'K9.5': fewLinks,
  };
}

/**
 * The docs site (Pages Router): the ordinary Pages Router site's rows, but its sidebar of ten links
 * to pages with data makes the prefetch scenario, where the Pages Router's own deviations show (no
 * prefetch queue, no expiry of its data cache).
 */
function docsSite(ctx: Ctx, v: V, app: Record<string, Expectation>): Record<string, Expectation> {
  return {
    ...pagesRouterSite(ctx, v, app, SHAPES.docs),
    'K9.5': E('failed', 'there is no prefetch queue: every <Link> of the sidebar in view prefetches its page\'s getStaticProps data at once (11 in flight)', P.visiblePrefetch[v], P.ssgPrefetch[v]),
  };
}

/** The blog with its own not-found page and an analytics script of another origin (App Router). */
function blogSite(ctx: Ctx, v: V, app: Record<string, Expectation>): Record<string, Expectation> {
  const ownNotFound = 'the site\'s own not-found page (app/not-found.tsx) shows the heading "Page not found" and its own words';
  return {
    ...appRouterSite(ctx, v, app),
    'R2.2': E('failed', `${ownNotFound} for an unknown address, not the heading 404 and "This page could not be found." the spec's text asks for: the site's choice of words contradicts it`),
    'R2.3/404': lacks(`no generic error page for 404: /404 is ${ownNotFound}`),
    'R2.3': lacks(`no page that shows the generic error page for 404, the one row a static export shows: /404 is ${ownNotFound}`),
    ...whole('C7.4', E('passed', 'every page loads its script chunks and the root layout\'s stylesheet from the site\'s own origin; the analytics script of https://stats.example.org is another origin\'s, listed apart (unreachable here), not judged as the site\'s delivery', C.assets[v])),
  };
}

/** The portfolio on next start (App Router): eight projects on /work, a contact form sent to a server function. */
function portfolioSite(ctx: Ctx, v: V, app: Record<string, Expectation>): Record<string, Expectation> {
  return {
    ...appRouterSite(ctx, v, app, SHAPES.portfolio),
    'C7.5': E('untested', 'the contact form\'s fields are required (an e-mail field, a message of at least 10 characters): pressing Send on the empty form is stopped by the browser\'s constraint validation, so no POST is sent (the run: "clicking "Send" on /contact sent no POST within 16 s")'),
  };
}

/** Every row's expectation on a zero-config site, from the App Router site's rows of the same version and mode. */
export function ordinaryExpectations(ctx: Ctx, app: Record<string, Expectation>): Record<string, Expectation> {
  if (ctx.v === '15.5') throw new Error(`expected-ordinary.ts has no expectations for the ${ctx.site} site on version 15.5: add them (with citations) before adding the column to versions.json.`);
  const v = ctx.v;
  switch (ctx.site) {
    case 'ordinary-pages': return pagesRouterSite(ctx, v, app);
    case 'docs-pages': return docsSite(ctx, v, app);
    case 'blog': return blogSite(ctx, v, app);
    case 'portfolio': return portfolioSite(ctx, v, app);
    default: return appRouterSite(ctx, v, app);
  }
}
