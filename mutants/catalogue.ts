/**
 * The mutants: small, named changes to the built reference site, each breaking one rule of the
 * spec and declaring the clause(s) the suite must then fail. docs/mutants.md explains how to add one.
 *
 * Delivery:
 *  - static mutants edit a copy of the static export (site/out) — `rename` and `text` rules — and
 *    serve it like the reference; `headers` rules put a rewriting proxy in front of it;
 *  - server mutants put a rewriting proxy in front of the reference `next start` (shared by all
 *    server mutants) — `text` rules rewrite answer bodies by URL path and content type.
 *
 * Anchors are written against Next.js 15.5's minified client code (names of minified variables
 * are matched with [\w$]+, never spelled). Each rule states how often it must match (default: at
 * least once); a rule that no longer matches makes the mutant fail loudly as stale.
 */
import type { Mode, NormativeClauseId } from '../spec/clauses';
import type { HeaderRule, RenameRule, TextRule } from './delivery/rules';

export interface Mutant {
  /** `<clause>-<what-changed>`, stable: reports are kept under <out>/<id> (default reports/mutants/<id>). */
  id: string;
  description: string;
  mode: Mode;
  /** Clauses the suite must fail on this mutant (all of them: then it is killed). */
  declared: NormativeClauseId[];
  /**
   * The verdict each declared clause must get instead of `failed`: a site that removes what a
   * clause needs must make it `untested`, never `failed`; a change the spec allows must leave it
   * `passed` (no rule read into the spec). Issue 11.
   */
  expected?: Partial<Record<NormativeClauseId, 'untested' | 'failed' | 'passed'>>;
  rename?: RenameRule[];
  text?: TextRule[];
  headers?: HeaderRule[];
  /** URL paths fetched through the proxy at preflight so rules on non-asset answers are checked (server). */
  probe?: string[];
  /** In the quick set run by `npm test`. */
  quick?: boolean;
  /**
   * In the absent-subject set (issue 21, docs/mutants.md): the change removes what the declared
   * clauses judge, so they must come out as `expected` says (untested, or failed where the change
   * itself contradicts the text). `npmTest`: cheap enough for npm test (`npm run mutants -- --absent-subject`).
   */
  absentSubject?: { npmTest?: boolean };
}

/** Client chunks (top level, not the Pages Router's per-page chunks). */
const SHARED_CHUNK = /^\/_next\/static\/chunks\/[^/]+\.js$/;
const MAIN_CHUNK = /^\/_next\/static\/chunks\/main-[^/]+\.js$/;
const PAGES_CHUNK = /^\/_next\/static\/chunks\/pages\/.+\.js$/;
const GLOBAL_ERROR_CHUNK = /^\/_next\/static\/chunks\/app\/global-error-[^/]+\.js$/;
/** The pre-rendered generic error pages of the Pages Router (/demos/status, /demos/status/<code>). */
const STATUS_HTML = /^\/demos\/status(\/[^/]+)?\.html$/;
/** Prefetch cache lifetimes, inlined from experimental.staleTimes { dynamic: 30, static: 300 }. */
const STALE_TIMES = /([\w$]+)=1e3\*Number\("30"\),([\w$]+)=1e3\*Number\("300"\)/;
/** staleTimes { dynamic, static } (s) written into the router chunk in place of { 30, 300 }. */
const staleTimes = (what: string, dynamic: number, stat: number): TextRule[] => [{
  what, path: SHARED_CHUNK, kinds: ['js'], find: STALE_TIMES, replace: `$1=1e3*Number("${dynamic}"),$2=1e3*Number("${stat}")`, count: 1,
}];
/** The links K9.3's prefetched ways start from, made not to prefetch (server HTML: the flight data in it). */
const NOT_PREFETCHED: TextRule[] = [
  { what: 'prefetch of the hub\'s link to the dynamic page (hub HTML)', path: /^\/demos\/dynamic-hub$/, kinds: ['html'], find: /(\\"href\\":\\"\/demos\/dynamic\\",\\"prefetch\\":)true/, replace: '$1false', count: 1 },
  { what: 'prefetch of the link to /demos/links/1 (links page HTML)', path: /^\/demos\/links$/, kinds: ['html'], find: /(\\"href\\":\\"\/demos\/links\/1\\")/, replace: '$1,\\"prefetch\\":false', count: 1 },
];

