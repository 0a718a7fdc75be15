import type { Mutant } from './model';
import { PAGES_CHUNK, NOT_PREFETCHED } from './anchors';

/** The mutants of: Preconditions removed: the clause must come out untested, never failed (joined in mutants/catalogue.ts). */
export const PRECONDITIONS: Mutant[] = [
  // ── Preconditions removed: the clause must come out untested, never failed ─────────────────
  {
    id: 'K9.1-link-removed', mode: 'static', declared: ['K9.1'], expected: { 'K9.1': 'untested' },
    zeroConfig: { expected: { 'K9.1': 'passed' }, because: 'discovery takes another Pages Router pair whose target\'s code the first page prefetched (/demos/retry → /demos/retry/prebuilt, its chunk named after the [slug] route): the route load held there gives up at 3.8 s' },
    description: 'The route-load-timeout page links to itself instead of its slow target: no route load can be held, so K9.1 is untested, not failed.',
    text: [
      { what: 'href of the link to the slow target (Pages Router chunk)', path: PAGES_CHUNK, kinds: ['js'], find: /href:"\/demos\/timeout\/target"/, replace: 'href:"/demos/timeout"', count: 1 },
      { what: 'href of the link to the slow target (pre-rendered HTML)', path: /^\/demos\/timeout\.html$/, kinds: ['html'], find: /href="\/demos\/timeout\/target"/, replace: 'href="/demos/timeout"', count: 1 },
    ],
  },

  {
    // A way the site does not offer is reported, not required (spec/clauses.ts, K9.3 readings): the
    // prefetched ways become untested, the data a navigation fetches still shows both sides of 30 s.
    id: 'K9.3-hub-not-prefetching', mode: 'server', declared: ['K9.3'], expected: { 'K9.3': 'passed' },
    description: 'The pages K9.3 starts its prefetched ways from no longer prefetch the pages it times (prefetch={false} on the dynamic hub\'s link and on /demos/links\' link to /demos/links/1): those ways are untested, but data a navigation fetches from /demos/no-prefetch still shows 29 s reused and 31 s fetched anew, so K9.3 stays passed.',
    probe: ['/demos/dynamic-hub', '/demos/links'],
    text: NOT_PREFETCHED,
  },
  {
    id: 'K9.3-no-held-data', mode: 'server', declared: ['K9.3'], expected: { 'K9.3': 'untested' },
    description: 'Nothing K9.3 could time is held: the prefetching links of /demos/dynamic-hub and /demos/links no longer prefetch, and /demos/no-prefetch no longer links to /demos/dynamic (its link goes to the hub): no prefetched data and no data fetched by a navigation of a page rendered per request, so K9.3 is untested, not failed.',
    probe: ['/demos/dynamic-hub', '/demos/links', '/demos/no-prefetch'],
    text: [
      ...NOT_PREFETCHED,
      { what: 'href of the link to the dynamic page (no-prefetch page HTML and flight data)', path: /^\/demos\/no-prefetch$/, kinds: ['html'], find: /(href=\\?"|\\"href\\":\\")\/demos\/dynamic(?=\\?")/, replace: '$1/demos/dynamic-hub', count: [2, Infinity] },
    ],
  },
];
