/**
 * The clause registry: the seed spec (spec/seed-spec.md) cut into clauses with stable IDs.
 *
 * This file is the one machine-readable source. spec/spec.md is generated from it
 * (`npm run spec:generate`) and a unit test fails when the two drift, when a quote is no
 * longer found verbatim in the seed, or when a quote's hash changes (a changed spec flags
 * the clause's tests for review). IDs are fixed: never renumber them.
 */

export interface ClausePart {
  /** Stable within the clause; reports show `<clause>/<part>`. */
  id: string;
  text: string;
  optional?: boolean;
  /** Modes the part exists in (default: every mode of the clause). */
  modes?: readonly Mode[];
  /** What must be observed at least once for the part to pass (a pass needs its subject). */
  subject?: string;
}

export type ClauseKind = 'normative' | 'pending' | 'informative';
/** The delivery modes: the one definition every folder uses. */
export type Mode = 'static' | 'server';
export const MODES: readonly Mode[] = ['static', 'server'];

export interface Clause {
  id: string;
  title: string;
  /** Section of the seed spec, e.g. "2. Screens and routes". */
  section: string;
  /** Verbatim fragments of the seed spec; each must be found in it as written. */
  quote: readonly string[];
  /** sha256 (first 16 hex digits) of quote.join('\n'); checked by a unit test. */
  hash: string;
  kind: ClauseKind;
  /** Delivery modes the clause applies to. Outside them its verdict is `inapplicable`. */
  modes: readonly Mode[];
  /** Why a mode is left out (shown in the report for inapplicable verdicts). */
  inapplicableBecause?: Partial<Record<Mode, string>>;
  /** How the clause is tested and what evidence the report keeps (normative clauses). */
  howTested?: string;
  /**
   * How the text was read where it needs reading: what is judged, and what is only reported as
   * advisory because the spec does not state it. Shown to auditors next to the verdict.
   */
  readings?: readonly string[];
  /**
   * The parts of a clause that are observed separately. The clause passes only when every part
   * that applies in the mode was observed and passed; an optional part cannot fail by being absent.
   */
  parts?: readonly ClausePart[];
  /** Pending clauses: what would settle them, and what to look for on the real site. */
  questions?: readonly string[];
  evidenceNeeded?: readonly string[];
}

const S1 = '1. What the product does and for whom';
const S2 = '2. Screens and routes';
const S3 = '3. Entities and their fields';
const S4 = '4. States and transitions';
const S5 = '5. Validation rules';
const S6 = '6. Roles and permissions';
const S7 = '7. The calls it makes';
const S8 = '8. The error catalogue';
const S9 = '9. Business constants and limits';
const BOTH: readonly Mode[] = ['static', 'server'];

/**
 * `as const`: the IDs, kinds and part IDs stay literal types, so ClauseId, NormativeClauseId and
 * PartId below are derived from this list and the compiler checks every place that names one.
 */
