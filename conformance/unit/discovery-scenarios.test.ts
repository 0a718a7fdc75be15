import { describe, expect, it } from 'vitest';
import { fromCrawl } from '../discovery/index';
import { fillScenarios } from '../discovery/scenarios';
import { sitePages } from '../scenarios/pick';
import { frameworkRequestPlan } from '../discovery/framework';
import { validateProfile } from '../run/profile';
import { crawlOf, link, pageOf, referenceLike } from './discovery-crawl.fixture';

describe('discovery fills scenarios from a crawl', () => {
  const { scenarios, unfilled, notes } = fillScenarios(referenceLike());

  it('makes up unknown paths that the crawl did not find, with a nested one, a query and unicode', () => {
    expect(scenarios.unknownPaths!.paths).toHaveLength(4);
    expect(scenarios.unknownPaths!.paths.some((p) => p.includes('?'))).toBe(true);
    expect(scenarios.unknownPaths!.paths.some((p) => /[^\x00-\x7f]/.test(p))).toBe(true);
  });

  it('finds a link whose target answered 404', () => {
    expect(scenarios.brokenLink).toEqual({ from: '/demos/broken-link', href: '/demos/missing-page' });
  });

  it('builds a navigation chain of at least four titled pages joined by prefetched links, from the home page', () => {
    const chain = scenarios.navigation!.chain;
    expect(chain.length).toBeGreaterThanOrEqual(4);
    expect(chain[0]).toBe('/');
    expect(new Set(chain).size).toBe(chain.length);
  });

  it('takes a page at least 1000 px taller than the window, with a router link to another page, as the tall page', () => {
    expect(scenarios.scroll?.tall).toBe('/demos/tall');
    expect(['/about', '/contact', '/demos/plain']).toContain(scenarios.scroll?.other);
  });

  it('takes a page without a <title> element but with a heading as the untitled page of the announcer', () => {
    expect(scenarios.announcer).toMatchObject({ from: '/', untitled: '/demos/untitled' });
  });

  it('takes a visible link in view that was never prefetched, on a page that prefetches others and links home, for page data', () => {
    expect(scenarios.pageData).toEqual({ from: '/demos/no-prefetch', to: '/demos/plain' });
  });

  it('takes a page with eight or more prefetched links in its main element for the prefetch scenario', () => {
    expect(scenarios.prefetch).toEqual({ page: '/demos/links', minLinks: 10 });
  });

  it('reads generic error pages by their code heading, keyed by code', () => {
    expect(scenarios.statusPages?.pages).toEqual({ 404: '/demos/status/404', 418: '/demos/status/418' });
  });

  it('takes the site\'s own not-found answer for the 404 row by its status, whatever title it shows, and never a host\'s page', () => {
    const home = pageOf('/', { links: [link('/about')] });
    const about = pageOf('/about', { links: [link('/')] });
    const brokenTitle = pageOf('/conformance-no-such-page', { status: 404, title: '404: Nothing to see here.', firstHeading: '404', errorTexts: [] });
    const noCode = pageOf('/conformance-no-such-page', { status: 404, title: 'Oops', firstHeading: 'Nothing to see here', errorTexts: [] });
    const hostPage = pageOf('/conformance-no-such-page', { status: 404, title: '404 Not Found', firstHeading: '404 Not Found', errorTexts: [], appRouter: false, pagesRouter: false });
    const pick = (notFound: typeof home) => fillScenarios({ ...crawlOf([home, about]), framework: { pages: [notFound], requests: [] } }).scenarios.statusPages?.pages;
    expect(pick(brokenTitle)).toEqual({ 404: '/conformance-no-such-page' });
    expect(pick(noCode)).toEqual({ 404: '/conformance-no-such-page' });
    expect(pick(hostPage)).toBeUndefined();
  });

  it('does not take a page answering 200 for a status page because its heading is a number', () => {
    const counter = pageOf('/numbers', { firstHeading: '365', title: 'A year of days' });
    expect(fillScenarios(crawlOf([pageOf('/', { links: [link('/numbers')] }), counter])).scenarios.statusPages).toBeUndefined();
  });

  it('proposes crash and throw buttons by their names only, and says they were not clicked', () => {
    expect(scenarios.clientCrash).toEqual({ page: '/demos/crash', trigger: { role: 'button', name: 'Crash this page' } });
    expect(scenarios.noStatusError).toEqual({ page: '/demos/client-error', trigger: { role: 'button', name: 'Throw an error' } });
    expect(notes.clientCrash).toMatch(/not clicked/);
  });

  it('finds a Pages Router pair whose target chunk the first page did not load', () => {
    expect(scenarios.routeLoadTimeout).toEqual({ from: '/demos/timeout', to: '/demos/timeout/target' });
  });

  it('does not take a Pages Router link whose hover loads nothing (a plain <a>: a click would load a whole document)', () => {
    const c = referenceLike();
    const from = c.pages.find((p) => p.path === '/demos/timeout')!;
    from.links = from.links.map((l) => ({ ...l, hoverLoads: [] }));
    expect(fillScenarios(c).scenarios.routeLoadTimeout).toBeUndefined();
  });

  it('takes a prefetched Pages Router link when the first page loaded the target\'s chunk named after it (its prefetch), none without prefetch', () => {
    const c = referenceLike();
    const from = c.pages.find((p) => p.path === '/demos/timeout')!;
    from.links = from.links.map((l) => ({ ...l, hoverLoads: [], prefetched: true }));
    from.scripts = [...from.scripts, '/_next/static/chunks/pages/demos/timeout/target-def.js'];
    expect(fillScenarios(c).scenarios.routeLoadTimeout).toEqual({ from: '/demos/timeout', to: '/demos/timeout/target' });
  });

  it('takes a prefetched Pages Router link when, with hashed chunk names (Turbopack), the first page loaded a script only the target\'s HTML names', () => {
    const c = referenceLike();
    const from = c.pages.find((p) => p.path === '/demos/timeout')!;
    const to = c.pages.find((p) => p.path === '/demos/timeout/target')!;
    from.links = from.links.map((l) => ({ ...l, hoverLoads: [], prefetched: true }));
    from.htmlScripts = ['/_next/static/chunks/0a.js'];
    to.htmlScripts = ['/_next/static/chunks/0a.js', '/_next/static/chunks/1b.js'];
    expect(fillScenarios(c).scenarios.routeLoadTimeout).toBeUndefined();
    from.scripts = [...from.scripts, '/_next/static/chunks/1b.js'];
    expect(fillScenarios(c).scenarios.routeLoadTimeout).toEqual({ from: '/demos/timeout', to: '/demos/timeout/target' });
  });

  it('takes an App Router page whose scripts hold the chunk named after it (route group kept in the name) as the page whose own script is failed', () => {
    const c = referenceLike();
    const crash = c.pages.find((p) => p.path === '/demos/crash')!;
    crash.scripts = ['/_next/static/chunks/app/layout-1.js', '/_next/static/chunks/app/(site)/demos/crash/page-0a1b2c.js'];
    const picked = fillScenarios(c).scenarios.ownScript;
    expect(picked?.page).toBe('/demos/crash');
    expect(picked?.besides).not.toBe('/demos/crash');
  });

  it('takes for ownScript, on a build that hashes every chunk name, the script one page\'s HTML names and no other page\'s HTML does, though every page\'s visit requested it (a menu prefetches it)', () => {
    const c = referenceLike();
    const shared = ['/_next/static/chunks/a1.js', '/_next/static/chunks/b2.js'];
    for (const p of c.pages) {
      p.scripts = [...shared, '/_next/static/chunks/img-9f.js'];
      p.htmlScripts = [...shared];
    }
    c.pages.find((p) => p.path === '/about')!.htmlScripts = [...shared, '/_next/static/chunks/img-9f.js'];
    const picked = fillScenarios(c).scenarios.ownScript;
    expect(picked?.page).toBe('/about');
    expect(picked?.besides).toBeDefined();
    expect(picked?.besides).not.toBe('/about');
    // The same script named by two pages' HTML is neither page's own.
    c.pages.find((p) => p.path === '/contact')!.htmlScripts = [...shared, '/_next/static/chunks/img-9f.js'];
    expect(fillScenarios(c).scenarios.ownScript).toBeUndefined();
  });

  it('leaves ownScript unfilled on a crawl whose App Router pages name no script of their own, saying the Pages Router offers none', () => {
    expect(scenarios.ownScript).toBeUndefined();
    expect(unfilled.find((u) => u.scenario === 'ownScript')?.need).toMatch(/Pages Router waits without end/);
  });

  it('leaves route groups unfilled when no page\'s router tree names one, and says what would fill it', () => {
    expect(scenarios.routeGroups).toBeUndefined();
    expect(unfilled.find((u) => u.scenario === 'routeGroups')?.need).toMatch(/route group .*router trees/);
  });

  it('names the pages whose router tree holds a route group, one per group first and at most three', () => {
    const c = referenceLike();
    for (const p of c.pages) if (['/', '/about', '/contact', '/demos/tall'].includes(p.path)) p.routeGroups = ['(site)'];
    c.pages.find((p) => p.path === '/demos/crash')!.routeGroups = ['(demos)'];
    expect(fillScenarios(c).scenarios.routeGroups).toEqual({ pages: [{ path: '/', group: '(site)' }, { path: '/demos/crash', group: '(demos)' }, { path: '/about', group: '(site)' }] });
  });

  it('takes a page whose own code chunk names a route group as a lead when no router tree names one', () => {
    const c = referenceLike();
    c.pages.find((p) => p.path === '/about')!.chunkGroups = [{ group: '(marketing)', route: '/about' }];
    // A chunk of another page (a prefetch loads its code) names that page's group, not this one's.
    c.pages.find((p) => p.path === '/')!.chunkGroups = [{ group: '(marketing)', route: '/about' }];
    expect(fillScenarios(c).scenarios.routeGroups).toEqual({ pages: [{ path: '/about', group: '(marketing)' }] });
  });

  it('fills no server-only scenario for a static target', () => {
    for (const s of ['realStatuses', 'serverCrash', 'retry', 'serverFunction', 'dynamicFreshness'] as const) expect(scenarios[s]).toBeUndefined();
  });

  it('gives a profile the schema accepts', () => {
    expect(validateProfile(fromCrawl(referenceLike()).profile)).toEqual([]);
    expect(validateProfile(fromCrawl(referenceLike('server')).profile)).toEqual([]);
  });

  it('takes for prefetchedLink the App Router page with the most prefetched links, one being enough where prefetch needs six', () => {
    expect(scenarios.prefetchedLink).toEqual({ page: scenarios.prefetch!.page });
    const few = crawlOf([pageOf('/', { links: [link('/posts', { inMain: true })] }), pageOf('/posts', { links: [link('/posts/a', { inMain: true }), link('/', { inNav: true, prefetched: false })] }), pageOf('/posts/a', { links: [] })]);
    const f = fillScenarios(few).scenarios;
    expect(f.prefetch).toBeUndefined();
    expect(f.prefetchedLink?.page).toMatch(/^\/(posts)?$/);
    // App Router first: a menu of three prefetched links beats a Pages Router page with six in <main>.
    const pr = (path: string, links: ReturnType<typeof link>[]) => pageOf(path, { appRouter: false, pagesRouter: true, links });
    const mixed = crawlOf([
      pageOf('/', { links: ['/a', '/b', '/c'].map((x) => link(x, { inNav: true, inMain: false })) }), pageOf('/a', { links: [] }), pageOf('/b', { links: [] }), pageOf('/c', { links: [] }),
      pr('/p', [1, 2, 3, 4, 5, 6].map((i) => link(`/p/${i}`, { inMain: true }))), ...[1, 2, 3, 4, 5, 6].map((i) => pr(`/p/${i}`, [])),
    ]);
    expect(fillScenarios(mixed).scenarios.prefetch?.page).toBe('/p');
    expect(fillScenarios(mixed).scenarios.prefetchedLink?.page).toBe('/');
    // No prefetched link anywhere: no subject.
    const none = crawlOf([pageOf('/', { links: [link('/a', { prefetched: false })] }), pageOf('/a', { links: [] })]);
    expect(fillScenarios(none).scenarios.prefetchedLink).toBeUndefined();
  });

  it('lists every scenario it could not fill with what the site would need', () => {
    const empty = fillScenarios(crawlOf([pageOf('/', { links: [] })]));
    const names = empty.unfilled.map((u) => u.scenario);
    for (const s of ['brokenLink', 'navigation', 'scroll', 'announcer', 'pageData', 'prefetch', 'routeLoadTimeout', 'statusPages']) expect(names).toContain(s);
    for (const u of empty.unfilled) expect(u.need.length).toBeGreaterThan(20);
  });

  it('takes plain links (never prefetched) between pages of one router for the navigation chain: a broken subject is still R2.7\'s subject', () => {
    const plain = (p: string) => link(p, { prefetched: false });
    const c = crawlOf(['/', '/a', '/b', '/c'].map((p, i, all) => pageOf(p, { links: all[i + 1] ? [plain(all[i + 1])] : [] })));
    expect(fillScenarios(c).scenarios.navigation?.chain).toEqual(['/', '/a', '/b', '/c']);
  });

  it('never takes a link that opens another window or downloads for the navigation chain, nor one between the routers', () => {
    const c = crawlOf(['/', '/a', '/b', '/c'].map((p, i, all) => pageOf(p, { links: all[i + 1] ? [link(all[i + 1], { opensElsewhere: i === 1 })] : [] })));
    expect(fillScenarios(c).scenarios.navigation).toBeUndefined();
    const mixed = crawlOf(['/', '/a', '/b', '/c'].map((p, i, all) => pageOf(p, { ...(i === 2 ? { appRouter: false, pagesRouter: true } : {}), links: all[i + 1] ? [link(all[i + 1])] : [] })));
    expect(fillScenarios(mixed).scenarios.navigation).toBeUndefined();
  });

  it('finds a dynamic page and its hub in server mode, and a server-function form with a result element', () => {
    const c = referenceLike('server');
    c.pages.push(
      pageOf('/demos/dynamic-hub', { links: [link('/', { inNav: true }), link('/demos/dynamic')] }),
      pageOf('/demos/dynamic', { dynamic: true, links: [link('/demos/dynamic-hub', { prefetched: false })] }),
      pageOf('/demos/action', { forms: [{ method: 'get', action: '', serverFunction: true, fields: [], submits: ['Send'] }], resultSelectors: ['[data-testid="action-result"]'] }),
      pageOf('/demos/server-crash', { status: 500, errorTexts: ['Application error: a server-side exception has occurred (see the server logs for more information).'] }),
    );
    // The malformed segment goes to the first dynamic shape, and is used once it answered 400 (framework.ts).
    expect(frameworkRequestPlan(c.pages, [], 'server').find((r) => r.guess === 'malformed-segment')?.path).toBe('/demos/links/%E0%A4%A');
    c.framework = { pages: [], requests: [{ guess: 'malformed-segment', method: 'GET', path: '/demos/links/%E0%A4%A', status: 400, showsCode: true }] };
    const f = fillScenarios(c).scenarios;
    expect(f.dynamicFreshness).toEqual({ hub: '/demos/dynamic-hub', page: '/demos/dynamic' });
    expect(f.serverFunction).toEqual({ page: '/demos/action', submit: { role: 'button', name: 'Send' }, result: '[data-testid="action-result"]' });
    expect(f.serverCrash).toEqual({ page: '/demos/server-crash' });
    expect(f.realStatuses?.malformedUrl).toBe('/demos/links/%E0%A4%A');
  });
});

describe('sitePages', () => {
  it('lists every loaded page, at most three of a route shape, and counts the shapes only partly listed', () => {
    const c = referenceLike();
    c.shapes = [{ shape: '/demos/links/:id', found: 10, visited: 10 }];
    const s = sitePages(c);
    expect(s.paths.filter((p) => p.startsWith('/demos/links/'))).toEqual(['/demos/links/1', '/demos/links/2', '/demos/links/3']);
    expect(s.paths).toContain('/demos/missing-page');
    expect(s.shapes).toContainEqual({ shape: '/demos/links/:id', pagesInShape: 10, checked: 3 });
  });

  it('with --all-pages lists every page found, read by the crawl or not, and no shape as partly listed', () => {
    const c = referenceLike();
    c.allPages = { unvisited: ['/demos/links/11', '/demos/links/12', '/demos/links/1'] };
    const s = sitePages(c);
    expect(s.paths.filter((p) => p.startsWith('/demos/links/'))).toEqual([...c.pages.map((p) => p.path).filter((p) => p.startsWith('/demos/links/')), '/demos/links/11', '/demos/links/12']);
    expect(s.shapes).toBeUndefined();
  });
});
