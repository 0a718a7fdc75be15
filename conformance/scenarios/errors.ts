import { type CrawledPage, type FrameworkRequest, GUESSED_STATUS } from '../crawl/model';
import { arPage, clickable, firstOf, ok, prPage, ROUTERS, throwingButton, unknownPaths } from './pick';
import { isAppPageChunk } from './chunks';
import { array, control, optional, path, record, scenarioShape } from './schema';
import { known, pageAnswers, scenario, SERVER } from './spec';

/** The scenarios of the error pages of section 2 (R2.2–R2.5); joined in table.ts. */
export const ERROR_SCENARIOS = {
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
      if (target.status > 0 && target.status < 400) t.bad(`${href} answers HTTP ${target.status}: the broken link must lead to a page that does not exist`, href);
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
      need: 'pages that show the generic error page of a status code (a heading that is the code: "404", "500", …); the framework\'s own not-found page (/404, or an unknown address) was not the site\'s page either',
      pick(k) {
        // Found by what makes a page a status page, never by the title R2.3 judges: the site's own answer
        // with that status, or a page that shows the code. The crawled pages first, then the framework's
        // own pages loaded after the crawl (its not-found page at /404, a made-up address). A wrong title
        // is then R2.3's failure, not a page gone missing.
        const pages: Record<string, string> = {};
        const realNotFound: Record<string, string> = {};
        for (const p of [...k.pages, ...(k.crawl.framework?.pages ?? [])]) {
          if (p.error || p.finalPath) continue;
          const code = /^([1-5]\d\d)$/.exec(p.firstHeading.trim())?.[1];
          // A page answering 200 is a status page on purpose only where more than a number says so (a
          // heading "365" alone is content): a text of the table, an error heading, or the code in its title.
          if (code && p.status === 200 && (p.errorTexts.length || p.title.includes(code))) pages[code] ??= p.path;
          else if (code && p.status === Number(code)) realNotFound[code] ??= p.path;
          // The site's own not-found answer (delivered by its framework, not a host's page), whatever it shows.
          else if (p.status === 404 && (p.appRouter || p.pagesRouter)) realNotFound['404'] ??= p.path;
        }
        // A real 404 page stands in for the 404 row when the site has no page that shows it on purpose.
        if (!pages['404'] && realNotFound['404']) pages['404'] = realNotFound['404'];
        // The rows of the spec's table no page was found for, each named (server delivery may still judge them by realStatuses).
        if (Object.keys(pages).length) {
          for (const code of ['400', '404', '405', '500']) if (!pages[code]) k.needPart(code, `a page that shows the generic error page for ${code} (a heading that is the code ${code})${code === '400' || code === '405' ? '; in server delivery realStatuses may judge the row instead' : ''}`);
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
        if (!malformedUrl) k.needPart('malformedUrl', `a dynamic route (pages like /posts/1, a page whose router tree names a dynamic segment, or a [param] route of the build manifest) whose malformed segment is answered 400 with the generic error page${tried('malformed-segment') ? ` — ${tried('malformed-segment')}` : ': none was seen'}`);
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

  /** An ordinary App Router page with a script of its own, whose answer the harness fails (global failure, client side). */
  ownScript: scenario({
    needs: 'An App Router page whose rendering in the browser needs a script of its own: one its HTML names that `besides`, another page of the site, does not (webpack names it after the page, app/<route>/page-<hash>.js; Turbopack hashes every name, so `besides` tells it). The harness fails that script\'s answer while the page loads (net::ERR_FAILED); nothing of the site is changed. A Pages Router page cannot serve: that router waits without end for a failed page chunk on first load.',
    example: { page: '/about', besides: '/' },
    shape: scenarioShape({ page: path, besides: optional(path) }),
    async preflight({ page, besides }, t) {
      const p = await t.answers(page);
      if (p.html && /id="__NEXT_DATA__"/.test(p.html)) t.bad(`${page} is a Pages Router page (__NEXT_DATA__ in its HTML): a failed page chunk leaves it waiting, no failure page to observe`, page);
      if (besides) await t.answers(besides);
    },
    discover: {
      need: 'an App Router page with a script of its own (its chunk, named after it or named by no other page): the Pages Router waits without end for a failed page chunk on first load and loads the page in full when one fails during a navigation, so a Pages-Router-only site offers no such page',
      pick(k) {
        const ar = k.pages.filter(arPage);
        // The chunk named after the page first (webpack); else a page and another one to compare with (Turbopack).
        const named = ar.find((p) => p.scripts.some((s) => isAppPageChunk(s, p.path)));
        const other = (p: { path: string }) => ar.find((q) => q.path !== p.path && !q.links.some((l) => l.path === p.path));
        if (named) {
          const b = other(named);
          return b ? { page: named.path, besides: b.path } : { page: named.path };
        }
        return byHtml(ar) ?? fromRequests(ar, other);
      },
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
};

/**
 * Turbopack: a script the page's own HTML names and no other App Router page's HTML does (what the
 * page itself needs, never a prefetch of it: every page of a menu prefetches the others' scripts),
 * with the page whose HTML the test compares it with; the first script that page lacks is that one.
 */
function byHtml(ar: CrawledPage[]): { page: string; besides: string } | undefined {
  const read = ar.filter((p) => p.htmlScripts?.length);
  for (const p of read) {
    const own = p.htmlScripts!.filter((s) => s.endsWith('.js') && read.every((q) => q === p || !q.htmlScripts!.includes(s)));
    if (!own.length) continue;
    const besides = read.find((q) => q !== p && own.includes(p.htmlScripts!.find((s) => s.endsWith('.js') && !q.htmlScripts!.includes(s)) ?? ''));
    if (besides) return { page: p.path, besides: besides.path };
  }
  return undefined;
}

/** Without the HTML's scripts: the scripts the page's visit requested that a page not linking to it did not. */
function fromRequests(ar: CrawledPage[], other: (p: { path: string }) => CrawledPage | undefined): { page: string; besides: string } | undefined {
  const chosen = ar.find((p) => other(p) && p.scripts.some((s) => !other(p)!.scripts.includes(s)));
  return chosen && { page: chosen.path, besides: other(chosen)!.path };
}
