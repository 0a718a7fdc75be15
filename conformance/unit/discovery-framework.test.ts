import { describe, expect, it } from 'vitest';
import { fallbackProbes } from '../discovery/follow-up';
import { frameworkPagePlan, frameworkRequestPlan, malformedAt, malformedPathOf, manifestPages, parseBuildManifest, showsStatusCode } from '../discovery/framework';
import { Frontier } from '../discovery/frontier';
import { opensMenu, type ButtonFacts } from '../discovery/menus';
import { fillScenarios } from '../discovery/scenarios';
import { buildObservations } from '../discovery/observations';
import type { Crawl, FrameworkFacts } from '../crawl/model';
import { crawlOf, link, pageOf } from './discovery-crawl.fixture';

// Subjects the framework alone provides, and the ways in beyond a page's rendered links:
// pure plans and pickers on synthetic crawls shaped like what Next.js 14.2, 15.5 and 16 answered.

/** Next.js 14.2's minified manifest of a Pages Router build (shortened; routes with [params] hold brackets). */
const MANIFEST_14 = 'self.__BUILD_MANIFEST=function(s){return{__rewrites:{afterFiles:[],beforeFiles:[],fallback:[]},"/":["static/chunks/pages/index-e.js"],"/posts/[id]":[s,"static/chunks/pages/posts/[id]-b.js"],sortedPages:["/","/_app","/_error","/about","/posts","/posts/[id]","/retry/[slug]","/status/[code]","/timeout/target"]}}("static/chunks/949-c.js"),self.__BUILD_MANIFEST_CB&&self.__BUILD_MANIFEST_CB();';
/** Next.js 16's pretty-printed manifest (Turbopack). */
const MANIFEST_16 = `self.__BUILD_MANIFEST = {
  "/_error": [
    "static/chunks/3ijaxryctqxv7.js"
  ],
  "sortedPages": [
    "/_app",
    "/_error",
    "/client-error",
    "/retry/[slug]",
    "/timeout"
  ]
};self.__TURBOPACK_PAGE_BOOTSTRAP = {"/client-error":{"otherChunks":["static/chunks/161zz52x5-4g6.js"]}};`;

/** A Pages Router page as a crawl sees it. */
const pr = (path: string, o: Parameters<typeof pageOf>[1] = {}) => pageOf(path, { appRouter: false, pagesRouter: true, ...o });
const notFound = (path: string, status: number) => pageOf(path, { status, title: '404: This page could not be found.', firstHeading: '404', errorTexts: ['This page could not be found.'], links: [] });
const withFramework = (c: Crawl, f: Partial<FrameworkFacts>): Crawl => ({ ...c, framework: { pages: [], requests: [], ...f } });

describe('the build manifest (every Pages Router route, linked or not)', () => {
  it('lists sortedPages of the minified (14.2, 15.5) and the pretty-printed (16) manifest, the framework\'s own routes left out', () => {
    expect(parseBuildManifest(MANIFEST_14)).toEqual(['/', '/about', '/posts', '/posts/[id]', '/retry/[slug]', '/status/[code]', '/timeout/target']);
    expect(parseBuildManifest(MANIFEST_16)).toEqual(['/client-error', '/retry/[slug]', '/timeout']);
    expect(parseBuildManifest('<html>not found</html>')).toBeUndefined();
  });

  it('gives the crawl the routes without a [param]; the dynamic ones are sent a malformed segment', () => {
    const routes = parseBuildManifest(MANIFEST_14)!;
    expect(manifestPages(routes)).toEqual(['/', '/about', '/posts', '/timeout/target']);
    expect(malformedPathOf('/status/[code]')).toBe('/status/%E0%A4%A');
    expect(malformedPathOf('/shop/[cat]/[item]')).toBe('/shop/%E0%A4%A/1');
    expect(malformedPathOf('/about')).toBeUndefined();
  });

  it('makes up a path under a manifest route with one [param] that no crawled page belongs to (server only)', () => {
    const pages = [pr('/posts/1', { nextData: { page: '/posts/[id]', gsp: true, gssp: false, isFallback: false } })];
    const routes = ['/posts/[id]', '/retry/[slug]', '/docs/[...all]', '/a/[b]/[c]'];
    expect(fallbackProbes(pages, 'server', 'x', 3, routes)).toEqual(['/posts/conformance-x', '/retry/conformance-x']);
    expect(fallbackProbes(pages, 'static', 'x', 3, routes)).toEqual([]);
  });
});

