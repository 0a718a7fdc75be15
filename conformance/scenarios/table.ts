import type { Mode } from '../../spec/clauses';
import { groupByShape } from '../crawl/shape';
import { titleOf, type CheckTools, type FetchedPage } from './check';
import { GUESSED_STATUS, type FrameworkRequest } from '../crawl/model';
import {
  arPage, busiestPrefetchPage, clickable, findChain, firstOf, GENERIC_TITLES, inViewPrefetch, linksHome, linksTo, ok,
  pageChunkPrefix, pickNotPrefetched, pickNotPrefetchedPages, prPage, ROUTERS, sitePages, sortHomeFirst, throwingButton, unknownPaths, type PickKit,
  type RouterKind,
} from './pick';
import { array, control, int, object, optional, path, record, scenarioShape, str, type Shape, type TypeOf } from './schema';

/**
 * THE table of scenarios: one entry per scenario of a target profile, holding every concern of it
 * — its shape in the profile (which gives the TypeScript type and the JSON schema,
 * spec/schemas/target-profile.schema.json, `npm run generate`), what its routes must be like in
 * words a profile author can act on (the schema and the pre-flight say it), an example, the pre-flight
 * check against the target, and how discovery picks it from a crawl. The clauses it serves are the
 * registry's (CLAUSE_SCENARIOS in spec/clauses.ts, read through ./clauses.ts).
 * A scenario is a name here; leaving out any concern is a compile error, and a concern a scenario
 * has no use for says so in words (`none: …`).
 */
export interface ScenarioSpec<T> {
  /** Said after the clause IDs in the schema's description, when the clauses apply more widely. */
  clausesNote?: string;
  /** What its routes must be like, for a profile author (the schema's description, the pre-flight's "absent" line). */
  needs: string;
  /** The schema's example, checked against the shape by the compiler and by the schema (unit test). */
  example: NoInfer<T>;
  /** Its value in a profile: gives the scenario's TypeScript type and its part of the JSON schema. */
  shape: Shape<T>;
  /** Plain-HTTP checks of the routes before the tests; `bad` and `unsure` notes say why not usable. */
  preflight: ((s: NoInfer<T>, t: CheckTools) => Promise<void>) | `none: ${string}`;
  discover: Picker<NoInfer<T>> | `none: ${string}`;
}

/** How discovery picks a scenario from a crawl; when `pick` finds nothing the scenario is unfilled with `need`. */
export interface Picker<T> {
  /** The delivery modes the scenario is looked for in (default both). */
  modes?: readonly Mode[];
  /** What the site would need; absent for a scenario `pick` always gives. */
  need?: string | ((k: PickKit) => string);
  pick(k: PickKit): T | undefined;
}

const scenario = <T>(spec: ScenarioSpec<T>): ScenarioSpec<T> => spec;
const SERVER: readonly Mode[] = ['server'];
const NOTHING_AHEAD = 'none: nothing to check ahead (any answer is an observation)';

/** Both pages answer and `from` links to `to`; gives `to`'s page. */
async function linkedPair(t: CheckTools, from: string, to: string): Promise<FetchedPage> {
  await t.answers(from);
  const target = await t.answers(to);
  await t.linksTo(from, to);
  return target;
}

/** The scenario's page answers (what it does there is for the test to see). */
async function pageAnswers({ page }: { page: string }, t: CheckTools): Promise<void> {
  await t.answers(page);
}

const untitledPages = (k: PickKit, r: RouterKind = ROUTERS[0]) => k.pages.filter((p) => r.page(p) && !p.hasTitleElement && !p.title && p.firstHeading);
const known = (k: PickKit) => new Set(k.pages.map((p) => p.path));

