/**
 * Expected verdicts of the implementation matrix: per build (version × config × site × mode) and per
 * clause or part ("R2.5/client"), the verdict the framework's own shipped code implies, with the
 * file and line of that version's installed `next` package that decides it
 * (.cache/implementations/next-<version>/node_modules/next/<file>). Hosts of one build share its
 * expectations. A rule the matrix site cannot show is `untested`; a clause or part outside its
 * modes is `inapplicable`. docs/implementations.md's table is generated from this file
 * (npm run generate); a unit test keeps them in step.
 */
import type { Mode } from '../spec/clauses';
import type { Verdict } from './model';
import type { Ctx, Expectation, Row, VersionKey } from './expected-model';
import type { SiteKind } from './versions';
import { C } from './expected-cites';
import { otherSiteExpectations } from './expected-routers';
import { ordinaryExpectations } from './expected-ordinary';
import { zeroConfig } from './template';

export type { Ctx, Expectation, Row, VersionKey };

const E = (verdict: Verdict, because: string, ...cite: string[]): Expectation => ({ verdict, because, cite });
const byV = <T>(ctx: Ctx, m: Record<VersionKey, T>): T => m[ctx.v];

const cite = (ctx: Ctx, key: keyof typeof C) => C[key][ctx.v];

/**
 * K9.3/fresh-29 for one build: prefetched data (a full prefetch, and a pre-rendered page's prefetch)
 * is kept to staleTimes.static in every version; what differs is the data a navigation fetched —
 * fresh for staleTimes.dynamic after its use (14.2, 15.5: the navigation's `temporary` entry; 16: the
 * BFCache's staleAt), except that 15.5 makes a pre-rendered answer a full entry (kept 300 s).
 */
function k93fresh(ctx: Ctx): Expectation {
  const c = (key: keyof typeof C) => cite(ctx, key);
  const server = ctx.mode === 'server';
  const navigated = server ? '/dynamic (rendered per request), fetched by the navigation from /dynamic-direct,' : '/plain, fetched by the navigation from /no-prefetch,';
  if (ctx.v === '15.5' && !server) {
    return E('passed', 'a static export answer says it was prerendered, so every entry — prefetched, or made by the navigation to /plain — is made full and kept until staleTimes.static (300 s): used at 29 s without a request', c('prerenderedFull'), c('fullKept'), c('freshStatus'));
  }
  if (ctx.dynamicStale < 29) {
    return E('failed', `${navigated} is fresh only for staleTimes.dynamic = ${ctx.dynamicStale} s after its use: opened again 29 s later it is fetched anew (prefetched data is still used at 29 s)`, c('dynamicDefault'), c('navEntry'), c('firstUse'), c('navExpired'));
  }
  return E('passed', `${navigated} is fresh for staleTimes.dynamic (${ctx.dynamicStale} s) from its first use, and prefetched data is kept to staleTimes.static: used at 29 s without a request`, c('freshStatus'), c('navEntry'), c('firstUse'), c('fullKept'));
}

/**
 * Every row's expectation for one build. One object literal typed by the registry's normative
 * clauses and their parts: a clause or part added to spec/clauses.ts without its row here does not
 * compile. The order of the rows is the order of docs/implementations.md's table.
 */