describe('pages and requests the framework answers on any site', () => {
  it('loads the not-found page at /404 and the first made-up address after the crawl', () => {
    expect(frameworkPagePlan([pageOf('/')])).toEqual(['/404', '/conformance-no-such-page']);
    expect(frameworkPagePlan([pageOf('/'), notFound('/404', 404), pageOf('/conformance-no-such-page')])).toEqual(['/conformance-no-such-page-2']);
  });

  it('in server delivery, POSTs to the build\'s own static files and sends a malformed segment to dynamic routes, crawled shapes first', () => {
    const pages = [pageOf('/', { scripts: ['/_next/static/chunks/main-1.js', '/_next/static/chunks/app-2.js', '/_next/static/chunks/x-3.js', '/other.js'] }), pageOf('/posts/1'), pageOf('/posts/2')];
    const plan = frameworkRequestPlan(pages, ['/status/[code]', '/a/[b]', '/c/[d]'], 'server');
    expect(plan.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/_next/static/chunks/main-1.js', '/_next/static/chunks/app-2.js']);
    expect(plan.filter((r) => r.guess === 'malformed-segment').map((r) => r.path)).toEqual(['/posts/%E0%A4%A', '/status/%E0%A4%A', '/a/%E0%A4%A']);
    expect(frameworkRequestPlan(pages, ['/status/[code]'], 'static')).toEqual([]);
  });

  it('sends a malformed segment to an App Router dynamic route its router tree named, whatever its values look like', () => {
    const pages = [pageOf('/'), pageOf('/posts/hello-world', { dynamicSegments: ['hello-world'] }), pageOf('/about')];
    expect(frameworkRequestPlan(pages, [], 'server').filter((r) => r.guess === 'malformed-segment').map((r) => r.path)).toEqual(['/posts/%E0%A4%A']);
    expect(malformedAt('/blog/2024/caf%C3%A9', ['café'])).toBe('/blog/2024/%E0%A4%A');
    expect(malformedAt('/about', ['x'])).toBeUndefined();
  });

  it('reads a generic error page by its status code shown as an element\'s whole text', () => {
    expect(showsStatusCode('<h1 class="next-error-h1">405</h1><h2>Method Not Allowed.</h2>', 405)).toBe(true);
    expect(showsStatusCode('<p>Error 405 happened</p>', 405)).toBe(false);
  });
});

describe('pickers use what the framework answered, and only as guessed', () => {
  it('take the framework\'s own not-found page for the 404 row when no crawled page shows it, and say so', () => {
    const c = withFramework(crawlOf([pageOf('/')]), { pages: [notFound('/404', 200), notFound('/conformance-no-such-page', 404)] });
    const { scenarios, notes } = fillScenarios(c);
    expect(scenarios.statusPages).toEqual({ pages: { 404: '/404' } });
    expect(notes.statusPages).toMatch(/framework's own page/);
    // The rows of the table no page was found for are named, so a comparison with a profile can say why.
    expect(fillScenarios(c).unfilled.filter((u) => u.scenario.startsWith('statusPages.')).map((u) => u.scenario)).toEqual(['statusPages.400', 'statusPages.405', 'statusPages.500', 'statusPages.other']);
  });

  it('under next start, /404 answers 404: a real not-found page stands in for the row', () => {
    const c = withFramework(crawlOf([pageOf('/')], 'server'), { pages: [notFound('/404', 404), notFound('/conformance-no-such-page', 404)] });
    expect(fillScenarios(c).scenarios.statusPages).toEqual({ pages: { 404: '/404' } });
  });

  it('keep a crawled status page before the framework\'s own', () => {
    const c = withFramework(crawlOf([pageOf('/'), notFound('/status/404', 200)]), { pages: [notFound('/404', 200)] });
    expect(fillScenarios(c).scenarios.statusPages).toEqual({ pages: { 404: '/status/404' } });
  });

  it('fill realStatuses from the requests that answered as guessed, and name what the others answered', () => {
    const c = withFramework(crawlOf([pageOf('/')], 'server'), {
      pages: [notFound('/404', 404), notFound('/conformance-no-such-page', 404)],
      requests: [
        { guess: 'post-to-static-file', method: 'POST', path: '/_next/static/chunks/a.js', status: 405, showsCode: true },
        { guess: 'malformed-segment', method: 'GET', path: '/posts/%E0%A4%A', status: 404, showsCode: true },
      ],
    });
    const { scenarios, unfilled } = fillScenarios(c);
    expect(scenarios.realStatuses).toEqual({ postToStatic: '/_next/static/chunks/a.js', unknownPath: '/conformance-no-such-page' });
    expect(unfilled.find((u) => u.scenario === 'realStatuses.malformedUrl')?.need).toMatch(/GET \/posts\/%E0%A4%A answered 404/);
    expect(unfilled.map((u) => u.scenario)).toContain('realStatuses.throwingPage');
  });

  it('leave the unknown path out when the made-up address did not answer 404 (a catch-all route), saying what it answered', () => {
    const c = withFramework(crawlOf([pageOf('/')], 'server'), { pages: [pageOf('/conformance-no-such-page')] });
    const { scenarios, unfilled } = fillScenarios(c);
    expect(scenarios.realStatuses).toBeUndefined();
    expect(unfilled.find((u) => u.scenario === 'realStatuses.unknownPath')?.need).toMatch(/answered 200/);
    expect(unfilled.find((u) => u.scenario === 'realStatuses')?.need).toMatch(/none of the checks/);
  });

  it('a 405 answer without the generic error page is not used', () => {
    const c = withFramework(crawlOf([pageOf('/')], 'server'), { requests: [{ guess: 'post-to-static-file', method: 'POST', path: '/_next/static/a.js', status: 405, showsCode: false }] });
    expect(fillScenarios(c).scenarios.realStatuses?.postToStatic).toBeUndefined();
  });
});

describe('ways in beyond the rendered links', () => {
  const button = (o: Partial<ButtonFacts>): ButtonFacts => ({ name: '', expanded: null, controls: null, haspopup: null, inForm: false, visible: true, submits: false, link: false, ...o });

  it('press a button that opens a menu: collapsed and controlling something, announcing a popup, or named like a menu', () => {
    expect(opensMenu(button({ name: 'Open', expanded: 'false', controls: 'nav' }))).toBe(true);
    expect(opensMenu(button({ name: 'More', haspopup: 'menu' }))).toBe(true);
    expect(opensMenu(button({ name: 'Menu' }))).toBe(true);
    expect(opensMenu(button({ name: '☰' }))).toBe(true);
    expect(opensMenu(button({ name: 'Toggle navigation', expanded: 'false' }))).toBe(true);
  });

  it('never press any other button: in a form, a submit, a link, hidden, already open, or not named or marked as a menu', () => {
    expect(opensMenu(button({ name: 'Menu', inForm: true }))).toBe(false);
    expect(opensMenu(button({ name: 'Menu', submits: true }))).toBe(false);
    expect(opensMenu(button({ name: 'Menu', link: true }))).toBe(false);
    expect(opensMenu(button({ name: 'Menu', visible: false }))).toBe(false);
    expect(opensMenu(button({ name: 'Menu', expanded: 'true', controls: 'nav' }))).toBe(false);
    expect(opensMenu(button({ name: 'Delete', expanded: 'false' }))).toBe(false);
    expect(opensMenu(button({ name: 'Crash this page' }))).toBe(false);
    expect(opensMenu(button({ name: 'Menu', haspopup: 'false', expanded: 'false' }))).toBe(true);
  });

  it('the frontier remembers the first way each path was found', () => {
    const f = new Frontier(() => true);
    f.add('/', 'start');
    f.add('/about', 'build manifest');
    f.add('/about', 'link');
    f.add('/menu-page', 'menu');
    expect([f.wayOf('/'), f.wayOf('/about'), f.wayOf('/menu-page'), f.wayOf('/never')]).toEqual(['start', 'build manifest', 'menu', undefined]);
  });

  it('a page found only by a menu or the flight data is loaded, but its link is not a clickable one for the scenarios', () => {
    const c = crawlOf([pageOf('/', { menuLinks: ['/about'], links: [link('/posts')] }), pageOf('/about', { foundBy: 'menu' }), pageOf('/posts')]);
    const { scenarios } = fillScenarios(c);
    expect(scenarios.sitePages?.paths).toContain('/about');
    expect(scenarios.scroll).toBeUndefined();
  });

  it('R2.1\'s observation counts the ways in and lists the build manifest\'s routes; S4 names the menu buttons pressed', () => {
    const c = withFramework(crawlOf([
      pageOf('/', { foundBy: 'start', buttons: ['Menu'], menusPressed: ['Menu'] }),
      pageOf('/about', { foundBy: 'menu' }), pr('/timeout', { foundBy: 'build manifest' }),
    ]), { manifestRoutes: ['/timeout', '/status/[code]', '/legacy'] });
    const obs = buildObservations(c);
    const captions = obs['R2.1'].tables.map((t) => t.caption);
    expect(obs['R2.1'].tables.find((t) => t.caption === 'How the crawl came to its pages')?.rows).toEqual([['start', '1', '/'], ['menu', '1', '/about'], ['build manifest', '1', '/timeout']]);
    expect(captions).toContain('Pages Router routes listed by the build manifest');
    expect(obs['R2.1'].tables.find((t) => t.caption.startsWith('Pages Router routes'))?.rows.map((r) => r[1])).toEqual(['yes', 'a pattern: its pages are found by links or the sitemap', 'no']);
    expect(obs.S4.summary).toMatch(/but 1 menu button \("Menu"\), pressed to open the menu/);
  });
});

describe('a Pages-Router-only site: the pickers take its pages where no App Router page fits', () => {
  /** Like R1's Pages-Router-only prototype as a 14.2 crawl saw it: viewport prefetches load the target's chunk, and the data of getStaticProps pages. */
  const gsp = { page: '/posts/[id]', gsp: true, gssp: false, isFallback: false };
  const chunk = (p: string) => `/_next/static/chunks/pages${p}-abc.js`;
  function prSite(): Crawl {
    const post = (i: number) => pr(`/posts/${i}`, { title: `Post ${i}`, nextData: gsp, scripts: [chunk('/posts/[id]')] });
    return crawlOf([
      pr('/hub', { title: 'Hub', scripts: [chunk('/hub'), chunk('/about'), chunk('/untitled'), chunk('/tall'), chunk('/posts')],
        links: ['/about', '/untitled', '/tall', '/posts'].map((x) => link(x, { prefetched: false })) }),
      pr('/about', { title: 'About', scripts: [chunk('/about'), chunk('/posts')], links: [link('/posts', { prefetched: false })] }),
      pr('/untitled', { title: '', hasTitleElement: false, firstHeading: 'Untitled' }),
      pr('/tall', { title: 'Tall', scrollHeight: 3500, scripts: [chunk('/tall'), chunk('/about')], links: [link('/about', { prefetched: false, inView: false })] }),
      pr('/posts', { title: 'Posts', scripts: [chunk('/posts'), chunk('/posts/[id]')], links: Array.from({ length: 10 }, (_, i) => link(`/posts/${i + 1}`)) }),
      ...Array.from({ length: 10 }, (_, i) => post(i + 1)),
      pr('/no-prefetch', { title: 'No prefetch', scripts: [chunk('/no-prefetch')], links: [link('/plain', { prefetched: false, hoverLoads: [chunk('/plain')] }), link('/hub', { prefetched: false, hoverLoads: [] })] }),
      pr('/plain', { title: 'Plain', nextData: { page: '/plain', gsp: true, gssp: false, isFallback: false }, scripts: [chunk('/plain')] }),
      pr('/client-error', { buttons: ['Throw an error'] }),
    ]);
  }

  it('a chain, a tall page, the announcer, freshness and prefetching from Pages Router links (seen by the chunk or data their prefetch loaded)', () => {
    const { scenarios } = fillScenarios(prSite());
    expect(scenarios.navigation?.chain).toEqual(['/hub', '/tall', '/about', '/posts', '/posts/1']);
    expect(scenarios.scroll).toEqual({ tall: '/tall', other: '/about' });
    expect(scenarios.announcer).toEqual({ from: '/hub', titled: '/about', untitled: '/untitled' });
    expect(scenarios.freshness).toEqual({ from: '/posts', to: '/posts/1' });
    expect(scenarios.prefetch).toEqual({ page: '/posts', minLinks: 10 });
  });

  it('page data: a link never prefetched that hovering showed to be a router link, to a page with getStaticProps', () => {
    expect(fillScenarios(prSite()).scenarios.pageData).toEqual({ from: '/no-prefetch', to: '/plain' });
  });

  it('the client-side error page is the global failure page there: its button serves clientCrash too', () => {
    const { scenarios } = fillScenarios(prSite());
    expect(scenarios.clientCrash).toEqual(scenarios.noStatusError);
  });

  it('server: K9.3\'s navigated data from a Pages Router link never prefetched to a getServerSideProps page (dynamicFreshness)', () => {
    const ssr = { page: '/dynamic', gsp: false, gssp: true, isFallback: false };
    const pages = [...prSite().pages,
      pr('/dynamic-direct', { title: 'Direct', scripts: [chunk('/dynamic-direct')], links: [link('/dynamic', { prefetched: false, hoverLoads: [chunk('/dynamic')] })] }),
      pr('/dynamic', { title: 'Dynamic', nextData: ssr, dynamic: true, scripts: [chunk('/dynamic')] })];
    expect(fillScenarios(crawlOf(pages, 'server')).scenarios.dynamicFreshness).toEqual({ from: '/dynamic-direct', page: '/dynamic' });
    // A getStaticProps target is no page rendered per request.
    expect(fillScenarios(crawlOf(prSite().pages, 'server')).scenarios.dynamicFreshness).toBeUndefined();
  });

  it('App Router pages keep the picks: a site with both routers gets its App Router chain', () => {
    const c = prSite();
    c.pages.push(...['/a', '/b', '/c', '/d'].map((p, i, all) => pageOf(p, { title: p, links: all[i + 1] ? [link(all[i + 1])] : [] })));
    c.pages.push(pageOf('/e', { links: [] }));
    expect(fillScenarios(crawlOf(c.pages)).scenarios.navigation?.chain).toEqual(['/a', '/b', '/c', '/d']);
  });
});