export const SCENARIOS = {
  /** Unknown paths to load directly (top level, nested, query, unicode). */
  unknownPaths: scenario({
    needs: 'Paths that do not exist on the site (top level, nested, with a query, with unicode). Nothing else is needed.',
    example: { paths: ['/no-such-page', '/no/such/nested/page'] },
    shape: scenarioShape({ paths: array(path, { minItems: 1 }) }),
    // Any status will do (404 is usual), but the answer must be the site's own page: a host's 404 is no evidence.
    async preflight({ paths }, t) {
      for (const p of paths) await t.answersAsSite(p);
    },
    // Nothing is needed from the site: made up, checked against what the crawl found.
    discover: { pick: (k) => ({ paths: unknownPaths(known(k)) }) },
  }),

  /** An in-site link to a missing page. */
  brokenLink: scenario({
    needs: '`from` is a page that answers and has a link whose href is `href`; `href` does not exist on the site (it answers 404).',
    example: { from: '/', href: '/missing-page' },
    shape: scenarioShape({ from: path, href: path }),
    async preflight({ from, href }, t) {
      await t.answers(from);
      await t.linksTo(from, href);
      const target = await t.answersAsSite(href);
      if (target.status > 0 && target.status < 400) t.bad(`${href} answers HTTP ${target.status}: the broken link must lead to a page that does not exist`);
    },
    discover: {
      need: 'a page with a visible link (href written as a path) to a page that answers 404 — none of the crawled links led to one',
      pick: (k) => firstOf(k.pages.filter(ok), (p) => {
        const l = [...p.links].sort((a, b) => Number(a.inNav) - Number(b.inNav)).find((x) => clickable(x) && k.byPath.get(x.path)?.status === 404);
        return l && { from: p.path, href: l.href };
      }),
    },
  }),

  /** Pages that show the generic error page for a status code, keyed by code. */
  statusPages: scenario({
    needs: 'For each status code, a page that shows the generic error page for that code (e.g. a Pages Router page rendering next/error\'s Error with that statusCode). Codes the site cannot show leave their row of the table untested.',
    example: { pages: { 404: '/status/404', 405: '/status/405', 418: '/status/418' } },
    shape: scenarioShape({ pages: record('^[1-5][0-9][0-9]$', path, { minProperties: 1 }) }),
    async preflight({ pages }, t) {
      for (const [code, page] of Object.entries(pages)) {
        // Any status will do (a real 404 page may stand for its row), but it must be the site's own page.
        const p = await t.answersAsSite(page);
        if (!p.error && p.html && !p.html.includes(code)) t.unsure(`${page} does not show the code ${code} in its HTML`);
      }
    },
    discover: {
      need: 'pages that show the generic error page of a status code (heading "404", "500", … and the title from the spec\'s table); the framework\'s own not-found page (/404, or an unknown address) did not show one either',
      pick(k) {
        // A status-code heading and a title from the spec's table. The crawled pages first, then the
        // framework's own pages loaded after the crawl (its not-found page at /404, a made-up address).
        const pages: Record<string, string> = {};
        const realNotFound: Record<string, string> = {};
        for (const p of [...k.pages, ...(k.crawl.framework?.pages ?? [])]) {
          if (p.error || p.finalPath) continue;
          const code = /^([1-5]\d\d)$/.exec(p.firstHeading.trim())?.[1];
          if (!code || !p.errorTexts.some((t) => GENERIC_TITLES.some((g) => t.includes(g)))) continue;
          if (p.status === 200) pages[code] ??= p.path;
          else if (p.status === Number(code)) realNotFound[code] ??= p.path;
        }
        // A real 404 page stands in for the 404 row when the site has no page that shows it on purpose.
        if (!pages['404'] && realNotFound['404']) pages['404'] = realNotFound['404'];
        // The rows of the spec's table no page was found for, each named (server delivery may still judge them by realStatuses).
        if (Object.keys(pages).length) {
          for (const code of ['400', '404', '405', '500']) if (!pages[code]) k.needPart(code, `a page that shows the generic error page for ${code} (heading "${code}" and the table's title)${code === '400' || code === '405' ? '; in server delivery realStatuses may judge the row instead' : ''}`);
          if (!Object.keys(pages).some((c) => !['400', '404', '405', '500'].includes(c))) k.needPart('other', 'a page that shows the generic error page for a code outside the table (e.g. 418)');
        }
        if (Object.keys(pages).length && k.crawl.framework) {
          const own = Object.entries(pages).filter(([, path]) => k.crawl.framework!.pages.some((p) => p.path === path));
          if (own.length) k.note(`${own.map(([code, path]) => `${code}: ${path}`).join(', ')} — the framework's own page, loaded after the crawl (no link led there), shown as the generic error page`);
        }
        return Object.keys(pages).length ? { pages } : undefined;
      },
    },
  }),

  /** Paths whose real HTTP answer is an error status. */
  realStatuses: scenario({
    needs: 'Server delivery: requests whose real HTTP answer is an error status (a malformed URL, a POST, an unknown path, a page whose data fetching throws). The title shown is judged against the status actually answered.',
    example: { modes: ['server'], unknownPath: '/no-such-page', throwingPage: '/status/throws' },
    shape: scenarioShape({ malformedUrl: optional(path), postToStatic: optional(path), unknownPath: optional(path), throwingPage: optional(path) }),
    // Error answers are what is asked for; only another server's page makes one unusable. The POST is the browser's to make.
    async preflight({ malformedUrl, unknownPath, throwingPage }, t) {
      for (const p of [malformedUrl, unknownPath, throwingPage]) if (p) await t.answersAsSite(p);
    },
    discover: {
      modes: SERVER,
      // Each request checked before it is used (discovery/framework.ts): a made-up address that answered
      // 404, a malformed segment of a dynamic route that answered 400, a POST to a file served as is
      // that answered 405, each with the generic error page. The parts the site lacks are listed one by one.
      need: 'requests the server answers with an error status and the generic error page: none of the checks after the crawl answered as guessed',
      pick(k) {
        const fw = k.crawl.framework;
        const checked = (guess: FrameworkRequest['guess']) => fw?.requests.filter((r) => r.guess === guess) ?? [];
        const answered = (guess: FrameworkRequest['guess']) => checked(guess).find((r) => r.status === GUESSED_STATUS[guess] && r.showsCode)?.path;
        const tried = (guess: FrameworkRequest['guess']) => checked(guess).map((r) => `${r.method} ${r.path} answered ${r.status || r.error}${r.status && !r.showsCode ? ' without a status code shown' : ''}`).join('; ');
        // The made-up address (unknownPaths' first), loaded after the crawl: used when it answered 404.
        const madeUp = unknownPaths(known(k))[0];
        const notFound = fw?.pages.find((p) => p.path === madeUp && p.status === 404 && !p.error && !p.finalPath)?.path;
        const malformedUrl = answered('malformed-segment');
        const postToStatic = answered('post-to-static-file');
        const throwing = k.pages.find((p) => p.status === 500 && p.firstHeading.trim() === '500' && !p.finalPath);
        if (!postToStatic) k.needPart('postToStatic', `a file served as is (the build's /_next/static/ files) to which a POST is answered 405 with the generic error page${tried('post-to-static-file') ? ` — ${tried('post-to-static-file')}` : ': no such file was seen'}`);
        if (!throwing) k.needPart('throwingPage', 'a page that answers 500 with the generic error page (heading "500")');
        if (!malformedUrl) k.needPart('malformedUrl', `a dynamic route (pages like /posts/1, or a [param] route of the build manifest) whose malformed segment is answered 400 with the generic error page${tried('malformed-segment') ? ` — ${tried('malformed-segment')}` : ': none was seen'}`);
        if (!notFound) k.needPart('unknownPath', `an address the site answers 404: the made-up ${madeUp} ${fw?.pages.find((p) => p.path === madeUp) ? `answered ${fw.pages.find((p) => p.path === madeUp)!.status || 'nothing'}` : 'was not loaded'}`);
        const value = {
          ...(malformedUrl ? { malformedUrl } : {}),
          ...(postToStatic ? { postToStatic } : {}),
          ...(notFound ? { unknownPath: notFound } : {}),
          ...(throwing ? { throwingPage: throwing.path } : {}),
        };
        return Object.keys(value).length ? value : undefined;
      },
    },
  }),

  /** A page whose control throws on the client where no status code exists. */
  noStatusError: scenario({
    needs: 'A page with a control (role and accessible name) that throws an exception in the browser where no status code exists (a Pages Router page throwing in a click handler that sets state to throw while rendering).',
    example: { page: '/client-error', trigger: { role: 'button', name: 'Throw an error' } },
    shape: scenarioShape({ page: path, trigger: control }),
    preflight: pageAnswers,
    discover: {
      need: 'a Pages Router page with a button whose name says it throws (/throw|crash|error/i); discovery does not click unknown buttons',
      pick: (k) => throwingButton(k, k.pages.filter(prPage), 'a Pages Router page'),
    },
  }),

  /** A page whose control makes the app throw during render (global failure, client side). */
  clientCrash: scenario({
    needs: 'A page with a control that makes the application throw while rendering in the browser, so the global failure page is shown.',
    example: { page: '/crash', trigger: { role: 'button', name: 'Crash this page' } },
    shape: scenarioShape({ page: path, trigger: control }),
    preflight: pageAnswers,
    discover: {
      need: 'an App Router page with a button whose name says it crashes the page (/throw|crash|error/i); where no App Router page has one, a Pages Router page with such a button (its client-side error page is that router\'s global failure page)',
      // The Pages Router's global failure page is its client-side error page (R2.4's): taken only where no App Router page has such a button.
      pick: (k) => firstOf([...ROUTERS], (r) => throwingButton(k, k.pages.filter(r.page), r.name)),
    },
  }),

  /** A page that throws while rendering on the server (global failure, server side). */
  serverCrash: scenario({
    needs: 'Server delivery: a page rendered per request that throws while rendering on the server.',
    example: { modes: ['server'], page: '/server-crash' },
    shape: scenarioShape({ page: path }),
    // It answers 500 when it throws; it must still be the site's own page.
    async preflight({ page }, t) {
      await t.answersAsSite(page);
    },
    discover: {
      modes: SERVER,
      need: 'an App Router page that answers 500 (it throws while rendering on the server)',
      pick(k) {
        // An App Router page answering 500 threw while rendering on the server: what it then shows is
        // what R2.5 judges, so the wording is a preference, not a condition.
        const crashed = k.pages.filter((p) => p.status === 500 && !p.error && !p.finalPath && (p.appRouter || p.errorTexts.some((t) => t.includes('server-side exception'))));
        const sc = crashed.find((p) => p.errorTexts.some((t) => t.includes('server-side exception'))) ?? crashed[0];
        return sc && { page: sc.path };
      },
    },
  }),

  /** Pages that live inside a route group, with the group's folder name. */
  routeGroups: scenario({
    needs: 'Pages that live inside a route group, with the group folder name in parentheses. Cannot be found from outside: only the site\'s authors know its folders.',
    example: { pages: [{ path: '/about', group: '(marketing)' }] },
    shape: scenarioShape({ pages: array(object({ path, group: str({ pattern: '^\\(.+\\)$' }) }), { minItems: 1 }) }),
    async preflight({ pages }, t) {
      for (const p of pages) await t.answers(p.path);
    },
    discover: {
      need: 'an App Router page inside a route group (a source folder such as app/(site)/about): none of the crawled pages\' router trees named one',
      pick(k) {
        // Route groups never show in an address, but the router tree each App Router page is delivered
        // with names them. One page per group first, then more, at most 3 (each costs a few requests).
        const grouped = k.pages.filter((p) => arPage(p) && p.routeGroups.length);
        const pages: { path: string; group: string }[] = [];
        for (const p of grouped) if (!pages.some((g) => g.group === p.routeGroups[0])) pages.push({ path: p.path, group: p.routeGroups[0] });
        for (const p of grouped) if (pages.length < 3 && !pages.some((g) => g.path === p.path)) pages.push({ path: p.path, group: p.routeGroups[0] });
        return pages.length ? { pages: pages.slice(0, 3) } : undefined;
      },
    },
  }),

  /** Pages visited in order by clicking a link to the next one. */
  navigation: scenario({
    needs: 'At least 4 pages, each with a visible link to the next (same origin), each with its own document title.',
    example: { chain: ['/', '/about', '/posts', '/posts/1'] },
    shape: scenarioShape({ chain: array(path, { minItems: 4 }) }),
    async preflight({ chain }, t) {
      for (const p of chain) await t.answers(p);
      for (let i = 0; i + 1 < chain.length; i++) await t.linksTo(chain[i], chain[i + 1]);
    },
    discover: {
      need: 'four pages of one router (App Router first, else Pages Router) with titles of their own, each linking to the next by a router link (a link whose prefetch was seen); a link between the routers is a full page load',
      pick(k) {
        // One router's pages: a link between the two routers is a full page load, not a client navigation.
        const chain = firstOf([...ROUTERS], (r) => findChain(k.pages, k.byPath, r));
        return chain && { chain };
      },
    },
  }),

  /** A tall page and another page it links to (scroll restore). */
  scroll: scenario({
    needs: '`tall` scrolls at least 500 px (2000 preferred) and has a link to `other` (same origin).',
    example: { tall: '/tall', other: '/about' },
    shape: scenarioShape({ tall: path, other: path }),
    preflight: async ({ tall, other }, t) => { await linkedPair(t, tall, other); },
    discover: {
      need: 'a page (App Router first, else Pages Router) at least 1000 px taller than the window with a router link to another page of its router',
      pick: (k) => firstOf([...ROUTERS], (r) => firstOf(k.pages.filter((p) => r.page(p) && p.scrollHeight - p.viewportHeight >= 1000), (p) => {
        const cands = p.links.filter((l) => r.link(p, l, k.byPath) && l.path !== p.path && r.page(k.byPath.get(l.path)));
        const l = cands.find((x) => x.inView && x.path !== '/') ?? cands.find((x) => x.inView) ?? cands[0];
        return l && { tall: p.path, other: l.path };
      })),
    },
  }),

  /** A page with a title and one without (its first heading is announced), linked from `from`. */
  announcer: scenario({
    needs: '`from` links to `titled` (a page with a document title) and to `untitled` (a page whose document title is empty — no <title> element, or an empty one — with a heading).',
    example: { from: '/', titled: '/about', untitled: '/untitled' },
    shape: scenarioShape({ from: path, titled: path, untitled: path }),
    async preflight({ from, titled, untitled }, t) {
      for (const p of [from, titled, untitled]) await t.answers(p);
      await t.linksTo(from, titled);
      await t.linksTo(from, untitled);
      const title = titleOf((await t.get(untitled)).html);
      if (title) t.bad(`${untitled} has the document title "${title}"; the announcer's "if none" branch needs a page whose title is empty (R2.9/heading stays untested)`);
      if (!titleOf((await t.get(titled)).html)) t.unsure(`${titled} has no <title> in its HTML (a script may still set one)`);
    },
    discover: {
      need: (k) => {
        const untitled = [...ROUTERS].flatMap((r) => untitledPages(k, r));
        return untitled.length
          ? `a page linking both to the untitled page ${untitled[0].path} and to a page of its router with a title`
          : 'a page (App Router first, else Pages Router) with no <title> element but a heading (its first heading is announced), linked from a page that also links to a titled page';
      },
      pick(k) {
        // A page without a <title> element but with a heading, and a titled one, both linked from one page (one router's pages).
        return firstOf([...ROUTERS], (r) => {
          const untitled = untitledPages(k, r);
          return firstOf(sortHomeFirst(k.pages.filter(r.page)), (from) => {
            const u = untitled.find((x) => x.path !== from.path && linksTo(from, x.path, clickable));
            if (!u) return undefined;
            const t = from.links.find((l) => clickable(l) && l.path !== from.path && l.path !== u.path && (() => { const tp = k.byPath.get(l.path); return r.page(tp) && !!tp.title; })());
            return t && { from: from.path, titled: t.path, untitled: u.path };
          });
        });
      },
    },
  }),

  /** A link without prefetch: clicking it fetches the target's page data. */
  pageData: scenario({
    needs: '`from` links to `to` without prefetching it (e.g. prefetch={false}), so the click fetches `to`\'s page data; `from` also links to "/" (the home page\'s data, C7.2).',
    example: { from: '/no-prefetch', to: '/plain' },
    shape: scenarioShape({ from: path, to: path }),
    async preflight({ from, to }, t) {
      await linkedPair(t, from, to);
      await t.linksTo(from, '/');
    },
    discover: {
      need: 'an App Router page with a visible router link to another App Router page that is not prefetched (prefetch={false}), so the click fetches its page data; or a Pages Router page with such a link (hovering it fetched the code) to a page with getStaticProps or getServerSideProps',
      // A router link never prefetched: clicking it fetches the page data. A page that prefetches its
      // other links shows its router is at work; else the click after the crawl showed it (follow-up.ts).
      // One test goes home from `from`: a link to "/" is preferred, not required.
      // On a site without such an App Router pair, a Pages Router link with prefetch={false} (hovering it fetched the
      // target's code) to a page with getStaticProps/getServerSideProps: the click fetches /_next/data/….
      pick: (k) => pickNotPrefetched(k.pages, k.byPath, k.crawl.clicks ?? [], (from, to) => !to.dynamic, (from) => linksHome(from))
        ?? pickNotPrefetchedPages(k.pages, k.byPath, (from) => linksHome(from)),
    },
  }),

  /** The server-function form. */
  serverFunction: scenario({
    needs: 'Server delivery: a page with a form whose submit control calls a server function, and a CSS selector of the element showing its answer.',
    example: { modes: ['server'], page: '/action', submit: { role: 'button', name: 'Send' }, result: '[data-testid=result]' },
    shape: scenarioShape({ page: path, submit: control, result: str({ description: 'CSS selector of the element the answer is shown in.' }) }),
    preflight: pageAnswers,
    discover: {
      modes: SERVER,
      need: 'a page with a server-function form (hidden $ACTION_ field) and an element that shows its result (output, role=status or aria-live)',
      pick(k) {
        // Forms only read, never submitted.
        const sf = firstOf(k.pages.filter(arPage), (p) => {
          const f = p.forms.find((x) => x.serverFunction && x.submits.length);
          return f && p.resultSelectors.length ? { page: p.path, submit: { role: 'button' as const, name: f.submits[0] }, result: p.resultSelectors[0] } : undefined;
        });
        if (sf) k.note(`form found on ${sf.page}; its result element ${sf.result} is a guess (output / role=status / aria-live); not submitted during discovery`);
        return sf;
      },
    },
  }),

  /** A client-side route whose code can be held, linked from `from` without prefetch. */
  routeLoadTimeout: scenario({
    needs: 'A Pages Router pair (the 3.8 s timeout is the Pages Router\'s route loader): `from` links to `to` without prefetch, and `to` needs its own script chunk, so holding scripts holds the route load.',
    example: { from: '/timeout', to: '/timeout/target' },
    shape: scenarioShape({ from: path, to: path }),
    async preflight({ from, to }, t) {
      const target = await linkedPair(t, from, to);
      if (target.html && !/id="__NEXT_DATA__"/.test(target.html)) t.bad(`${to} is not a Pages Router page (no __NEXT_DATA__ in its HTML): the 3.8 s timeout belongs to the Pages Router's route loader, so K9.1 cannot be observed there`);
    },
    discover: {
      need: 'two Pages Router pages (HTML with __NEXT_DATA__), one with a router link to the other that does not prefetch its code (prefetch={false}: the code is asked for only on hover or click)',
      // A Pages Router pair whose target's code was not loaded while `from` sat in view.
      pick: (k) => firstOf(k.pages.filter(prPage), (from) => {
        const l = from.links.find((x) => {
          const to = k.byPath.get(x.path);
          if (!clickable(x) || !prPage(to) || to.path === from.path) return false;
          // A script the target's own load needed, that `from` did not ask for while it sat in view,
          // but that hovering the link fetched: a router link without prefetch to a page with code of
          // its own. Webpack names that chunk after the page (pageChunkPrefix); Turbopack (Next.js 16)
          // hashes every name, so the script itself is compared.
          const chunk = pageChunkPrefix(to.path);
          const own = (sp: string) => to.scripts.includes(sp) && !from.scripts.includes(sp);
          return !!x.hoverLoads?.some((sp) => own(sp) || (sp.startsWith(chunk) && !from.scripts.some((f) => f.startsWith(chunk))));
        });
        return l && { from: from.path, to: l.path };
      }),
    },
  }),

  /** A page not pre-rendered whose data the client fetches after load; a fresh slug is appended. */
  retry: scenario({
    needs: 'Server delivery: a path prefix under which any slug is a page that is not pre-rendered and whose data the client fetches after load (Pages Router getStaticPaths with fallback: true).',
    example: { modes: ['server'], pathPrefix: '/retry/' },
    shape: scenarioShape({ pathPrefix: path }),
    preflight: NOTHING_AHEAD,
    discover: {
      modes: SERVER,
      need: 'a Pages Router route generated on demand (getStaticPaths fallback: true): a page of it that fetches its own data after load — no crawled page did, nor a made-up path under a Pages Router route with getStaticProps and a [param]',
      pick(k) {
        // A page that asked for its own data right after load (Pages Router fallback): crawled pages
        // first (a link to a page not yet generated), then the made-up paths of follow-up.ts.
        const fb = [...k.pages, ...(k.crawl.probes ?? [])].find((p) => prPage(p) && p.pageDataRequested.includes(p.path) && p.path.split('/').length > 2);
        return fb && { pathPrefix: fb.path.replace(/[^/]+$/, '') };
      },
    },
  }),

  /** A static page reached from `from` (freshness of cached data). */
  freshness: scenario({
    needs: '`from` shows a link to `to`, a pre-rendered page, that the framework prefetches while `from` is in view (a <Link> in view, or prefetch={true}): K9.3 times the prefetched data.',
    example: { from: '/posts', to: '/posts/1' },
    shape: scenarioShape({ from: path, to: path }),
    // K9.3 times the prefetch made from `from`: no way back is needed.
    preflight: async ({ from, to }, t) => { await linkedPair(t, from, to); },
    discover: {
      need: 'a page (App Router first, else Pages Router) with a link in view whose target, a page not rendered per request, has its data prefetched while the page sits in view',
      pick(k) {
        // A link in view whose target's data was prefetched while the page sat there, to a page not
        // rendered per request. From the prefetch scenario's page first (a list of prefetched links is
        // the plainest case).
        return firstOf([...ROUTERS], (r) => {
          const busiest = busiestPrefetchPage(k.pages, r)?.page;
          const first = [...k.pages].sort((a, b) => Number(b.path === busiest) - Number(a.path === busiest));
          return firstOf(first.filter(r.page), (from) => { const l = inViewPrefetch(k.byPath, from, (to) => !to.dynamic, r); return l && { from: from.path, to: l.path }; });
        });
      },
    },
  }),

  /** A page rendered per request, reached from a hub that prefetches it and from a page that does not. */
  dynamicFreshness: scenario({
    needs: 'Server delivery: `page` is rendered per request. `from` shows a link to it that is not prefetched (e.g. <Link prefetch={false}>), so the click fetches its data, and prefetches `page` by no other link: K9.3 times that data at 29 s and 31 s after its use (both sides of 30 s). `hub` (another way) shows a link to it whose prefetch fetches its data while `hub` is in view (e.g. <Link prefetch={true}>; an automatic prefetch of a page rendered per request holds only its loading shell). At least one of `from` and `hub`; without `from` the 31 s side is untested.',
    example: { modes: ['server'], from: '/dynamic-direct', hub: '/dynamic-hub', page: '/dynamic' },
    shape: scenarioShape({ from: optional(path), hub: optional(path), page: path }),
    async preflight({ from, hub, page }, t) {
      if (!from && !hub) t.bad('neither `from` (a link to the page that is not prefetched) nor `hub` (a link that prefetches its data) is given');
      if (from) await linkedPair(t, from, page);
      if (hub) await linkedPair(t, hub, page);
    },
    discover: {
      modes: SERVER,
      need: 'a page rendered per request (cache-control no-store) reached by a router link that is never prefetched (prefetch={false}, so the click fetches its data), or from a hub whose link prefetches its data (a full prefetch, e.g. <Link prefetch={true}>)',
      pick(k) {
        // The hub: as freshness, for a page rendered per request (only a full prefetch holds its data).
        const hub = firstOf(k.pages.filter(arPage), (h) => { const l = inViewPrefetch(k.byPath, h, (to) => to.dynamic); return l && { hub: h.path, page: l.path }; });
        // `from`: a router link never prefetched to a page rendered per request that `from` prefetches by no other link.
        const direct = (want?: string) => pickNotPrefetched(k.pages, k.byPath, k.crawl.clicks ?? [],
          (from, to) => to.dynamic && (!want || to.path === want) && !from.pageDataRequested.includes(to.path));
        const d = (hub && direct(hub.page)) ?? direct();
        if (d) return hub?.page === d.to ? { from: d.from, hub: hub.hub, page: d.to } : { from: d.from, page: d.to };
        if (hub) k.needPart('from', `a page with a router link to ${hub.page} that is never prefetched (prefetch={false}): without it the 31 s side of K9.3 is untested`);
        return hub;
      },
    },
  }),

  /** A page with at least 8 prefetchable links in view. */
  prefetch: scenario({
    needs: 'A page with at least `minLinks` (≥ 8) same-origin links in view that the framework prefetches, in its <main> element.',
    example: { page: '/posts', minLinks: 10 },
    shape: scenarioShape({ page: path, minLinks: optional(int({ minimum: 8 })) }),
    async preflight({ page, minLinks = 8 }, t) {
      const p = await t.answers(page);
      const links = new Set([...(p.html.match(/<a\b[^>]*\bhref="\/[^"]*"/g) ?? [])].map((a) => /href="([^"]*)"/.exec(a)![1]));
      if (p.html && links.size < minLinks) t.unsure(`${page} has ${links.size} same-origin links in its HTML; ${minLinks} are needed (a script may still add more)`);
    },
    discover: {
      need: 'a page with at least 8 links in view, in its <main> element, whose targets are prefetched',
      pick(k) {
        const p = firstOf([...ROUTERS], (r) => busiestPrefetchPage(k.pages, r));
        return p && { page: p.page, minLinks: Math.max(8, Math.min(p.links, 10)) };
      },
    },
  }),

  /** Pages the every-page checks load once each (R2.6, C7.4, R2.2); `shapes` counts route shapes only partly listed. */
  sitePages: scenario({
    clausesNote: 'on every page',
    needs: 'Pages the every-page checks load once each: any page that answers, a missing one too (its links are checked). Discovery lists every crawled page, at most 3 of a route shape such as /posts/:id, and counts the others in `shapes`.',
    example: { paths: ['/', '/about', '/posts/1', '/posts/2', '/posts/3'], shapes: [{ shape: '/posts/:id', pagesInShape: 40, checked: 3 }] },
    shape: scenarioShape({
      paths: array(path, { minItems: 1, uniqueItems: true }),
      shapes: optional(array(object({ shape: str({ pattern: '^/' }), pagesInShape: int({ minimum: 1 }), checked: int({ minimum: 0 }) }), { description: 'Route shapes of which only some pages are listed in `paths`: how many pages the shape had and how many are checked.' })),
    }),
    async preflight({ paths }, t) {
      // Any answer will do (a missing page is checked too); only a page that cannot be fetched is a problem.
      for (const page of paths) {
        const p = await t.get(page);
        if (p.error) t.bad(`${page} could not be fetched: ${p.error}`);
      }
    },
    discover: {
      need: 'a page that answers: no crawled page could be loaded and read',
      pick: (k) => { const s = sitePages(k.crawl); return s.paths.length ? s : undefined; },
    },
  }),
};

export type ScenarioName = keyof typeof SCENARIOS;
/** What a profile gives for each scenario, by name (its shape in the table). */
type ScenarioValues = { [K in keyof typeof SCENARIOS]: TypeOf<(typeof SCENARIOS)[K]['shape']> };
export type ScenarioValue<K extends ScenarioName> = ScenarioValues[K];
/** A profile's scenarios: each may be left out (its clauses are then `untested` for that target). */
export type Scenarios = Partial<ScenarioValues>;

/**
 * The table seen through its names: a function generic in the name gets that scenario's own spec
 * and value type (TypeScript relates them through this mapped type, not through SCENARIOS itself).
 */
export const SCENARIO_TABLE: { readonly [K in ScenarioName]: ScenarioSpec<ScenarioValues[K]> } = SCENARIOS;
export const SCENARIO_NAMES = Object.keys(SCENARIOS) as ScenarioName[];