const REGISTRY = [
  {
    id: 'P1', title: 'Purpose and users', section: S1, kind: 'pending', modes: BOTH,
    quote: ['Purpose: not shown. Users: not shown.'],
    hash: '0dd878fdbc588516',
    questions: [
      'What is the site for, and who uses it?',
      'Which user goals must a visitor be able to complete?',
    ],
    evidenceNeeded: [
      'The live site\'s home page and navigation, read as a visitor.',
      'Any product documentation, analytics segments or support contacts that name the audience.',
    ],
  },
  {
    id: 'I1', title: 'Icons hint at an informational site (unconfirmed)', section: S1, kind: 'informative', modes: BOTH,
    quote: ['The only hint is a set of icons for contact, location, social links and a menu, which suggests an informational or marketing-style site. This is not confirmed, so it must not be treated as fact.'],
    hash: '0e756474db118fcc',
  },
  {
    id: 'R2.1', title: 'Product routes and screens', section: S2, kind: 'pending', modes: BOTH,
    quote: ['Product routes: not shown. Route parameters: not shown. Screens and what a user can do on them: not shown.'],
    hash: '63bf63a9c94efc73',
    questions: [
      'Which routes does the product have, and which of them take parameters?',
      'What can a user do on each screen?',
    ],
    evidenceNeeded: [
      'A crawl of the live site\'s internal links (paths only), and its sitemap if it has one.',
      'The build\'s route manifest, if the owner can share it.',
    ],
  },
  {
    id: 'R2.2', title: 'Not-found page', section: S2, kind: 'normative', modes: BOTH,
    quote: ['Not-found page: shows the heading 404 and the message "This page could not be found."'],
    hash: 'b1ade8d6e6884340',
    howTested: 'Part direct: the profile\'s unknown paths (top level, nested, with a query, with unicode) are loaded directly; part link: an in-site link to a missing page is clicked. Each page must show a heading "404" and the text "This page could not be found."; the HTTP status (404 expected) is an advisory. Evidence: statuses and headings read, the request log, a screenshot.',
    readings: [
      'Judged: the page shown for an unknown path (loaded directly, or reached by an in-site link to a missing page) has a heading "404" and the text "This page could not be found.".',
      'Not stated, so advisory: the HTTP status of that answer (404 is usual, but the spec names only what the page shows).',
    ],
    parts: [
      { id: 'direct', text: 'An unknown path loaded directly shows the heading 404 and the message.' },
      { id: 'link', text: 'An in-site link to a missing page ends on a page with the heading 404 and the message.' },
    ],
  },
  {
    id: 'R2.3', title: 'Generic error page titles by status code', section: S2, kind: 'normative', modes: BOTH,
    quote: [
      'Generic error page: its title depends on the status code.',
      '| 400 | Bad Request |',
      '| 404 | This page could not be found |',
      '| 405 | Method Not Allowed |',
      '| 500 | Internal Server Error |',
      '| any other | An unexpected error has occurred |',
    ],
    hash: '517cb863aec1dcbf',
    howTested: 'One test per row: the profile\'s status page for 400, 404, 405 and 500, and for every other code it names (e.g. 418, 503), must show the code and the row\'s title and no other title of the table; the document title carrying both is advisory. A row the profile names no page for stays untested, so the clause is untested. In server mode the profile\'s real requests (a malformed URL, a POST to a static page, an unknown path, a page whose data fetching throws) are sent; an answer with an error status that shows a status code is judged against the row of the status it answered; which status that was (400, 405, 404, 500 usual) is advisory. Evidence: statuses, headings and titles read, screenshots.',
    readings: [
      '"Title" is read as the title the error page shows (its heading text), not the document <title>; the document title carrying it is advisory.',
      'Judged: a generic error page for a status code shows that code and the table\'s title for it (a closing full stop allowed) and no other title of the table. Each row of the table is a part.',
      'Real answers (server delivery): the spec does not say which requests answer 400, 405 or 500. Where the profile names a request that answers with an error status and the answer is a generic error page (it shows a status code), its title is judged against the status actually answered; which status it was is only recorded.',
      'A row the profile gives no page for, or whose page is missing (it answers 404 with the not-found page) or shows no generic error page, is untested: a precondition, not a contradiction.',
    ],
    parts: [
      { id: '400', text: '| 400 | Bad Request |' },
      { id: '404', text: '| 404 | This page could not be found |' },
      { id: '405', text: '| 405 | Method Not Allowed |' },
      { id: '500', text: '| 500 | Internal Server Error |' },
      { id: 'other', text: '| any other | An unexpected error has occurred |' },
    ],
  },
  {
    id: 'R2.4', title: 'No status code: client-side application error', section: S2, kind: 'normative', modes: BOTH,
    quote: ['With no status code, the page shows a client-side application error.'],
    hash: '5c06292e8949e7f3',
    howTested: 'A client-side exception is triggered on the profile\'s page (e.g. a Pages Router page that throws on a click). The page must then show a client-side application error and no status heading. If no exception is seen in the browser (no page error or console error) and no error text appears, the test is untested. Evidence: screenshot, the headings and the console errors seen.',
    readings: [
      'Judged: after an exception in the browser on a page with no status code, the page shows a text naming a client-side application error ("Application error: a client-side exception has occurred", with or without more words) and no status-code heading.',
    ],
  },
  {
    id: 'R2.5', title: 'Global failure page and digest line', section: S2, kind: 'normative', modes: BOTH,
    quote: ['A global failure page reads: "Application error: a server-side (or client-side) exception has occurred (see the server logs / browser console for more information)." It may add a digest line.'],
    hash: '8336786d9acec1a0',
    howTested: 'Part client: a render error thrown in the browser must give exactly the line "Application error: a client-side exception has occurred (see the browser console for more information)."; a digest line there is an advisory. Part server (server mode): a page that throws while rendering on the server must give exactly "Application error: a server-side exception has occurred (see the server logs for more information)."; part digest: when a "Digest:" line is shown, it must be the next line and read "Digest: <non-empty>". Evidence: screenshot, the lines read, the HTTP status.',
    readings: [
      'The quoted sentence is read as two texts: "… a server-side exception has occurred (see the server logs for more information)." and "… a client-side exception has occurred (see the browser console for more information)."; each must be shown exactly, as one line.',
      'A text with more words (e.g. "… while loading <host> …") contradicts the spec\'s wording and fails the part.',
      '"It may add a digest line" is an optional part: absent it cannot fail; present, it must read "Digest: <value>" right after the text. It is observed on the server-side failure page; whether a client-side failure shows one is advisory.',
    ],
    parts: [
      { id: 'client', text: 'Application error: a client-side exception has occurred (see the browser console for more information).' },
      { id: 'server', text: 'Application error: a server-side exception has occurred (see the server logs for more information).', modes: ['server'] },
      { id: 'digest', text: 'It may add a digest line.', optional: true, modes: ['server'] },
    ],
  },
  {
    id: 'R2.6', title: 'Route groups stay out of the address', section: S2, kind: 'normative', modes: BOTH,
    quote: ['Path segments written in parentheses are route groups and do not appear in the address.'],
    hash: '966ef501e13fb8d7',
    howTested: 'While visiting and navigating the profile\'s pages, no address shown by the browser, no same-origin link href and no page-data request URL has a path segment in parentheses; pages the profile says live in a group answer at their address without it (when neither that address nor the one with the group answers, the profile\'s page is missing: untested). That the address with the group inserted answers 404 is advisory. Evidence: the list of addresses, hrefs, request URLs and statuses checked.',
    readings: [
      'Judged (part "addresses"): no address the browser shows, no same-origin link href and no page-data request URL seen while visiting the profile\'s pages — and every page of `sitePages` when the profile (or discovery) lists them — has a path segment in parentheses.',
      'Part "grouped-pages" (optional: only the site\'s authors know its folders): a page the profile says lives in a group answers at its address without the group.',
      'Not stated, so advisory: that the address with the group segment inserted answers 404.',
    ],
    parts: [
      { id: 'addresses', text: 'Path segments written in parentheses … do not appear in the address (nor in links or page-data requests).' },
      { id: 'grouped-pages', text: 'A page inside a route group is reached at its address without the group.', optional: true },
    ],
  },
  {
    id: 'R2.7', title: 'Navigation without full page reloads', section: S2, kind: 'normative', modes: BOTH,
    quote: ['Navigation works without full page reloads.'],
    hash: 'd4ab8824dae9c50f',
    howTested: 'A JavaScript marker is set on the first page; clicking internal links (once, and three times in a row) must change the address and the content with no document request and the marker intact. Evidence: the request log (no document requests after the first).',
    readings: [
      'Judged: a click on an internal link changes the address and the content with no document request and the page\'s JavaScript realm intact.',
    ],
  },
  {
    id: 'R2.8', title: 'Back and forward restore the earlier view', section: S2, kind: 'normative', modes: BOTH,
    quote: ['Back and forward restore the earlier view.'],
    hash: '865f4b51aa9a4ce1',
    howTested: 'After A (scrolled down) → B, part back: Back shows A\'s content at A\'s scroll position; part forward: Forward shows B\'s content. Whether either makes a document request or reloads the page is advisory. Evidence: scroll positions read and the request log.',
    readings: [
      '"The earlier view" is read as the page\'s content and, for Back, its scroll position.',
      'Not stated, so advisory: whether Back/Forward make a document request or reload the page (R2.7 judges reloads on navigation).',
    ],
    parts: [
      { id: 'back', text: 'Back restores the earlier page\'s content and scroll position.' },
      { id: 'forward', text: 'Forward restores the next page\'s content.' },
    ],
  },
  {
    id: 'R2.9', title: 'Route announcer', section: S2, kind: 'normative', modes: BOTH,
    quote: ['After each navigation, an announcement for assistive technology reads the page title or, if none, the first heading.'],
    hash: '59fbd97789b2dd8a',
    howTested: 'Live regions (aria-live, role alert/status/log), open shadow roots included, are read after client navigations: part title: after a navigation to the profile\'s titled page a live region holds its document title; part heading: after a navigation to its untitled page (document title empty, else untested) a live region holds its first heading; along the navigation chain each step counts for the branch it shows. Nothing announced on first load is advisory. Evidence: the announced texts and live regions.',
    readings: [
      '"The page title" is read as the document title; "if none" as a page whose document title is empty.',
      'Judged per branch: after a navigation to a titled page a live region holds its title; to an untitled page, its first heading.',
      'Not stated, so advisory: that nothing is announced on first load.',
      'A navigation whose title (or, without one, first heading) is the same as the page before is not judged: a live region need not repeat an unchanged text. A titled page whose title equals the start page\'s leaves the title branch untested.',
    ],
    parts: [
      { id: 'title', text: 'After a navigation, the announcement reads the page title.' },
      { id: 'heading', text: 'If the page has no title, the announcement reads the first heading.' },
    ],
  },
  {
    id: 'E3', title: 'Entities and their fields', section: S3, kind: 'pending', modes: BOTH,
    quote: ['## 3. Entities and their fields', 'Not shown.'],
    hash: '0d405e0933b8f84b',
    questions: ['Which entities does the product manage, with which fields and types?', 'Which fields are required, unique or derived?'],
    evidenceNeeded: ['Forms and detail screens of the live site, or its data model / API schema from the owner.'],
  },
  {
    id: 'S4', title: 'States and transitions', section: S4, kind: 'pending', modes: BOTH,
    quote: ['Not shown. No product state or transition is visible.'],
    hash: '566f9cab8ee51567',
    questions: ['Do any entities have a life cycle (draft, published, archived …)?', 'Which actions move them between states, and who may take them?'],
    evidenceNeeded: ['Status labels and action buttons on the live site, observed before and after each action.'],
  },
  {
    id: 'V5', title: 'Validation rules', section: S5, kind: 'pending', modes: BOTH,
    quote: ['## 5. Validation rules', 'Not shown.'],
    hash: '5313c47d752005e0',
    questions: ['Which inputs does the product accept, and what makes each invalid?', 'Which messages are shown for invalid input, and where?'],
    evidenceNeeded: ['Every form of the live site submitted with empty, too long and malformed values, with the messages shown.'],
  },
  {
    id: 'A6', title: 'Roles and permissions', section: S6, kind: 'pending', modes: BOTH,
    quote: ['Not shown. No roles, sign-in or access rules are visible.'],
    hash: '70001ff785653de2',
    questions: ['Is there sign-in? Which roles exist, and what may each see and do?'],
    evidenceNeeded: ['Any sign-in page, protected routes (401/403 answers) and the owner\'s access matrix.'],
  },
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
    inapplicableBecause: { server: 'In server delivery the framework asks for the page path itself, marked by an `_rsc` query and an `RSC: 1` header, and answers text/x-component: there is no text suffix to observe. What a page-data request carries (C7.3) is still checked in server delivery.' },
    quote: ['The product fetches the data of a page from its own origin when navigating. It requests the page path with a text suffix,'],
    hash: '746da4caa8c0e5cf',
    howTested: 'Clicking a link to a page whose data is not cached (the profile\'s link without prefetch) must send a GET to the same origin for the page path with a text suffix: /x → /x.txt and / → /index.txt (a cache-busting query is allowed). The answer must be text. Evidence: the page-data request and answer headers.',
    readings: [
      'Judged: the page-data request of a navigation goes to the site\'s own origin and asks for the page path with a text suffix (/x → /x.txt, / → /index.txt; a query is allowed). Every page-data request of a visit (prefetches included, Next 16\'s per-segment files /x/__next.<segments>.txt too) goes to the own origin with a .txt path. Request shapes are recognised in one place: conformance/harness/page-data.ts.',
      'A navigation that makes no page-data request of its own (its link was prefetched, or it was a whole-page load) has nothing to judge: untested, naming the profile\'s pageData pair.',
      'Not stated, so advisory: the answer\'s status and content type; Pages Router data (/_next/data/<build>/x.json), which is the other router\'s own shape.',
    ],
    parts: [
      { id: 'own-origin', text: 'The page data is fetched from the site\'s own origin when navigating.' },
      { id: 'text-suffix', text: 'It requests the page path with a text suffix.' },
    ],
  },
  {
    id: 'C7.3', title: 'What a page-data request carries', section: S7, kind: 'normative', modes: BOTH,
    quote: ['and sends the target address, the current address, the router state and the build identifier.'],
    hash: '596de23ced67a056',
    howTested: 'The page-data request must carry the current address (Next-Url = the path navigated from), the router state (Next-Router-State-Tree, URL-encoded JSON that parses), the target (its request path) and a build identifier identical on every request of one build and different from another build\'s. Advisory: an answer taken from another build makes the client fall back to a full page load (and the same swap with this build\'s own answer does not). Evidence: the request headers and the document requests seen.',
    readings: [
      'Each of the four things sent is a part. Target: the request names the page navigated to (its path, in any page-data form). Current address: a header names the path navigated from (Next-Url). Router state: a header carries it as URL-encoded JSON (Next-Router-State-Tree).',
      'Build identifier: recognised in a header or query parameter the profile names (default x-deployment-id, x-build-id, x-nextjs-deployment-id; dpl) or in a /_next/data/<build>/ path. A request with none of them is untested for this part (the site may send it under a name the profile does not give), not failed. Within one build, requests that carry one carry the same value, and a navigation\'s request without it while the others carry it fails. With another build given (--other-build), the identifiers must differ between builds, and a build that sends none where the other build of the same site sends one fails the part.',
      'Not stated, so advisory: what the client does with page data from another build (a full page load is usual).',
    ],
    parts: [
      { id: 'target', text: 'sends the target address' },
      { id: 'current', text: 'the current address' },
      { id: 'router-state', text: 'the router state' },
      { id: 'build-id', text: 'and the build identifier' },
    ],
  },
  {
    id: 'C7.4', title: 'Script and stylesheet assets', section: S7, kind: 'normative', modes: BOTH,
    quote: ['It loads script and stylesheet assets.'],
    hash: 'efe7fac61060a36f',
    howTested: 'A first load of pages the profile names must fetch scripts and stylesheets, all answered 2xx with JavaScript / CSS content types. Evidence: the asset list with statuses and content types, and every other request (other origins, images) listed but not judged.',
    readings: [
      'Judged: a first load (fresh browser context) of pages the profile names — the first page of the navigation chain and the page-data target — loads at least one script and one stylesheet, each answered 2xx with a JavaScript / CSS content type (what makes them usable as such), whatever origin it comes from.',
      'Not stated, so not judged: where else the page fetches from (other origins, images, fonts) — listed as evidence only.',
    ],
    parts: [
      { id: 'scripts', text: 'It loads script assets.' },
      { id: 'stylesheets', text: 'It loads stylesheet assets.' },
    ],
  },
  {
    id: 'C7.5', title: 'Server-function calls posted to the current path', section: S7, kind: 'normative', modes: ['server'],
    inapplicableBecause: { static: 'A static export cannot contain server functions: Next.js refuses to build one ("Server Actions are not supported with static export").' },
    quote: ['Server-function calls are posted to the current path. Their payloads are not shown.'],
    hash: '47d4d03024ce0721',
    howTested: 'Submitting the profile\'s server-function form must POST to the current page\'s path on the same origin with a server-action identifier header, and update the page without a reload. The payload is recorded as evidence, not asserted (the spec does not show it).',
    readings: [
      'A server-function call is recognised by its server-action identifier header (Next-Action). Judged: it is a POST to the current page\'s path on the site\'s origin. A submit that sends no POST, or a POST without that header, is not a recognisable server-function call: untested, naming the profile\'s serverFunction scenario.',
      'Not stated, so advisory: that the page updates in place without a reload.',
    ],
  },
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
    quote: ['A route load times out after 3.8 seconds.'],
    hash: 'd9ff3182a2f1c862',
    howTested: 'On a fake clock, a client navigation to a route whose code is held (the profile\'s Pages Router target linked without prefetch): at 3.7 s the old page stays and no document request was made; at 3.9 s the browser has requested the target as a document (a full page load). Evidence: the clock times and the request log.',
    readings: [
      'Judged on a client navigation whose route code is held: at 3.7 s nothing has replaced the page; by 3.9 s the browser has given up waiting and loads the target as a whole page (looked for during 10 s of real time after the page\'s clock passed 3.9 s). A navigation that loads no new script cannot show the timeout: untested, asking for a Pages Router pair whose target needs its own chunk, linked without prefetch.',
    ],
  },
  {
    id: 'K9.2', title: 'Page-data fetches retried on 5xx', section: S9, kind: 'normative', modes: ['server'],
    inapplicableBecause: { static: 'In static delivery the framework makes no page-data fetch that it retries: page data is pre-rendered, the one retried fetch (a not pre-rendered fallback page) cannot be exported, and an ordinary navigation whose data answers 5xx makes one attempt and then a full page load.' },
    quote: ['Page-data fetches are retried on server errors (5xx). The number of retries is not shown.'],
    hash: 'ec40df9a4118d052',
    howTested: 'The profile\'s page-data fetch that the client makes after loading a not pre-rendered page is answered 5xx once, then twice (a property over 500–599); it must be requested again before the client gives up. Advisory: the page then renders without a full reload; a 4xx is not retried. The number of attempts is recorded, not asserted. Evidence: the attempts with their statuses.',
    readings: [
      'Judged: a page-data fetch answered 5xx (500 once, 500 twice, and 502, 503, 504, 599) is requested again by the same page before the client gives up — a whole-page load, or no new attempt within 10 s, contradicts. The number of attempts is recorded, not asserted. A page that makes no page-data fetch after loading cannot show it: untested.',
      'Not stated, so advisory: that the page then renders its data without a reload; that a 4xx is not retried; how many times a fetch answered 503 every time is tried.',
    ],
  },
  {
    id: 'K9.3', title: 'Prefetched data fresh for 30 s', section: S9, kind: 'normative', modes: BOTH,
    quote: ['Prefetched page data counts as fresh for 30 seconds'],
    hash: '97892ab740a0ede2',
    howTested: 'On a fake clock, page data the client holds is used again at a known age. Two ways to hold it: (a) prefetched — the page-data requests for the target that the profile\'s page makes before any click, awaited on a paused clock (freshness: a pre-rendered page, both modes; dynamicFreshness.hub: a page rendered per request, server); (b) fetched by a navigation — the profile\'s link that is not prefetched is activated by keyboard (focus and Enter, no hover), its data request answered, history Back, and the link activated again (dynamicFreshness.from → page in server mode, pageData in static mode). At 29 s after the prefetch or the first use, no page-data request may be made (fresh-29). In server mode, 31 s after the first use of data a navigation fetched for a page rendered per request, the data must be fetched anew (stale-31); the prefetched page at 31 s is observed as well. Evidence: clock times, the prefetch and page-data requests, the data answer\'s cache-control.',
    readings: [
      'Settled against the seed\'s origin, Next.js 14.2: "prefetched page data" is the client\'s page-data cache, which 14.2 calls its prefetch cache and which holds prefetched entries and entries made by a navigation alike; an entry counts as fresh for 30 s (staleTimes.dynamic) from its prefetch, or from its use once a navigation used it (14.2 and 15.5 mark that use once, so it is the first use); past 30 s only prefetched entries are kept, until their 5-minute expiry (K9.4), and an entry made by a navigation is expired and fetched anew (next/dist/client/components/router-reducer/prefetch-cache-utils.js getPrefetchEntryCacheStatus; navigate-reducer.js).',
      'Fresh, strict side (fresh-29, both modes): page data the client holds, prefetched or fetched by an earlier navigation, is used by a navigation 29 s after its prefetch or its use without a page-data request or a whole-page load. Ways (any one that observes it, none contradicting): prefetched data (a pre-rendered page; in server mode also a page rendered per request, full prefetch), aged from the prefetch request; data fetched by a navigation, aged from the click that fetched it, on a page reached by a link that is not prefetched (server mode: a page rendered per request; static mode: a pre-rendered page). A prefetched target fetched again at 29 s contradicts only if a control shows the prefetch held the data (an automatic prefetch of a page rendered per request holds only its loading shell: untested). A link activated without hover (focus and Enter): a hover prefetches in some routers even where the link says prefetch={false}. No prefetch, or no data fetched by the first navigation: that way is untested, naming the fix.',
      'No longer fresh (stale-31, server mode, required): data a navigation fetched for a page rendered per request (its data answer says so: cache-control no-store or private) is fetched anew by a navigation 31 s after its use; using it then contradicts the clause. Ways: that navigated data (the one that can contradict); prefetched data of a page rendered per request, which passes the part when fetched anew at 31 s (the control shows the prefetch held the data). Not shown (inapplicable), never failed: prefetched data, or a pre-rendered page, still used at 31 s — the same sentence keeps prefetched data until it "expires after 5 minutes" (K9.4), and Next.js 15.5 makes every pre-rendered answer a full entry kept that long. Static delivery has no page rendered per request, so the part exists in server mode only; there the 30 s boundary is shown by the 29 s side alone.',
      'One use per run: the 31 s side is a fresh browser run with a single first use, so a framework that counts from the last use and one that counts from the first agree on it.',
    ],
    parts: [
      { id: 'fresh-29', text: 'Page data the client holds (prefetched, or fetched by an earlier navigation) is used without a new request 29 s after its prefetch or use.', subject: 'a navigation 29 s after the prefetch or first use of page data the client held' },
      { id: 'stale-31', text: 'Page data a navigation fetched for a page rendered per request no longer counts as fresh 31 s after its use: a navigation then fetches it anew.', modes: ['server'], subject: 'a navigation 31 s after the first use of data fetched for a page rendered per request (or after a prefetch that held such data)' },
    ],
  },
  {
    id: 'K9.4', title: 'Prefetched data expires after 5 min', section: S9, kind: 'normative', modes: BOTH,
    quote: ['and expires after 5 minutes.'],
    hash: 'db37feb9cb7136c6',
    howTested: 'On a fake clock, a prefetched static page navigated to at 299 s sends no page-data request; at 301 s its data is fetched anew. Evidence: clock times and page-data requests.',
    readings: [
      'Judged at both sides: a page prefetched 299 s ago is navigated to without a new page-data request; at 301 s its data is fetched anew. Prefetch requests of any framework shape count (.txt, ?_rsc=, per-segment __next.*.txt files and HEAD checks, mapped to their page by conformance/harness/page-data.ts). The page is the first one the profile\'s prefetch page links to and prefetched (on a paused clock, once all its prefetch requests are answered); a page that prefetches none of its links: untested.',
    ],
    parts: [
      { id: 'kept-299', text: 'Prefetched data is still used 299 s after the prefetch.' },
      { id: 'expired-301', text: 'Prefetched data is fetched anew 301 s after the prefetch.' },
    ],
  },
  {
    id: 'K9.5', title: 'Prefetching runs 5 requests at a time', section: S9, kind: 'normative', modes: BOTH,
    quote: ['Prefetching runs 5 requests at a time.'],
    hash: '8c603fcf6d20a891',
    howTested: 'With ≥ 8 prefetchable links in view and every prefetch answer held, the number of prefetch requests in flight (from start until the answer arrives) must reach exactly 5 and never more; releasing one answer lets exactly one more start. Evidence: the in-flight timeline.',
    readings: [
      '"5 requests at a time" is judged with every prefetch answer held: while prefetches of more pages are waiting, exactly 5 prefetch requests are in flight, never more, and each released answer lets exactly one more start. Every prefetch request counts, whatever its shape (Next 16\'s HEAD checks and per-segment files included), from its start until its answer arrives. A page whose prefetches all start at once (no page left waiting) cannot show the limit: untested.',
    ],
  },
] as const satisfies readonly Clause[];

