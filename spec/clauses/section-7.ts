import { S7, BOTH, type ClauseEntry } from './types';

/** The registry's clauses of the seed's section 7 (the calls it makes), joined in spec/clauses.ts. */
export const SECTION_7 = [
  {
    id: 'C7.1', title: 'Product API calls and answers', section: S7, kind: 'pending', modes: BOTH,
    quote: [
      'Product API calls: not shown. Method, path shape and payload shape of any product call: not shown.',
      'The server\'s answers to product requests: not shown.',
    ],
    hash: 'f56814b0df3ac1bc',
    questions: ['Which product calls does the site make (method, path, payload), and what do they answer?', 'What do server-function payloads carry?'],
    evidenceNeeded: ['A request log of the live site while a user completes each task, excluding page-delivery requests (page data, assets).'],
  },
  {
    id: 'I7', title: 'Page-delivery requests are not product calls', section: S7, kind: 'informative', modes: BOTH,
    quote: ['Only generic page-delivery requests are visible. They are not product calls:'],
    hash: 'f2762f17cfdeaea7',
  },
  {
    id: 'C7.2', title: 'Page data from own origin, with a text suffix', section: S7, kind: 'normative', modes: ['static'],
    scenarios: ['pageData'],
    inapplicableBecause: { server: 'In server delivery no page data carries a text suffix: the App Router asks for the page path itself, marked by an `_rsc` query and an `RSC: 1` header (answered text/x-component), and the Pages Router asks for /_next/data/<build>/<path>.json as it does everywhere. The text suffix is the form page data takes in a static export, so the clause is judged in static delivery; what a page-data request carries (C7.3) is checked in both.' },
    quote: ['The product fetches the data of a page from its own origin when navigating. It requests the page path with a text suffix,'],
    hash: '746da4caa8c0e5cf',
    howTested: 'Following a link to a page whose data is not cached (the profile\'s link without prefetch; focused and Enter, no hover) must send a GET to the same origin for the page path with a text suffix: /x → /x.txt and / → /index.txt (a cache-busting query is allowed). Every page-data request of that visit (prefetches included) is judged the same way, whatever its shape. The answer\'s status and type are advisory. Evidence: the page-data requests and answer headers.',
    readings: [
      'Judged: the page-data request a navigation makes goes to the site\'s own origin and asks for the page path with a text suffix (/x → /x.txt, / → /index.txt; a query is allowed). Every page-data request of a visit (prefetches included, Next 16\'s per-segment files /x/__next.<segments>.txt too) goes to the own origin with a .txt path. Request shapes are recognised in one place: conformance/harness/page-data.ts.',
      'A navigation that makes no page-data request of its own (its link was prefetched, or it was a whole-page load) has nothing to judge: untested, naming the profile\'s pageData pair. A visit with no page-data request at all: untested.',
      'Links are followed the way a keyboard user does (focused without scrolling, then Enter: the same click event, without a hover), because the Pages Router starts a prefetch on hover that ignores prefetch={false} and skips its own cache (observers/activate.ts activateLink).',
      'On a Pages Router page: a navigation to a page with getStaticProps or getServerSideProps fetches /_next/data/<build>/<path>.json — page data fetched when navigating, so it is judged: own origin as usual; the text suffix fails ("expected the page path with a text suffix (/x.txt); observed /_next/data/<build>/x.json"). A Pages Router page without data functions fetches only its script: nothing to judge (untested).',
      'Not stated, so advisory: the answer\'s status and content type.',
    ],
    parts: [
      { id: 'own-origin', text: 'The page data is fetched from the site\'s own origin when navigating.', subject: 'a page-data request made when navigating' },
      { id: 'text-suffix', text: 'It requests the page path with a text suffix.', subject: 'a page-data request made when navigating' },
    ],
  },
  {
    id: 'C7.3', title: 'What a page-data request carries', section: S7, kind: 'normative', modes: BOTH,
    scenarios: ['pageData', 'prefetch', 'prefetchedLink'],
    quote: ['and sends the target address, the current address, the router state and the build identifier.'],
    hash: '596de23ced67a056',
    howTested: 'The page-data request must carry the current address (Next-Url = the path navigated from), the router state (Next-Router-State-Tree, URL-encoded JSON that parses), the target (its request path) and a build identifier identical on every request of one build and different from another build\'s. Advisory: an answer taken from another build makes the client fall back to a full page load (and the same swap with this build\'s own answer does not). Three ways to a navigation whose data is not held, each judged: the profile\'s link that is not prefetched; a prefetched link followed 301 s after its prefetch on a fake clock; a link whose prefetches the harness failed. Evidence: the request headers, the injected condition and the document requests seen.',
    readings: [
      'Each of the four things sent is a part. Target: the request names the page navigated to (its path, in any page-data form). Current address: a header names the path navigated from (Next-Url). Router state: a header carries it as URL-encoded JSON (Next-Router-State-Tree).',
      'Build identifier: recognised in a header or query parameter the profile names (default x-deployment-id, x-build-id, x-nextjs-deployment-id; dpl) or in a /_next/data/<build>/ path. A request with none of them is untested for this part (the site may send it under a name the profile does not give), not failed. Within one build, requests that carry one carry the same value, and a navigation\'s request without it while the others carry it fails. With another build given (--other-build), the identifiers must differ between builds, and a build that sends none where the other build of the same site sends one fails the part.',
      'Not stated, so advisory: what the client does with page data from another build (a full page load is usual).',
      'Links are followed the way a keyboard user does (focused without scrolling, then Enter: the same click event, without a hover), because the Pages Router starts a prefetch on hover that ignores prefetch={false} and skips its own cache (observers/activate.ts activateLink).',
      'Which navigation: one whose data is not held, so it fetches its own. Where the profile names no link the framework leaves unprefetched (pageData), the harness makes a prefetched link\'s data expire itself: on a fake clock it follows the first link the prefetch page prefetched (`prefetchedLink`, else the profile\'s `prefetch` page) 301 s after that prefetch, past the 5 minutes the spec keeps prefetched data, and judges that navigation\'s own page-data request (not a prefetch), naming the moved clock in the evidence. A navigation that then fetches nothing of its own (the Pages Router keeps its data with no time limit) leaves that way untested. A third way, for a router that keeps prefetched data for good: the harness fails every prefetch request of that page (net::ERR_FAILED, a failure a real network gives; never the navigation\'s own request), follows the first link it prefetched, and judges the navigation\'s own page-data request, naming the failed prefetches in the evidence. The Pages Router drops a prefetch that failed and fetches the data on the click (next@14.2.35 dist/shared/lib/router/router.js:350-352 deletes the cached entry of a fetch that failed; seen on 14.2); 14.2\'s App Router loads the target as a whole page after a failed prefetch (14.2.35 dist/client/components/router-reducer/fetch-server-response.js:111-120): 15.5.29\'s static export loads the failed prefetch\'s own address (/<path>.txt) as the document; that way is then untested, the site having no such navigation; 16.4.6\'s fetches the data on the click (seen on the ordinary App Router site), judged like the others.',
'On a Pages Router page: the data request /_next/data/<build>/<path>.json names the target in its path and carries the build identifier in it (both judged, and passed when the other build\'s differs); it sends no current address (only the browser\'s own Referer, which a Referrer-Policy may remove) and no router state, so those parts fail, expected vs observed.',
    ],
    parts: [
      { id: 'target', text: 'sends the target address', subject: 'a page-data request made by a navigation' },
      { id: 'current', text: 'the current address', subject: 'a page-data request made by a navigation' },
      { id: 'router-state', text: 'the router state', subject: 'a page-data request made by a navigation' },
      { id: 'build-id', text: 'and the build identifier', subject: 'a page-data request carrying a build identifier' },
    ],
  },
  {
    id: 'C7.4', title: 'Script and stylesheet assets', section: S7, kind: 'normative', modes: BOTH,
    scenarios: ['navigation', 'pageData', 'sitePages'],
    quote: ['It loads script and stylesheet assets.'],
    hash: 'efe7fac61060a36f',
    howTested: 'A first load of pages the profile names must fetch scripts and stylesheets, all answered 2xx with JavaScript / CSS content types. Evidence: the asset list with statuses and content types, and every other request (other origins, images) listed but not judged.',
    readings: [
      'Judged: a first load (fresh browser context) of pages the profile names — the first page of the navigation chain and the page-data target — and every listed page (sitePages) loads at least one script and one stylesheet, each answered 2xx with a JavaScript / CSS content type (what makes them usable as such).',
      'The site\'s delivery only: an asset the page asks the site\'s origin for (or the origin its asset prefix names, a CDN behind assetPrefix) is judged; another origin\'s (an analytics script, an embed) is no observation of the site\'s page delivery — listed apart as loaded, failed or unreachable, never the site\'s failure. Pages whose only scripts come from other origins leave the part untested.',
      'What the browser got is judged: a redirect by the end of its chain (the hop is listed, not judged); a revalidated answer (the server said 304 Not Modified, which need carry no Content-Type, RFC 9110 15.4.5) by the cached answer the page used, its status and headers. The every-page evidence gives each judged asset\'s status, content type and how it came (network, cache, revalidated).',
      'Only the site\'s own pages are evidence: a page a scenario names that answers an error status where it must exist, or that is another server\'s page (no script under the site\'s asset prefix, no framework bootstrap data: a host\'s own 404, a proxy\'s error page), leaves the test untested, naming the page and what it answered — never failed (observers/site-page.ts; the pre-flight says the same).',
      'Not stated, so not judged: what else the page fetches (images, fonts) — listed as evidence only.',
      'On a Pages Router page: read the same way (its scripts from the asset prefix, the stylesheets _app imports).',
      '"It loads … stylesheet assets" says stylesheets exist: a first load of the site\'s own pages (shown to be its own) that loads none contradicts it (failed, naming the pages). "Every stylesheet is answered as CSS" over pages that load none has no subject (untested), as any part observed zero times.',
    ],
    parts: [
      { id: 'scripts', text: 'It loads script assets.', subject: 'a script loaded by a page of the site' },
      { id: 'stylesheets', text: 'It loads stylesheet assets.', subject: 'a stylesheet loaded by a page of the site' },
    ],
  },
  {
    id: 'C7.5', title: 'Server-function calls posted to the current path', section: S7, kind: 'normative', modes: ['server'],
    scenarios: ['serverFunction'],
    inapplicableBecause: { static: 'A static export cannot contain server functions: Next.js refuses to build one ("Server Actions are not supported with static export").' },
    quote: ['Server-function calls are posted to the current path. Their payloads are not shown.'],
    hash: '47d4d03024ce0721',
    howTested: 'Submitting the profile\'s server-function form must POST to the current page\'s path on the same origin with a server-action identifier header, and update the page without a reload. The payload is recorded as evidence, not asserted (the spec does not show it).',
    readings: [
      'A server-function call is recognised by its server-action identifier header (Next-Action). Judged: it is a POST to the current page\'s path on the site\'s origin. A submit that sends no POST, or a POST without that header, is not a recognisable server-function call: untested, naming the profile\'s serverFunction scenario.',
      'Not stated, so advisory: that the page updates in place without a reload.',
      'On a Pages Router page: there are no server functions (they belong to the App Router): a site that is only Pages Router has none, and the clause is untested when the profile names none.',
    ],
    subject: 'a server-function call (a POST carrying Next-Action) from a page of the site',
  },
] as const satisfies readonly ClauseEntry[];
