import { titleOf } from './check';
import { arPage, clickable, findChain, firstOf, linksTo, ROUTERS, sortHomeFirst } from './pick';
import { routeMatches } from '../crawl/chunk-routes';
import { array, object, path, scenarioShape, str } from './schema';
import { linkedPair, scenario, untitledPages } from './spec';
import { DEFAULT_WINDOW, LOW_WINDOW, lowWindowScroll, SCROLL, scrollsInLowWindow } from './windows';

/** The scenarios of route groups and client navigation of section 2 (R2.6–R2.9); joined in table.ts. */
export const ROUTE_SCENARIOS = {
  /** Pages that live inside a route group, with the group's folder name. */
  routeGroups: scenario({
    needs: 'Pages that live inside a route group, with the group folder name in parentheses. Cannot be found from outside: only the site\'s authors know its folders.',
    example: { pages: [{ path: '/about', group: '(marketing)' }] },
    shape: scenarioShape({ pages: array(object({ path, group: str({ pattern: '^\\(.+\\)$' }) }), { minItems: 1 }) }),
    async preflight({ pages }, t) {
      for (const p of pages) await t.answers(p.path);
    },
    discover: {
      need: 'an App Router page inside a route group (a source folder such as app/(site)/about): none of the crawled pages\' router trees, nor the paths of the code chunks they loaded, named one',
      pick(k) {
        // Route groups never show in an address, but the router tree each App Router page is delivered
        // with names them; else the page's own code chunk, whose path Webpack writes with its source
        // folders (app/(marketing)/about/page-….js: a lead R2.6 then judges by addresses and router state).
        // One page per group first, then more, at most 3 (each costs a few requests).
        const groupOf = (p: (typeof k.pages)[number]) => p.routeGroups[0] ?? p.chunkGroups?.find((c) => routeMatches(c.route, p.path))?.group;
        const grouped = k.pages.filter((p) => arPage(p) && groupOf(p));
        const pages: { path: string; group: string }[] = [];
        for (const p of grouped) if (!pages.some((g) => g.group === groupOf(p))) pages.push({ path: p.path, group: groupOf(p)! });
        for (const p of grouped) if (pages.length < 3 && !pages.some((g) => g.path === p.path)) pages.push({ path: p.path, group: groupOf(p)! });
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
      need: 'four pages of one router (App Router first, else Pages Router) with titles of their own, each with a visible link to the next (a link between the two routers is a full page load by design, so not taken)',
      pick(k) {
        // One router's pages joined by their links, whatever kind of link: pick.ts findChain.
        const chain = firstOf([...ROUTERS], (r) => findChain(k.pages, k.byPath, r));
        return chain && { chain };
      },
    },
  }),

  /** A tall page and another page it links to (scroll restore). */
  scroll: scenario({
    needs: `\`tall\` scrolls at least ${SCROLL.MIN} px (${SCROLL.WANTED} preferred) and has a link to \`other\` (same origin). The harness chooses the window: a page that scrolls less in ${DEFAULT_WINDOW.width}×${DEFAULT_WINDOW.height} is read in ${LOW_WINDOW.width}×${LOW_WINDOW.height}.`,
    example: { tall: '/tall', other: '/about' },
    shape: scenarioShape({ tall: path, other: path }),
    preflight: async ({ tall, other }, t) => { await linkedPair(t, tall, other); },
    discover: {
      need: `a page (App Router first, else Pages Router) with a router link to another page of its router, whose content is at least ${LOW_WINDOW.height + SCROLL.MIN} px tall (the harness opens a shorter one in a lower window)`,
      // A page 1000 px taller than the default window first (scrolled as far as before), then the
      // page that scrolls farthest in the low window the test sets (scenarios/windows.ts).
      pick: (k) => firstOf([...ROUTERS], (r) => firstOf([
        k.pages.filter((p) => r.page(p) && p.scrollHeight - p.viewportHeight >= 1000),
        k.pages.filter((p) => r.page(p) && scrollsInLowWindow(p)).sort((a, b) => lowWindowScroll(b) - lowWindowScroll(a)),
      ], (pages) => firstOf(pages, (p) => {
        const cands = p.links.filter((l) => r.link(p, l, k.byPath) && l.path !== p.path && r.page(k.byPath.get(l.path)));
        const l = cands.find((x) => x.inView && x.path !== '/') ?? cands.find((x) => x.inView) ?? cands[0];
        return l && { tall: p.path, other: l.path };
      }))),
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
      if (title) t.bad(`${untitled} has the document title "${title}"; the announcer's "if none" branch needs a page whose title is empty (R2.9/heading stays untested)`, untitled);
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
};