type Registered = (typeof REGISTRY)[number];
/** Every clause ID of the registry. */
export type ClauseId = Registered['id'];
/** The IDs of normative clauses: the ones with tests, matrix rows and mutants. */
export type NormativeClauseId = Extract<Registered, { kind: 'normative' }>['id'];
/** The part IDs of one clause (never for a clause without parts). */
export type PartId<I extends ClauseId> = Extract<Registered, { id: I }> extends { parts: readonly { id: infer P extends string }[] } ? P : never;
/** A clause or one of its parts as reports and the matrix name them: "R2.5", "R2.5/client". */
export type ClauseOrPartId<I extends ClauseId = ClauseId> = { [K in I]: K | `${K}/${PartId<K>}` }[I];

export const CLAUSES: readonly Clause[] = REGISTRY;

export function isClauseId(id: string): id is ClauseId {
  return CLAUSES.some((c) => c.id === id);
}

export function clauseById(id: ClauseId): Clause {
  const c = CLAUSES.find((x) => x.id === id);
  if (!c) throw new Error(`Unknown clause ID "${id}". Known: ${CLAUSES.map((x) => x.id).join(', ')}`);
  return c;
}

/** A normative clause: its ID typed, for the tables keyed by it (mutants, matrix). */
export interface NormativeClause extends Clause { id: NormativeClauseId }