export function expectationsFor(ctx: Ctx): Record<string, Expectation> {
  // The Pages Router and mixed sites: this App Router table where they judge the same kind of page,
  // their own rows (expected-routers.ts) where a Pages Router page or a crossing between routers is judged.
  // The ordinary sites judged zero-config: their own rows (expected-ordinary.ts), what discovery finds on them.
  if (zeroConfig(ctx.site)) return ordinaryExpectations(ctx, expectationsFor({ ...ctx, site: 'app' }));
  if (ctx.site !== 'app') return otherSiteExpectations(ctx, expectationsFor({ ...ctx, site: 'app' }));
  const { mode } = ctx;
  const server = mode === 'server';
  const only = (modes: Mode[], e: () => Expectation, why: string): Expectation =>
    modes.includes(mode) ? e() : E('inapplicable', why);
  const notServer = 'this part exists in server delivery only';

  // R2.2 Not-found page: App Router default not-found (h1 404, "This page could not be found.").
  const nf = () => E('passed', 'the default not-found page renders the heading 404 and "This page could not be found."', cite(ctx, 'notFound'));

  // R2.3 Status titles: next/error's statusCodes table, "An unexpected error has occurred" for others.
  const title = (code: string) => E('passed', `next/error renders ${code} with the table's title`, cite(ctx, 'statusTitles'));

  // R2.5 Global failure page: the default global error of the App Router.
  const globalText = byV(ctx, {
    '14.2': E('passed', 'the default global error reads exactly the spec\'s client-side / server-side text', cite(ctx, 'globalError')),
    '15.5': E('failed', 'the default global error inserts "while loading <hostname>" into the spec\'s text', cite(ctx, 'globalError')),
    '16': E('failed', 'the default global error reads "This page couldn’t load", not the spec\'s text', cite(ctx, 'globalError')),
  });

  // R2.6–R2.9: App Router basics, the same in every version.
  const groups = E('passed', 'group segments "(name)" are dropped from app paths', cite(ctx, 'groups'));
  const restore = E('passed', 'popstate restores the router state from history without a fetch; the browser restores the scroll position', cite(ctx, 'restore'));
  const announcer = E('passed', 'the route announcer reads document.title, else the first h1, after each navigation', cite(ctx, 'announcer'));

  // C7.2 Page data with a text suffix (static delivery only).
  const staticOnly = 'server delivery asks the page path itself (?_rsc=), the clause is for static delivery';
  const txt = only(['static'], () => E('passed', 'a static export fetches <path>.txt (/ → /index.txt) from its own origin', cite(ctx, 'txt')), staticOnly);

  // C7.4 Script and stylesheet assets.
  const assets = E('passed', 'pages load their script chunks and the template\'s globals.css', cite(ctx, 'assets'));

  const rows: Record<Row, Expectation> = {
    // One subject reached by several ways (loaded directly, by a broken link): no parts (spec/clauses.ts).
    'R2.2': nf(),
    'R2.3/400': title('400'),
    'R2.3/404': title('404'),
    'R2.3/405': title('405'),
    'R2.3/500': title('500'),
    'R2.3/other': E('passed', 'next/error renders any other code with "An unexpected error has occurred"', cite(ctx, 'otherTitle')),
    'R2.3': E('passed', 'every row of the table is rendered by next/error on the profile\'s status pages', cite(ctx, 'statusTitles'), cite(ctx, 'otherTitle')),

    // R2.4 No status code: Pages Router _error's client-side application error.
    'R2.4': E('passed', ctx.v === '14.2'
      ? '_error with no status code shows "Application error: a client-side exception has occurred (see the browser console …)"'
      : '_error with no status code shows "Application error: a client-side exception has occurred …" (a hostname may be inserted; the reading accepts more words)', cite(ctx, 'noStatus')),

    'R2.5/client': globalText,
    'R2.5/server': only(['server'], () => globalText, notServer),
    'R2.5/digest': only(['server'], () => byV(ctx, {
      '14.2': E('passed', 'a server error carries a digest, shown as "Digest: <digest>" under the text', cite(ctx, 'digest')),
      // The suite judges the digest line only after the spec's own text; here that text is not shown (R2.5/server fails).
      '15.5': E('inapplicable', 'the page shows "Digest: <digest>", but under a text that is not the spec\'s (R2.5/server fails), so the optional line is not judged', cite(ctx, 'digest')),
      // An optional part that is absent is reported inapplicable by the suite (spec/clauses.ts R2.5 readings).
      '16': E('inapplicable', 'the digest is shown as "ERROR <digest>", not as a "Digest:" line after the spec\'s text: the optional digest line is absent, which the spec allows', cite(ctx, 'digest')),
    }), notServer),
    'R2.5': ctx.v === '14.2' ? E('passed', 'client and server texts exact, digest line present', cite(ctx, 'globalError')) : E('failed', globalText.because, cite(ctx, 'globalError')),

    'R2.6': groups,
    'R2.6/addresses': groups,
    'R2.6/grouped-pages': groups,
    'R2.7': E('passed', 'Link prevents the default navigation and routes on the client', cite(ctx, 'link')),
    'R2.8': restore,
    'R2.8/back': restore,
    'R2.8/forward': restore,
    'R2.9': announcer,
    'R2.9/title': announcer,
    'R2.9/heading': announcer,

    'C7.2': txt,
    'C7.2/own-origin': txt,
    'C7.2/text-suffix': txt,

    // C7.3 What a page-data request carries.
    'C7.3/target': E('passed', 'the request path names the target page', cite(ctx, 'txt')),
    'C7.3/current': E('passed', 'Next-Url carries the current path', cite(ctx, 'nextUrl')),
    'C7.3/router-state': E('passed', 'Next-Router-State-Tree carries the router state as URL-encoded JSON', cite(ctx, 'stateTree')),
    'C7.3/build-id': E('untested', 'x-deployment-id is sent only when deploymentId is configured, and the template configures none: no build identifier to observe', cite(ctx, 'deploymentId')),
    'C7.3': E('untested', 'the build-identifier part cannot be observed on the template (no deploymentId)', cite(ctx, 'deploymentId')),

    'C7.4': assets,
    'C7.4/scripts': assets,
    'C7.4/stylesheets': assets,

    // C7.5 Server functions (server delivery only).
    'C7.5': only(['server'], () => E('passed', 'a server action is a POST with Next-Action to the current URL', cite(ctx, 'action')), 'a static export cannot contain server functions'),

    // K9.1 Route-load timeout (Pages Router route loader).
    // The two sides of the 3.8 s boundary are its parts.
    'K9.1/loading-3.7': E('passed', 'the route loader\'s timeout has not fired at 3.7 s: the route load still waits for its held code', cite(ctx, 'timeout')),
    'K9.1/timed-out-3.9': E('passed', 'the route loader rejects after MS_MAX_IDLE_DELAY = 3800 ms and the router loads the page in full', cite(ctx, 'timeout')),
    'K9.1': E('passed', 'the Pages Router route loader gives up after MS_MAX_IDLE_DELAY = 3800 ms and loads the page in full', cite(ctx, 'timeout')),

    // K9.2 Retry on 5xx (server delivery only: a fallback page's data fetch after hydration).
    'K9.2': only(['server'], () => E('passed', 'the fallback page\'s data fetch right after hydration is fetchRetry(url, 3): retried while status ≥ 500', cite(ctx, 'retry')), 'a static export has no fallback pages, the one retried fetch'),

    // K9.3 Fresh for 30 s (spec/clauses.ts readings, settled on 14.2): page data the client holds,
    // prefetched or fetched by a navigation. Ways: /posts/1 prefetched from /posts (both modes);
    // server: /dynamic (force-dynamic) full-prefetched by /dynamic-hub, and fetched by a navigation
    // from /dynamic-direct (link not prefetched), at 29 s and, first use + 31 s, anew; static: /plain
    // fetched by a navigation from /no-prefetch, at 29 s.
    'K9.3/fresh-29': k93fresh(ctx),
    'K9.3/stale-31': only(['server'], () => E('passed', `the navigation's entry of the page rendered per request is fresh for staleTimes.dynamic (${ctx.dynamicStale} s) after its use and then expired, so it is fetched anew 31 s after its use (the hub's full prefetch, still kept at 31 s until staleTimes.static, is "not shown")`, cite(ctx, 'navEntry'), cite(ctx, 'firstUse'), cite(ctx, 'navExpired')), 'the part exists in server delivery only (no page is rendered per request in a static export)'),
    'K9.3': (() => {
      const f = k93fresh(ctx);
      if (f.verdict === 'failed') return E('failed', `fresh-29 fails: ${f.because}`, ...f.cite);
      return E('passed', server
        ? `page data is used at 29 s (prefetched and navigated), and the navigated data of the page rendered per request is fetched anew at 31 s`
        : 'the pre-rendered pages\' data, prefetched or fetched by a navigation, is used at 29 s', ...f.cite);
    })(),

    // K9.4 Expires after 5 min (prefetched static pages).
    'K9.4/kept-299': E('passed', ctx.v === '14.2'
      ? 'an auto prefetch is "stale" after 30 s but its first read still uses the prefetched data'
      : 'a pre-rendered page\'s prefetch stays reusable until the static stale time (300 s)', cite(ctx, 'staticStale')),
    'K9.4/expired-301': E('passed', 'after the static stale time (300 s) the entry is expired and fetched anew', cite(ctx, 'expiry')),
    'K9.4': E('passed', 'kept at 299 s, fetched anew at 301 s', cite(ctx, 'staticStale'), cite(ctx, 'expiry')),

    // K9.5 Prefetch concurrency.
    'K9.5': ctx.v === '16'
      ? E('failed', 'the segment-cache scheduler runs at most 4 prefetches at a time (12 for a hovered link)', cite(ctx, 'queue'))
      : E('passed', 'prefetches go through a PromiseQueue of 5', cite(ctx, 'queue')),
  };
  return rows;
}

/** The build contexts of versions.json's builds. */
export function contextOf(build: { version: string; mode: Mode; configFields: Record<string, unknown>; site?: SiteKind }): Ctx {
  const v = build.version as VersionKey;
  if (!(v in C.notFound)) throw new Error(`expected.ts has no expectations for version ${build.version}: add them (with citations) before adding the version to versions.json.`);
  const stale = (build.configFields.experimental as { staleTimes?: { dynamic?: number } } | undefined)?.staleTimes?.dynamic;
  const defaults: Record<VersionKey, number> = { '14.2': 30, '15.5': 0, '16': 0 };
  return { v, dynamicStale: stale ?? defaults[v], mode: build.mode, site: build.site ?? 'app' };
}
