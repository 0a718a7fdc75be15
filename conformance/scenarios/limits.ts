import { arPage, busiestPrefetchPage, chunkPrefetched, clickable, firstOf, inViewPrefetch, pickNotPrefetched, pickNotPrefetchedPages, prPage, PREFETCH_LINKS_MIN, ROUTERS } from './pick';
import { isPageChunk } from './chunks';
import { int, optional, path, scenarioShape } from './schema';
import { linkedPair, NOTHING_AHEAD, pageAnswers, scenario, SERVER } from './spec';
import { TALL_WINDOW } from './windows';

/** The scenarios of the timings of section 9 (K9.1–K9.5); joined in table.ts. */
export const LIMIT_SCENARIOS = {
  /** A client-side route whose code can be held, linked from `from` without prefetch. */
  routeLoadTimeout: scenario({
    needs: 'A Pages Router pair (the 3.8 s timeout is the Pages Router\'s route loader): `from` links to `to` by a router link, and `to` needs its own script chunk, which the harness holds from before `from` loads (so a prefetch of it cannot complete either). A link without prefetch is the plainest case: Next.js 16.4 never times out a route whose chunk a prefetch has asked for (docs/implementations.md).',
    example: { from: '/timeout', to: '/timeout/target' },
    shape: scenarioShape({ from: path, to: path }),
    async preflight({ from, to }, t) {
      const target = await linkedPair(t, from, to);
      if (target.html && !/id="__NEXT_DATA__"/.test(target.html)) t.bad(`${to} is not a Pages Router page (no __NEXT_DATA__ in its HTML): the 3.8 s timeout belongs to the Pages Router's route loader, so K9.1 cannot be observed there`, to);
    },
    discover: {
      need: 'two Pages Router pages (HTML with __NEXT_DATA__), one with a router link to the other whose code is a chunk of its own: a link that does not prefetch it (prefetch={false}: asked for only on hover or click) first, else one whose target\'s code the page prefetched (its chunk named after it, /_next/static/chunks/pages/<page>-<hash>.js, or a script the target\'s HTML names and the page\'s does not)',
      // A Pages Router pair whose target's code was not loaded while `from` sat in view.
      pick: (k) => firstOf(k.pages.filter(prPage), (from) => {
        const l = from.links.find((x) => {
          const to = k.byPath.get(x.path);
          if (!clickable(x) || !prPage(to) || to.path === from.path) return false;
          // A script the target's own load needed, that `from` did not ask for while it sat in view,
          // but that hovering the link fetched: a router link without prefetch to a page with code of
          // its own. Webpack names that chunk after the page (isPageChunk); Turbopack (Next.js 16)
          // hashes every name, so the script itself is compared.
          const own = (sp: string) => to.scripts.includes(sp) && !from.scripts.includes(sp);
          return !!x.hoverLoads?.some((sp) => own(sp) || (isPageChunk(sp, to.path) && !from.scripts.some((f) => isPageChunk(f, to.path))));
        });
        return l && { from: from.path, to: l.path };
      }) ?? firstOf(k.pages.filter(prPage), (from) => {
        // Else a router link whose target's code `from` prefetched while it sat in view (a plain <a>
        // prefetches nothing): its chunk named after it, or (Turbopack) a script the target's HTML names
        // and `from`'s does not. The test holds that script from before `from` loads, so the prefetch
        // cannot complete either.
        const l = from.links.find((x) => {
          const to = k.byPath.get(x.path);
          const chunk = (sp: string) => !!to && isPageChunk(sp, to.path);
          return clickable(x) && prPage(to) && to.path !== from.path && ((to.scripts.some(chunk) && from.scripts.some(chunk)) || chunkPrefetched(from, to));
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
      need: 'a Pages Router route generated on demand (getStaticPaths fallback: true): a page of it that fetches its own data after load — no crawled page did, nor a made-up path under a Pages Router route with getStaticProps and a [param]; the navigations the site makes are no such subject (Next.js tries a navigation\'s page-data fetch once, then loads the page in full)',
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
        // No App Router pair: a Pages Router link never prefetched to a getServerSideProps page (rendered per
        // request; a router link: its hover fetched the target's code), as pageData takes them.
        const pr = !hub && pickNotPrefetchedPages(k.pages, k.byPath, undefined, (_from, to) => !!to.nextData?.gssp);
        if (pr) return { from: pr.from, page: pr.to };
        if (hub) k.needPart('from', `a page with a router link to ${hub.page} that is never prefetched (prefetch={false}): without it the 31 s side of K9.3 is untested`);
        return hub;
      },
    },
  }),

  /** A page that prefetches a link of its own: its data can be let expire (K9.4, C7.3). */
  prefetchedLink: scenario({
    needs: 'A page with a same-origin link that the framework prefetches, with its page data, when it comes into view: the harness lets that prefetch age on a fake clock. Where the profile names none, its `prefetch` page serves.',
    example: { page: '/posts' },
    shape: scenarioShape({ page: path }),
    preflight: pageAnswers,
    discover: {
      need: 'a page with a link whose target\'s page data is prefetched when it comes into view (a Link to a page with data, in the default window)',
      // The page with the most such links, App Router first: one link is a subject, where K9.5's page needs six.
      pick(k) {
        const p = firstOf([...ROUTERS], (r) => busiestPrefetchPage(k.pages, r, 1));
        return p && { page: p.page };
      },
    },
  }),

  /** A page with at least 6 prefetchable links in view. */
  prefetch: scenario({
    needs: `A page with at least \`minLinks\` (≥ ${PREFETCH_LINKS_MIN}) same-origin links that the framework prefetches when they come into view. The harness chooses the window: the page is opened ${TALL_WINDOW.width}×${TALL_WINDOW.height}, so links down to ${TALL_WINDOW.height} px are in view at once.`,
    example: { page: '/posts', minLinks: 10 },
    shape: scenarioShape({ page: path, minLinks: optional(int({ minimum: PREFETCH_LINKS_MIN })) }),
    async preflight({ page, minLinks = PREFETCH_LINKS_MIN }, t) {
      const p = await t.answers(page);
      const links = new Set([...(p.html.match(/<a\b[^>]*\bhref="\/[^"]*"/g) ?? [])].map((a) => /href="([^"]*)"/.exec(a)![1]));
      if (p.html && links.size < minLinks) t.unsure(`${page} has ${links.size} same-origin links in its HTML; ${minLinks} are needed (a script may still add more)`);
    },
    discover: {
      need: `a page with at least ${PREFETCH_LINKS_MIN} links whose targets are prefetched when they come into view (in view at load or once scrolled to: the harness opens the page in a window tall enough to show them)`,
      pick(k) {
        const p = firstOf([...ROUTERS], (r) => busiestPrefetchPage(k.pages, r));
        return p && { page: p.page, minLinks: Math.max(PREFETCH_LINKS_MIN, Math.min(p.links, 10)) };
      },
    },
  }),
};