export const NORMATIVE: readonly NormativeClause[] = REGISTRY.filter((c): c is Extract<Registered, { kind: 'normative' }> => c.kind === 'normative');

/**
 * The profile scenarios each normative clause's tests use — names of conformance/scenarios/table.ts,
 * where the compiler checks them. The one place a clause is tied to the routes it is tested on:
 * pre-flight, the profile schema's descriptions and the matrix read it the other way round (the
 * clauses a scenario serves). A normative clause without its row does not compile.
 */
export const CLAUSE_SCENARIOS = {
  'R2.2': ['unknownPaths', 'brokenLink', 'sitePages'],
  'R2.3': ['statusPages', 'realStatuses'],
  'R2.4': ['noStatusError'],
  'R2.5': ['clientCrash', 'serverCrash'],
  'R2.6': ['routeGroups', 'navigation', 'sitePages'],
  'R2.7': ['navigation'],
  'R2.8': ['scroll'],
  'R2.9': ['navigation', 'announcer'],
  'C7.2': ['pageData'],
  'C7.3': ['pageData'],
  'C7.4': ['navigation', 'pageData', 'sitePages'],
  'C7.5': ['serverFunction'],
  'K9.1': ['routeLoadTimeout'],
  'K9.2': ['retry'],
  'K9.3': ['freshness', 'dynamicFreshness', 'pageData'],
  'K9.4': ['prefetch'],
  'K9.5': ['prefetch'],
} as const satisfies Record<NormativeClauseId, readonly string[]>;
