import { S8, S9, BOTH, type ClauseEntry } from './types';

/** The registry's clauses of the seed's sections 8 (the error catalogue) and 9 (business constants and limits), joined in spec/clauses.ts. */
export const SECTIONS_8_AND_9 = [
  {
    id: 'X8', title: 'Product error catalogue', section: S8, kind: 'pending', modes: BOTH,
    quote: ['Product error codes and messages: not shown. Only the generic texts in point 2 are visible. The product\'s own error handling is not shown.'],
    hash: '45b1a379a771849e',
    questions: ['Which error codes and messages does the product define, and when is each shown?', 'How does the product handle its own errors (inline, toast, page)?'],
    evidenceNeeded: ['The product\'s error responses and messages, collected while provoking each failure on a staging copy.'],
  },
  {
    id: 'K9.0', title: 'Product limits', section: S9, kind: 'pending', modes: BOTH,
    quote: ['Product limits: not shown.'],
    hash: '223ba4816cb05fe3',
    questions: ['Which business limits apply (sizes, quotas, rates, time windows)?'],
    evidenceNeeded: ['Limits stated by the owner, or observed on the live site by approaching each one.'],
  },
  {
    id: 'K9.1', title: 'Route load times out after 3.8 s', section: S9, kind: 'normative', modes: BOTH,
    scenarios: ['routeLoadTimeout'],
    quote: ['A route load times out after 3.8 seconds.'],
    hash: 'd9ff3182a2f1c862',
    howTested: 'On a fake clock, a client navigation to a route whose code is held (the profile\'s Pages Router target; its own chunk held from before the page loads): part loading-3.7: at 3.7 s the old page stays and no document request was made; part timed-out-3.9: by 3.9 s the browser has requested the target as a document (a full page load). Evidence: the clock times and the request log.',
    readings: [
      'The two sides of the 3.8 s boundary are the parts: at 3.7 s nothing has replaced the page (loading-3.7); by 3.9 s the browser has given up waiting and loads the target as a whole page (timed-out-3.9, looked for during 10 s of real time after the page\'s clock passed 3.9 s). Judged on a client navigation whose route code is held.',
      'Which code is held: the target\'s own chunk (the one its HTML names after the page, else one the HTML of `from` does not name), held from before `from` loads, so a prefetch of it cannot complete either; the link is followed by focus and Enter (a hover would start a prefetch of its own). The evidence names the held script and how often it was asked for before and after the click. Without such a chunk every script asked for after `from` has loaded is held. A prefetched link is a subject like any other: Next.js 16.4 never gives up on such a route (docs/implementations.md, "Reachable from outside"), which fails the clause on that site.',
      'A navigation that loads no new script cannot show the timeout: untested, asking for a Pages Router pair whose target needs its own chunk.',
      'On a Pages Router page: this is the Pages Router\'s own route loader (MS_MAX_IDLE_DELAY = 3800 ms); the App Router has no route-load timeout, so the profile names a Pages Router pair (routeLoadTimeout) on any site.',
    ],
    parts: [
      { id: 'loading-3.7', text: 'A route load still waited for 3.7 s after it started (before 3.8 s).', subject: 'a client navigation whose route code was held for 3.7 s' },
      { id: 'timed-out-3.9', text: 'A route load given up by 3.9 s after it started (after 3.8 s).', subject: 'a client navigation whose route code was held past 3.9 s' },
    ],
  },
  {
    id: 'K9.2', title: 'Page-data fetches retried on 5xx', section: S9, kind: 'normative', modes: ['server'],
    scenarios: ['retry'],
    inapplicableBecause: { static: 'In static delivery the framework makes no page-data fetch that it retries: page data is pre-rendered, the one retried fetch (a not pre-rendered fallback page) cannot be exported, and an ordinary navigation whose data answers 5xx makes one attempt and then a full page load (App Router and Pages Router alike).' },
    quote: ['Page-data fetches are retried on server errors (5xx). The number of retries is not shown.'],
    hash: 'ec40df9a4118d052',
    howTested: 'The page-data fetch that the client makes after loading a not pre-rendered page is answered 5xx by the harness itself (page.route, only for a fresh slug\'s data: the site\'s own answers are never changed) once, then twice (a property over 500–599); it must be requested again before the client gives up. Advisory: the page then renders without a full reload; a 4xx is not retried. The number of attempts is recorded, not asserted. Evidence: each attempt with the injected condition ("answered 500 by the harness, attempt 1 of 2"; "passed on to the site, attempt 2 of 2").',
    readings: [
      'Judged: a page-data fetch answered 5xx (500 once, 500 twice, and 502, 503, 504, 599) is requested again by the same page before the client gives up — a whole-page load, or no new attempt within 10 s, contradicts. The number of attempts is recorded, not asserted. A page that makes no page-data fetch after loading cannot show it: untested.',
      'Not stated, so advisory: that the page then renders its data without a reload; that a 4xx is not retried; how many times a fetch answered 503 every time is tried.',
      'Which fetch is judged, and why: the one the framework retries. The Pages Router\'s data fetch goes through fetchRetry(dataHref, isServerRender ? 3 : 1), and isServerRender is true only for the fetch right after hydration of a page not pre-rendered (getStaticPaths fallback: true; its query update is not shallow), false for every navigation once one has started (next@15.5.29 dist/shared/lib/router/router.js:283, :599-601, :1189, :1306; dist/client/index.js:92-104; 14.2.35 router.js:275, :535, :1101, :1214). An ordinary navigation\'s page-data fetch answered 5xx is tried once, in both routers, and the page is then loaded in full (Pages Router: the error is marked an asset error, router.js:346-347 and :1108; App Router: a non-OK answer is a full page load, dist/client/components/router-reducer/fetch-server-response.js:123-128, 14.2.35 :91-96). Read against the seed\'s origin (14.2, which shows every rule), that full load is the framework giving up, not a retry and not a contradiction: a site whose runtime fetches page data only on navigation has no subject (untested, saying so), and the harness never judges the clause on such a fetch.',
      'The harness causes the server error itself, on the site\'s own page-data request for a fresh slug, and passes every later attempt on to the site; no page or file of the site is changed or asked for a failure.',
      'On a Pages Router page: this is the Pages Router\'s own retried fetch (fetchRetry(…, 3) of a fallback page\'s data right after hydration, above); the App Router retries no page-data fetch, so the profile names a Pages Router page (retry) on any site.',
    ],
    subject: 'a page-data fetch of the site answered 5xx',
  },
  {
    id: 'K9.3', title: 'Prefetched data fresh for 30 s', section: S9, kind: 'normative', modes: BOTH,
    scenarios: ['freshness', 'dynamicFreshness', 'pageData'],
    quote: ['Prefetched page data counts as fresh for 30 seconds'],
    hash: '97892ab740a0ede2',
    howTested: 'On a fake clock, page data the client holds is used again at a known age. Two ways to hold it: (a) prefetched — the page-data requests for the target that the profile\'s page makes before any click, awaited on a paused clock (freshness: a pre-rendered page, both modes; dynamicFreshness.hub: a page rendered per request, server); (b) fetched by a navigation — the profile\'s link that is not prefetched is activated by keyboard (focus and Enter, no hover), its data request answered, history Back, and the link activated again (dynamicFreshness.from → page in server mode, pageData in static mode). At 29 s after the prefetch or the first use, no page-data request may be made (fresh-29). In server mode, 31 s after the first use of data a navigation fetched for a page rendered per request, the data must be fetched anew (stale-31); the prefetched page at 31 s is observed as well. Evidence: clock times, the prefetch and page-data requests, the data answer\'s cache-control.',
    readings: [
      'Settled against the seed\'s origin, Next.js 14.2: "prefetched page data" is the client\'s page-data cache, which 14.2 calls its prefetch cache and which holds prefetched entries and entries made by a navigation alike; an entry counts as fresh for 30 s (staleTimes.dynamic) from its prefetch, or from its use once a navigation used it (14.2 and 15.5 mark that use once, so it is the first use); past 30 s only prefetched entries are kept, until their 5-minute expiry (K9.4), and an entry made by a navigation is expired and fetched anew (next/dist/client/components/router-reducer/prefetch-cache-utils.js getPrefetchEntryCacheStatus; navigate-reducer.js).',
      'Fresh, strict side (fresh-29, both modes): page data the client holds, prefetched or fetched by an earlier navigation, is used by a navigation 29 s after its prefetch or its use without a page-data request or a whole-page load. Ways (any one that observes it, none contradicting): prefetched data (a pre-rendered page; in server mode also a page rendered per request, full prefetch), aged from the prefetch request; data fetched by a navigation, aged from the click that fetched it, on a page reached by a link that is not prefetched (server mode: a page rendered per request; static mode: a pre-rendered page). A prefetched target fetched again at 29 s contradicts only if a control shows the prefetch held the data (an automatic prefetch of a page rendered per request holds only its loading shell: untested). A link activated without hover (focus and Enter): a hover prefetches in some routers even where the link says prefetch={false}. No prefetch, or no data fetched by the first navigation: that way is untested, naming the fix.',
      'No longer fresh (stale-31, server mode, required): data a navigation fetched for a page rendered per request (its data answer says so: cache-control no-store or private) is fetched anew by a navigation 31 s after its use; using it then contradicts the clause. Ways: that navigated data (the one that can contradict); prefetched data of a page rendered per request, which passes the part when fetched anew at 31 s (the control shows the prefetch held the data). Not shown (inapplicable), never failed: prefetched data, or a pre-rendered page, still used at 31 s — the same sentence keeps prefetched data until it "expires after 5 minutes" (K9.4), and Next.js 15.5 makes every pre-rendered answer a full entry kept that long. Static delivery has no page rendered per request, so the part exists in server mode only; there the 30 s boundary is shown by the 29 s side alone.',
      'One use per run: the 31 s side is a fresh browser run with a single first use, so a framework that counts from the last use and one that counts from the first agree on it.',
      'On a Pages Router page: the data of getStaticProps pages, prefetched when a link comes into view or fetched by a navigation, is kept with no time limit (used at 29 s); the data of a getServerSideProps page is never prefetched and is dropped right after the navigation that used it, so it is fetched anew at 29 s as at 31 s: fresh-29 fails in server delivery and stale-31 passes. The link is activated without a hover (a hover skips the cache: optimisticClientCache); the background HEAD the Pages Router sends after a getStaticProps navigation is not a fetch (conformance/observers/page-data.ts).',
    ],
    parts: [
      { id: 'fresh-29', text: 'Page data the client holds (prefetched, or fetched by an earlier navigation) is used without a new request 29 s after its prefetch or use.', subject: 'a navigation 29 s after the prefetch or first use of page data the client held' },
      { id: 'stale-31', text: 'Page data a navigation fetched for a page rendered per request no longer counts as fresh 31 s after its use: a navigation then fetches it anew.', modes: ['server'], subject: 'a navigation 31 s after the first use of data fetched for a page rendered per request (or after a prefetch that held such data)' },
    ],
  },
  {
    id: 'K9.4', title: 'Prefetched data expires after 5 min', section: S9, kind: 'normative', modes: BOTH,
    scenarios: ['prefetch', 'prefetchedLink'],
    quote: ['and expires after 5 minutes.'],
    hash: 'db37feb9cb7136c6',
    howTested: 'On a fake clock, a prefetched static page navigated to at 299 s sends no page-data request; at 301 s its data is fetched anew. Links are followed with focus and Enter (no hover). When a navigation fetches the data, a control loads the page again and navigates right after the prefetch. Evidence: clock times, page-data requests and the control.',
    readings: [
      'Judged at both sides: a page prefetched 299 s ago is navigated to without a new page-data request (kept-299); at 301 s its data is fetched anew (expired-301). Prefetch requests of any framework shape count (.txt, ?_rsc=, per-segment __next.*.txt files and HEAD checks, /_next/data/<build>/x.json with Purpose: prefetch, mapped to their page by conformance/observers/page-data.ts). The page is the first one the prefetch page links to and prefetched (`prefetchedLink`: a page that prefetches a link of its own, App Router first; one prefetched link is a subject, the six of K9.5\'s page are not needed; a profile without it gives its `prefetch` page) (on a paused clock, once all its prefetch requests are answered); a page that prefetches none of its links: untested.',
      'A request at either age speaks of the prefetch only if the prefetch held the data: when a navigation fetches, a control loads the page again and navigates right after the prefetch; if even that fetches, there was no held prefetch to time (untested, never passed or failed). So a fetch at 299 s fails kept-299 and a fetch at 301 s passes expired-301 only next to a control that used the data; data still used at 301 s fails expired-301.',
      'Links are followed the way a keyboard user does (focused without scrolling, then Enter: the same click event, without a hover), because the Pages Router starts a prefetch on hover that ignores prefetch={false} and skips its own cache (observers/activate.ts activateLink).',
      'On a Pages Router page: only pages with getStaticProps are prefetched with their data, and the Pages Router keeps that data with no time limit: kept-299 passes, expired-301 fails (observed with the keyboard; a hovered link would be prefetched anew at any age).',
    ],
    parts: [
      { id: 'kept-299', text: 'Prefetched data is still used 299 s after the prefetch.', subject: 'a navigation to prefetched page data 299 s after the prefetch' },
      { id: 'expired-301', text: 'Prefetched data is fetched anew 301 s after the prefetch.', subject: 'a navigation to prefetched page data 301 s after the prefetch' },
    ],
  },
  {
    id: 'K9.5', title: 'Prefetching runs 5 requests at a time', section: S9, kind: 'normative', modes: BOTH,
    scenarios: ['prefetch'],
    quote: ['Prefetching runs 5 requests at a time.'],
    hash: '8c603fcf6d20a891',
    howTested: 'With ≥ 8 prefetchable links in view and every prefetch answer held, the number of prefetch requests in flight (from start until the answer arrives) must reach exactly 5 and never more; releasing one answer lets exactly one more start. Evidence: the in-flight timeline.',
    readings: [
      '"5 requests at a time" is judged with every prefetch answer held: while prefetches of more pages are waiting, exactly 5 prefetch requests are in flight, never more, and each released answer lets exactly one more start. Every prefetch request counts, whatever its shape (Next 16\'s HEAD checks and per-segment files included), from its start until its answer arrives.',
      'The subject is more prefetch requests than the limit: a page whose prefetches all start at once with no page left waiting, or that starts 5 or fewer in all, cannot show the limit: untested.',
      'The window is the harness\'s to choose: the page is opened in a 1280×2880 window, named in the evidence, so the links of an ordinary page (below the default window\'s fold too, and outside <main>) are in view at its load; every prefetch they start counts.',
      'On a Pages Router page: there is no queue — each Link in view prefetches at once (with getStaticProps: /_next/data/<build>/x.json, Purpose: prefetch). With more than 5 started, all in flight together, that contradicts the clause (failed). Without getStaticProps the Pages Router prefetches only scripts (<link rel=prefetch>, not counted): untested.',
    ],
    subject: 'prefetch requests of the site, more than 5 in all',
  },
] as const satisfies readonly ClauseEntry[];