/** Export files taken out of the site (moved where nothing links): the host then answers their addresses. */
const REMOVED = '/_removed-by-mutant';
const removed = (what: string, path: RegExp, count: RenameRule['count']): RenameRule => ({ what, path, to: (p) => `${REMOVED}${p}`, count });
/** A router link in flight data (HTML-escaped or not): `["$","$L5",null,{"href":"/…` (a className or prefetch may come first) — the client reference made a plain "a". */
const ROUTER_LINK = /(\[\\?"\$\\?",\\?")\$L[0-9a-f]+(\\?",null,\{(?:\\?"(?:className|prefetch)\\?":(?:\\?"[^"\\]*\\?"|true|false|null),)*\\?"href\\?":\\?"\/)/;

const CLIENT_FAILURE = 'Application error: a client-side exception has occurred (see the browser console for more information).';
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const MUTANTS: Mutant[] = [
  // ── 2. Screens and routes ─────────────────────────────────────────────────────────────────
  {
    id: 'R2.2-message-changed', mode: 'static', declared: ['R2.2'], quick: true,
    description: 'The not-found page says "This page does not exist." instead of "This page could not be found."',
    text: [{
      what: 'not-found h2 text (HTML and flight data)',
      path: /\.(html|txt)$/, kinds: ['html', 'data'],
      find: /(<h2>|\\?"children\\?":\\?")This page could not be found\./,
      replace: '$1This page does not exist.',
      count: [2, Infinity],
    }],
  },
  {
    id: 'R2.3-title-changed', mode: 'static', declared: ['R2.3'],
    description: 'The generic error page titles 405 "Method Not Supported" instead of "Method Not Allowed".',
    text: [
      { what: 'status table in the Pages Router chunks', path: PAGES_CHUNK, kinds: ['js'], find: /"Method Not Allowed"/, replace: '"Method Not Supported"', count: [1, Infinity] },
      { what: 'pre-rendered status pages', path: STATUS_HTML, kinds: ['html'], find: /Method Not Allowed/, replace: 'Method Not Supported', count: [2, Infinity] },
    ],
  },
  {
    id: 'R2.3-fallback-changed', mode: 'static', declared: ['R2.3'],
    description: 'Codes without a title of their own show "An unknown error has occurred" instead of "An unexpected error has occurred".',
    text: [
      { what: 'fallback title in the Pages Router chunks', path: PAGES_CHUNK, kinds: ['js'], find: /"An unexpected error has occurred"/, replace: '"An unknown error has occurred"', count: [1, Infinity] },
      { what: 'pre-rendered status pages', path: STATUS_HTML, kinds: ['html'], find: /An unexpected error has occurred/, replace: 'An unknown error has occurred', count: [2, Infinity] },
    ],
  },
  {
    id: 'R2.4-no-status-text-changed', mode: 'static', declared: ['R2.4'],
    description: 'With no status code the error page shows the server-side wording instead of a client-side application error.',
    text: [{
      what: 'no-status text of the generic error page (Pages Router chunks)',
      path: PAGES_CHUNK, kinds: ['js'],
      find: new RegExp(`"${esc(CLIENT_FAILURE)}"`),
      replace: '"Application error: a server-side exception has occurred (see the server logs for more information)."',
      count: [1, Infinity],
    }],
  },
  {
    id: 'R2.5-wording-changed', mode: 'static', declared: ['R2.5'],
    description: 'The global failure page adds "while loading <host>" to the client-side wording (Next 15\'s default text).',
    text: [{
      what: 'client-side text of app/global-error',
      path: GLOBAL_ERROR_CHUNK, kinds: ['js'],
      find: new RegExp(`"${esc(CLIENT_FAILURE)}"`),
      replace: '"Application error: a client-side exception has occurred while loading "+location.hostname+" (see the browser console for more information)."',
      count: 1,
    }],
  },
  {
    // "It may add a digest line": leaving the line out is allowed (the optional part is then
    // inapplicable), so the mutant breaks the line that is there instead.
    id: 'R2.5-digest-emptied', mode: 'server', declared: ['R2.5'], quick: true,
    description: 'The global failure page of a server-side exception shows a digest line with no digest ("Digest:").',
    text: [{
      what: 'digest paragraph of app/global-error',
      path: GLOBAL_ERROR_CHUNK, kinds: ['js'],
      find: /([\w$]+)\?\(0,([\w$]+)\.jsx\)\("p",\{style:([\w$]+)\.digest,children:"Digest: "\.concat\(\1\)\}\):null/,
      replace: '$1?(0,$2.jsx)("p",{style:$3.digest,children:"Digest: "}):null',
      count: 1,
    }],
  },
  {
    id: 'R2.6-group-in-link', mode: 'static', declared: ['R2.6'],
    description: 'The "see the gallery" links point to /(site)/#behaviours: the route group shows in their address.',
    text: [{
      what: 'href of the /#behaviours links (HTML and flight data)',
      path: /\.(html|txt)$/, kinds: ['html', 'data'],
      find: /(href=\\?"|\\?"href\\?":\\?")\/#behaviours/,
      replace: '$1/(site)/#behaviours',
      count: [2, Infinity],
    }],
  },
  {
    // R2.7 fails: the text forbids full page reloads. R2.9 is untested (issue 21): it judges client
    // navigations only and leaves whole-page loads out, so the announcer's way from / to the
    // untitled page (a whole-page load now) is gone — its subject removed, not contradicted.
    id: 'R2.7-plain-links', mode: 'static', declared: ['R2.7', 'R2.9'], expected: { 'R2.9': 'untested' },
    description: 'The home page renders its links as plain <a> elements instead of router links: following one loads a whole new document, which nothing announces.',
    text: [{
      what: 'router Link elements ($L client references with an href) in the home page\'s flight data',
      path: /^\/index\.(html|txt)$/, kinds: ['html', 'data'],
      find: /(\[\\?"\$\\?",\\?")\$L[0-9a-f]+(\\?",null,\{\\?"href\\?":\\?"\/)/,
      replace: '$1a$2',
      count: [2, Infinity],
    }],
  },
  {
    id: 'R2.8-scroll-not-restored', mode: 'static', declared: ['R2.8'],
    description: 'The router sets history.scrollRestoration = "manual" and restores nothing: Back shows the page at the wrong scroll position.',
    text: [{
      what: 'history patching effect of the App Router',
      path: SHARED_CHUNK, kinds: ['js'],
      find: /\(0,([\w$]+)\.useEffect\)\(\(\)=>\{let ([\w$]+)=window\.history\.pushState\.bind\(window\.history\)/,
      replace: '(0,$1.useEffect)(()=>{window.history.scrollRestoration="manual";let $2=window.history.pushState.bind(window.history)',
      count: 1,
    }],
  },
  {
    id: 'R2.9-announcer-removed', mode: 'static', declared: ['R2.9'],
    description: 'The route announcer element is never attached to the document: nothing is announced.',
    text: [{
      what: 'document.body.appendChild(<next-route-announcer>)',
      path: SHARED_CHUNK, kinds: ['js'],
      find: /\.attachShadow\(\{mode:"open"\}\)\.appendChild\(([\w$]+)\),document\.body\.appendChild\([\w$]+\),\1\}/,
      replace: '.attachShadow({mode:"open"}).appendChild($1),$1}',
      count: 1,
    }],
  },
  {
    id: 'R2.9-announces-path', mode: 'static', declared: ['R2.9'], quick: true,
    description: 'The route announcer reads the path (location.pathname) instead of the title or first heading.',
    text: [{
      what: 'title-or-h1 choice of the App Router announcer',
      path: SHARED_CHUNK, kinds: ['js'],
      find: /if\(document\.title\)([\w$]+)=document\.title;else\{let ([\w$]+)=document\.querySelector\("h1"\);\2&&\(\1=\2\.innerText\|\|\2\.textContent\|\|""\)\}/,
      replace: '$1=location.pathname;',
      count: 1,
    }],
  },

  // ── 7. The calls it makes ─────────────────────────────────────────────────────────────────
  {
    id: 'C7.2-suffix-changed', mode: 'static', declared: ['C7.2'],
    description: 'Page data is requested as <path>.rsc (files renamed, still served as text/plain) instead of <path>.txt.',
    rename: [{ what: 'page-data files *.txt → *.rsc', path: /\.txt$/, to: (p) => p.replace(/\.txt$/, '.rsc'), count: [3, Infinity] }],
    text: [
      {
        what: 'suffix added to the page-data URL',
        path: SHARED_CHUNK, kinds: ['js'],
        find: /\.pathname\+="index\.txt":([\w$]+)\.pathname\+="\.txt"/,
        replace: '.pathname+="index.rsc":$1.pathname+=".rsc"',
        count: 1,
      },
      {
        what: 'suffix stripped from page-data answers',
        path: SHARED_CHUNK, kinds: ['js'],
        find: /\.pathname\.endsWith\("\.txt"\)\)\{let\{pathname:([\w$]+)\}=([\w$]+),([\w$]+)=\1\.endsWith\("\/index\.txt"\)/,
        replace: '.pathname.endsWith(".rsc")){let{pathname:$1}=$2,$3=$1.endsWith("/index.rsc")',
        count: 1,
      },
    ],
    headers: [{ what: '*.rsc answered as text/plain', path: /\.rsc$/, set: { 'content-type': 'text/plain; charset=utf-8' } }],
  },
  {
    id: 'C7.3-router-state-dropped', mode: 'static', declared: ['C7.3'],
    description: 'Page-data requests no longer send the router state (Next-Router-State-Tree).',
    text: [{
      what: 'Next-Router-State-Tree in the page-data request headers',
      path: SHARED_CHUNK, kinds: ['js'],
      find: /=\{\[([\w$]+)\.RSC_HEADER\]:"1",\[\1\.NEXT_ROUTER_STATE_TREE_HEADER\]:\(0,[\w$]+\.prepareFlightRouterStateForRequest\)\([\w$]+,[\w$]+\.isHmrRefresh\)\}/,
      replace: '={[$1.RSC_HEADER]:"1"}',
      count: 1,
    }],
  },
  {
    id: 'C7.3-current-address-dropped', mode: 'static', declared: ['C7.3'],
    description: 'Page-data requests no longer send the current address (Next-Url).',
    text: [{
      what: 'Next-Url in the page-data request headers',
      path: SHARED_CHUNK, kinds: ['js'],
      find: /([\w$]+)&&\(([\w$]+)\[([\w$]+)\.NEXT_URL\]=\1\)/,
      replace: '!1&&($2[$3.NEXT_URL]=$1)',
      count: 1,
    }],
  },
  {
    id: 'C7.3-build-id-not-sent', mode: 'static', declared: ['C7.3'],
    description: 'Page-data requests no longer carry the build identifier (x-deployment-id).',
    text: [{
      what: 'x-deployment-id set on page-data fetches',
      path: SHARED_CHUNK, kinds: ['js'],
      find: /[\w$]+\["x-deployment-id"\]="[^"]*";/,
      replace: '',
      count: 1,
    }],
  },
  {
    id: 'C7.3-foreign-build-accepted', mode: 'static', declared: ['C7.3'], expected: { 'C7.3': 'passed' },
    description: 'The client no longer compares the build identifier of a page-data answer: another build\'s answer is used in place.',
    text: [{
      what: 'build id check on page-data answers',
      path: SHARED_CHUNK, kinds: ['js'],
      find: /if\(\(0,[\w$]+\.getAppBuildId\)\(\)!==[\w$]+\.b\)return [\w$]+\([\w$]+\.url\);/,
      replace: '',
      count: 1,
    }],
  },
  {
    // Not a rule of the spec ("It loads script and stylesheet assets" says nothing of origins):
    // the suite must not read one into it, so this change must leave C7.4 passed (issue 11).
    id: 'C7.4-assets-other-origin-allowed', mode: 'static', declared: ['C7.4'], expected: { 'C7.4': 'passed' },
    description: 'The pages load their scripts and stylesheets from http://localhost:<port> — the same server, another origin than 127.0.0.1. Allowed by the spec: C7.4 must stay passed.',
    text: [{
      what: 'src/href of /_next/static assets in the HTML',
      path: /\.html$/, kinds: ['html'],
      find: /((?:src|href)=")\/_next\/static\//,
      replace: (ctx) => `$1http://localhost:${ctx.port}/_next/static/`,
      count: [10, Infinity],
    }],
  },
  {
    id: 'C7.4-script-served-as-text', mode: 'static', declared: ['C7.4'], quick: true,
    description: 'The static server labels the client chunks text/plain and sends no X-Content-Type-Options: nosniff (so browsers still run them).',
    headers: [{
      what: 'Content-Type of /_next/static/chunks/*.js',
      path: /^\/_next\/static\/chunks\/.+\.js$/,
      set: { 'content-type': 'text/plain; charset=utf-8' },
      // With nosniff the browser refuses to run them and the whole site breaks: not a small change any more.
      remove: ['x-content-type-options'],
    }],
  },
  {
    id: 'C7.5-action-posted-elsewhere', mode: 'server', declared: ['C7.5'],
    description: 'Server-function calls are posted to / instead of the current path.',
    text: [{
      what: 'URL of the server-action POST',
      path: SHARED_CHUNK, kinds: ['js'],
      find: /fetch\([\w$]+\.canonicalUrl,\{method:"POST"/,
      replace: 'fetch("/",{method:"POST"',
      count: 1,
    }],
  },

  // ── Preconditions removed: the clause must come out untested, never failed ─────────────────
  {
    id: 'K9.1-link-removed', mode: 'static', declared: ['K9.1'], expected: { 'K9.1': 'untested' },
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

  // ── Absent subjects (issue 21): the change removes the clause's subject ─────────────────────
  // Each must come out `untested` naming what is missing (or `failed` where the change itself
  // contradicts the text, said next to it). Reused: K9.1-link-removed and K9.3-no-held-data (above),
  // R2.7-plain-links (failed: plain anchors make R2.7's navigations whole-page loads, which the text forbids).
  {
    id: 'R2.2-not-found-page-removed', mode: 'static', declared: ['R2.2'], expected: { 'R2.2': 'untested' }, absentSubject: { npmTest: true },
    description: 'The export has no not-found page (404.html taken out): unknown addresses and the broken link\'s target are answered by the static host\'s own 404 page, which is not the site\'s, so R2.2 is untested, not failed.',
    rename: [removed('404.html out of the export', /^\/404\.html$/, 1)],
  },
  {
    id: 'R2.3-status-pages-removed', mode: 'static', declared: ['R2.3'], expected: { 'R2.3': 'untested' }, absentSubject: { npmTest: true },
    description: 'The status pages the profile names for 400, 405, 418, 500 and 503 are gone (only /demos/status/404 is left): each answers 404 with the not-found page, so those rows, and R2.3, are untested, not failed.',
    rename: [removed('status pages but 404', /^\/demos\/status\/(400|405|418|500|503)\.html$/, 5)],
  },
  {
    id: 'R2.4-throwing-page-removed', mode: 'static', declared: ['R2.4'], expected: { 'R2.4': 'untested' }, absentSubject: { npmTest: true },
    description: 'The page with the control that throws in the browser (/demos/client-error) is gone: nothing throws without a status code, so R2.4 is untested, not failed.',
    rename: [removed('/demos/client-error', /^\/demos\/client-error\.html$/, 1)],
  },
  {
    id: 'R2.5-crash-page-removed', mode: 'static', declared: ['R2.5'], expected: { 'R2.5': 'untested' }, absentSubject: { npmTest: true },
    description: 'The page with the crash trigger (/demos/crash) is gone: no render error reaches the global failure page, so R2.5 is untested, not failed.',
    rename: [removed('/demos/crash (page and page data)', /^\/demos\/crash\.(html|txt)$/, 2)],
  },
  {
    id: 'R2.8-tall-page-removed', mode: 'static', declared: ['R2.8'], expected: { 'R2.8': 'untested' },
    description: 'The tall page R2.8 scrolls and comes back to (/demos/tall) is gone: no Back to a page left scrolled down, so R2.8 is untested, not failed.',
    rename: [removed('/demos/tall (page and page data)', /^\/demos\/tall\.(html|txt)$/, 2)],
  },
  {
    id: 'R2.9-announced-pages-removed', mode: 'static', declared: ['R2.9'], expected: { 'R2.9': 'untested' },
    description: 'The announcer\'s titled and untitled pages (/about, /demos/untitled) are gone: no client navigation reaches a page without a title, so the heading part, and R2.9, are untested, not failed.',
    rename: [removed('/about and /demos/untitled (pages and page data)', /^\/(about|demos\/untitled)\.(html|txt)$/, 4)],
  },
  {
    // C7.3 only: the header's links to /, /about and /contact are made by a client component (in
    // its chunk, not in the flight data), so they still navigate on the client and fetch page data
    // with a text suffix — C7.2 rightly stays passed on this change.
    id: 'C7.3-plain-anchors', mode: 'static', declared: ['C7.3'], expected: { 'C7.3': 'untested' },
    description: 'Every router link in the App Router pages\' flight data is a plain <a>: the profile\'s page-data link (/demos/no-prefetch → /demos/plain) is a whole-page load, so no page-data request of a navigation is there to read, and C7.3 is untested, not failed. (R2.7 fails on such links, truthfully: R2.7-plain-links.)',
    text: [{ what: 'router Link elements ($L client references with an href) in every page\'s flight data', path: /\.(html|txt)$/, kinds: ['html', 'data'], find: ROUTER_LINK, replace: '$1a$2', count: [40, Infinity] }],
  },
  {
    id: 'C7.5-send-control-removed', mode: 'server', declared: ['C7.5'], expected: { 'C7.5': 'untested' },
    description: 'The server-function form has no "Send" button any more (its label reads "Submit"): the control the profile names is missing, no server-function call is made, so C7.5 is untested, not failed.',
    probe: ['/demos/action'],
    text: [
      { what: 'button label in the server-rendered HTML', path: /^\/demos\/action$/, kinds: ['html'], find: />Send<\/button>/, replace: '>Submit</button>', count: 1 },
      { what: 'button label in the form\'s client chunk', path: /^\/_next\/static\/chunks\/app\/.*demos\/action\/page[^/]*\.js$/, kinds: ['js'], find: /\}\),"Send"\]\}/, replace: '}),"Submit"]}', count: 1 },
    ],
  },
  {
    id: 'K9.2-no-data-fetch', mode: 'server', declared: ['K9.2'], expected: { 'K9.2': 'untested' },
    description: 'The pages under /demos/retry/ no longer fetch their data after loading (their fallback HTML says isFallback: false): no page-data fetch to answer with a server error, so K9.2 is untested, not failed.',
    probe: ['/demos/retry/mutant-probe'],
    text: [{ what: 'isFallback in the fallback HTML of /demos/retry/<slug>', path: /^\/demos\/retry\/[^/]+$/, kinds: ['html'], find: /"isFallback":true/, replace: '"isFallback":false', count: [1, Infinity] }],
  },
  {
    // K9.5 only: the header's links (a client component's, outside the flight data) still prefetch
    // /, /about and /contact, which K9.4 times truthfully (it stays passed on this change).
    id: 'K9.5-links-not-prefetching', mode: 'static', declared: ['K9.5'], expected: { 'K9.5': 'untested' },
    description: 'Every router link in the flight data of /demos/links has prefetch={false}: only the header\'s 3 links prefetch there, fewer than the 6 a limit of 5 at a time needs, so K9.5 is untested, not failed.',
    text: [
      { what: 'prefetch={false} on every router link of /demos/links (flight data in the HTML)', path: /^\/demos\/links\.html$/, kinds: ['html'], find: /(\[\\"\$\\",\\"\$L[0-9a-f]+\\",null,\{(?:\\"(?:className|prefetch)\\":(?:\\"[^"\\]*\\"|true|false|null),)*\\"href\\":\\"\/[^"\\]*\\")/, replace: '$1,\\"prefetch\\":false', count: [10, Infinity] },
      { what: 'prefetch={false} on every router link of /demos/links (page data)', path: /^\/demos\/links\.txt$/, kinds: ['data'], find: /(\["\$","\$L[0-9a-f]+",null,\{(?:"(?:className|prefetch)":(?:"[^"]*"|true|false|null),)*"href":"\/[^"]*")/, replace: '$1,"prefetch":false', count: [10, Infinity] },
    ],
  },

  // ── 9. Business constants and limits ──────────────────────────────────────────────────────
  // 9000 / 1000: far from 3.8 s; 4500 / 3000: just past each side of the 3.7 s / 3.9 s observation.
  ...([9000, 1000, 4500, 3000] as const).map((ms): Mutant => ({
    id: `K9.1-timeout-${ms}`, mode: 'static', declared: ['K9.1'], quick: ms === 9000,
    description: `The route-load timeout of the Pages Router is ${ms} ms instead of 3800 ms.`,
    text: [{
      what: 'MS_MAX_IDLE_DELAY of loadRoute',
      path: MAIN_CHUNK, kinds: ['js'],
      find: /,3800(,[\w$]+\(Object\.defineProperty\(Error\("Route did not complete loading: ")/,
      replace: `,${ms}$1`,
      count: 1,
    }],
  })),
  {
    id: 'K9.2-no-retry', mode: 'server', declared: ['K9.2'],
    description: 'Page-data fetches of the Pages Router make one attempt only: no retry on 5xx.',
    text: [{
      what: 'fetchRetry attempts (isServerRender ? 3 : 1)',
      path: MAIN_CHUNK, kinds: ['js'],
      find: /\}\)\(([\w$]+),([\w$]+)\?3:1,\{headers:/,
      replace: '})($1,$2?1:1,{headers:',
      count: 1,
    }],
  },
  // K9.3 (spec/clauses.ts readings): data a navigation fetched for a page rendered per request is kept
  // fresh for staleTimes.dynamic after its first use, then fetched anew (server: /demos/no-prefetch →
  // /demos/dynamic); a full prefetch is kept until staleTimes.static whatever staleTimes.dynamic says.
  {
    id: 'K9.3-prefetch-stale-20s', mode: 'server', declared: ['K9.3', 'K9.4'],
    description: 'Page data counts as fresh for 20 s and expires after 20 s instead of 30 s and 5 min (staleTimes { dynamic: 20, static: 20 }): a navigation 29 s after a prefetch, or after the navigation that fetched the data, fetches it again; a prefetch is fetched anew at 299 s.',
    text: staleTimes('staleTimes { dynamic: 30, static: 300 }', 20, 20),
  },
  {
    // Was an allowed change while K9.3 judged prefetched data only; read against Next 14.2, data a
    // navigation fetched is page data the client holds, and 10 s of freshness contradicts 30 s.
    id: 'K9.3-navigation-data-10s', mode: 'server', declared: ['K9.3'],
    description: 'Data fetched by a navigation (and automatic prefetches) counts as fresh for 10 s instead of 30 s (staleTimes.dynamic 10; full prefetches stay reusable until staleTimes.static): the dynamic page opened again from /demos/no-prefetch 29 s after its data was fetched is fetched again, so fresh-29 fails.',
    text: staleTimes('staleTimes.dynamic (30 s)', 10, 300),
  },
  // The 30 s window moved just past each side of the 29 s / 31 s observation.
  ...([25, 35] as const).map((sec): Mutant => ({
    id: `K9.3-window-${sec}s`, mode: 'server', declared: ['K9.3'],
    description: `Page data counts as fresh for ${sec} s instead of 30 s (staleTimes { dynamic: ${sec}, static: 300 }): ${sec < 30 ? 'the dynamic page opened again 29 s after a navigation fetched its data is fetched again (fresh-29 fails)' : 'the dynamic page opened again 31 s after a navigation fetched its data is still not fetched anew (stale-31 fails)'}.`,
    text: staleTimes('staleTimes.dynamic (30 s)', sec, 300),
  })),
  // 10 min: still kept at 301 s (expired-301 fails); 4 min: already fetched anew at 299 s (kept-299 fails).
  ...([[10, 600], [4, 240]] as const).map(([min, sec]): Mutant => ({
    id: `K9.4-expiry-${min}min`, mode: 'static', declared: ['K9.4'],
    description: `Prefetched page data expires after ${min} minutes instead of 5 (staleTimes.static ${sec}).`,
    text: staleTimes('staleTimes.static (300 s)', 30, sec),
  })),
  // 8 / 3: far from 5; 6 / 4: one more (never more than 5 fails), one fewer (reaching exactly 5 fails).
  ...([8, 3, 6, 4] as const).map((n): Mutant => ({
    id: `K9.5-concurrency-${n}`, mode: 'static', declared: ['K9.5'], quick: n === 8,
    description: `Prefetching runs ${n} requests at a time instead of 5.`,
    text: [{
      what: 'prefetchQueue = new PromiseQueue(5)',
      path: SHARED_CHUNK, kinds: ['js'],
      find: /new ([\w$]+)\.PromiseQueue\(5\)/,
      replace: `new $1.PromiseQueue(${n})`,
      count: 1,
    }],
  })),

  // ── Every page (discovery's sitePages): a fault on one page outside every other scenario ───
  {
    // /demos/untitled is in no scenario of the R2.6 route-group test: only the every-page check loads it.
    id: 'R2.6-group-in-one-page', mode: 'static', declared: ['R2.6'],
    description: 'One page (/demos/untitled) links to /(site)/conformance-report.html: the route group shows in a link address on that page only.',
    text: [{
      what: 'href of the conformance-report links of /demos/untitled (HTML and flight data)',
      path: /^\/demos\/untitled\.(html|txt)$/, kinds: ['html', 'data'],
      find: /(href=\\?"|\\?"href\\?":\\?")\/conformance-report\.html/,
      replace: '$1/(site)/conformance-report.html',
      count: [3, Infinity],
    }],
  },
  {
    // The stylesheet's address is spelled differently on that page only (%2E for the dot, which the
    // static server decodes), so the proxy can label just that answer text/plain.
    id: 'C7.4-stylesheet-as-text-on-one-page', mode: 'static', declared: ['C7.4'],
    description: 'On one page (/demos/untitled) the stylesheet is answered Content-Type: text/plain; every other page gets it as text/css.',
    text: [{
      what: 'stylesheet address in the HTML of /demos/untitled (link element and flight data)',
      path: /^\/demos\/untitled\.html$/, kinds: ['html'],
      find: /\/_next\/static\/css\/([0-9a-f]+)\.css/,
      replace: '/_next/static/css/$1%2Ecss',
      count: [2, Infinity],
    }],
    // The preflight of static header rules fetches export files, and no file is spelled %2Ecss: the
    // rule also names /demos/untitled.txt, where the marker header is a change that check can see
    // (its content type is text/plain already). The text rule's count guards against a stale anchor.
    headers: [{
      what: 'Content-Type of the stylesheet as that page spells it',
      path: /^\/_next\/static\/css\/[0-9a-f]+%2Ecss$|^\/demos\/untitled\.txt$/i,
      set: { 'content-type': 'text/plain; charset=utf-8', 'x-mutant': 'C7.4-stylesheet-as-text-on-one-page' },
    }],
  },
];

/** How the mutant is delivered, in words (for tables). */
export function mechanism(m: Mutant): string {
  const parts: string[] = [];
  if (m.mode === 'static') {
    const edits = [m.rename?.length ? 'rename' : '', m.text?.length ? 'rewrite' : ''].filter(Boolean).join(' + ');
    parts.push(edits ? `export copy (${edits})` : 'export copy');
    if (m.headers?.length) parts.push('proxy (headers)');
  } else {
    const edits = [m.text?.length ? 'bodies' : '', m.headers?.length ? 'headers' : ''].filter(Boolean).join(' + ');
    parts.push(`proxy before next start (${edits})`);
  }
  return parts.join(' + ');
}
