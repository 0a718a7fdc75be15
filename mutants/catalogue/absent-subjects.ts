import type { Mutant } from './model';
import { LAYOUT_CHUNK, removed, ROUTER_LINK } from './anchors';

/** The mutants of: Absent subjects: the change removes the clause's subject (joined in mutants/catalogue.ts). */
export const ABSENT_SUBJECTS: Mutant[] = [
  // ── Absent subjects: the change removes the clause's subject ─────────────────────
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
    zeroConfig: { expected: { 'R2.3': 'passed' }, because: 'discovery sees what any static export without status pages shows: the 404 row, the others not observable on this deployment, so R2.3 is judged on that row' },
    description: 'The status pages the profile names for 400, 405, 418, 500 and 503 are gone (only /demos/status/404 is left): each answers 404 with the not-found page, so those rows, and R2.3, are untested, not failed.',
    rename: [removed('status pages but 404', /^\/demos\/status\/(400|405|418|500|503)\.html$/, 5)],
  },
  {
    id: 'R2.4-throwing-page-removed', mode: 'static', declared: ['R2.4'], expected: { 'R2.4': 'untested' }, absentSubject: { npmTest: true },
    description: 'The page with the control that throws in the browser (/demos/client-error) is gone: nothing throws without a status code, so R2.4 is untested, not failed.',
    rename: [removed('/demos/client-error', /^\/demos\/client-error\.html$/, 1)],
  },
  {
    id: 'R2.5-crash-page-removed', mode: 'static', declared: ['R2.5'], expected: { 'R2.5': 'passed' }, absentSubject: { npmTest: true },
    description: 'The page with the crash trigger (/demos/crash) is gone: R2.5 keeps its subject all the same, the home page whose own script the harness fails while it loads, so it still passes — a site without a crash button is judged as it is, with the profile and without.',
    rename: [removed('/demos/crash (page and page data)', /^\/demos\/crash\.(html|txt)$/, 2)],
  },
  {
    id: 'R2.8-tall-page-removed', mode: 'static', declared: ['R2.8'], expected: { 'R2.8': 'untested' }, absentSubject: {},
    zeroConfig: { expected: { 'R2.8': 'passed' }, because: 'discovery takes another page of the site that scrolls (the home page, in the window the harness chooses): R2.8 keeps a subject' },
    description: 'The tall page R2.8 scrolls and comes back to (/demos/tall) is gone: no Back to a page left scrolled down, so R2.8 is untested, not failed.',
    rename: [removed('/demos/tall (page and page data)', /^\/demos\/tall\.(html|txt)$/, 2)],
  },
  {
    id: 'R2.9-announced-pages-removed', mode: 'static', declared: ['R2.9'], expected: { 'R2.9': 'untested' }, absentSubject: {},
    description: 'The announcer\'s titled and untitled pages (/about, /demos/untitled) are gone: no client navigation reaches a page without a title, so the heading part, and R2.9, are untested, not failed.',
    rename: [removed('/about and /demos/untitled (pages and page data)', /^\/(about|demos\/untitled)\.(html|txt)$/, 4)],
  },
  {
    // The header's links to /, /about and /contact are made by a client component (in its chunk,
    // not in the flight data), so they still navigate on the client and fetch page data with a text
    // suffix — C7.2 rightly stays passed on this change, and C7.3 keeps its subject in them.
    id: 'C7.3-plain-anchors', mode: 'static', declared: ['C7.3'], expected: { 'C7.3': 'passed' },
    description: 'Every router link in the App Router pages\' flight data is a plain <a>: the profile\'s page-data link (/demos/no-prefetch → /demos/plain) is a whole-page load, with no page-data request to read; the header\'s links are still router links, so C7.3 is judged on one of them all the same, by its other way (the harness lets that link\'s prefetch expire on a fake clock, and the navigation fetches its own data): passed, as a site is judged on the subject it has. C7.2-no-router-links removes that one too. (R2.7 fails on such links, truthfully: R2.7-plain-links.)',
    text: [{ what: 'router Link elements ($L client references with an href) in every page\'s flight data', path: /\.(html|txt)$/, kinds: ['html', 'data'], find: ROUTER_LINK, replace: '$1a$2', count: [40, Infinity] }],
  },
  {
    id: 'C7.5-send-control-removed', mode: 'server', declared: ['C7.5'], expected: { 'C7.5': 'untested' }, absentSubject: {},
    zeroConfig: { expected: { 'C7.5': 'passed' }, because: 'discovery finds the server-function form by what it is, whatever its button says ("Submit"), and the call it makes is posted to the current path' },
    description: 'The server-function form has no "Send" button any more (its label reads "Submit"): the control the profile names is missing, no server-function call is made, so C7.5 is untested, not failed.',
    probe: ['/demos/action'],
    text: [
      { what: 'button label in the server-rendered HTML', path: /^\/demos\/action$/, kinds: ['html'], find: />Send<\/button>/, replace: '>Submit</button>', count: 1 },
      { what: 'button label in the form\'s client chunk', path: /^\/_next\/static\/chunks\/app\/.*demos\/action\/page[^/]*\.js$/, kinds: ['js'], find: /\}\),"Send"\]\}/, replace: '}),"Submit"]}', count: 1 },
    ],
  },
  {
    id: 'K9.2-no-data-fetch', mode: 'server', declared: ['K9.2'], expected: { 'K9.2': 'untested' }, absentSubject: {},
    description: 'The pages under /demos/retry/ no longer fetch their data after loading (their fallback HTML says isFallback: false): no page-data fetch to answer with a server error, so K9.2 is untested, not failed.',
    probe: ['/demos/retry/mutant-probe'],
    text: [{ what: 'isFallback in the fallback HTML of /demos/retry/<slug>', path: /^\/demos\/retry\/[^/]+$/, kinds: ['html'], find: /"isFallback":true/, replace: '"isFallback":false', count: [1, Infinity] }],
  },
  {
    // The header's links are a client component's (outside the flight data): its nav items have a
    // `plain` flag (plain <a> when set) and the brand link is a Link; both made plain <a> here.
    id: 'C7.2-no-router-links', mode: 'static', declared: ['C7.2', 'C7.3', 'K9.4'], expected: { 'C7.2': 'untested', 'C7.3': 'untested', 'K9.4': 'untested' }, absentSubject: {},
    zeroConfig: { expected: { 'C7.2': 'untested', 'C7.3': 'failed', 'K9.4': 'failed' }, because: 'with no App Router page prefetching, discovery takes a Pages Router page\'s prefetches (/demos/status), whose data cache never expires: the Pages Router\'s own contradiction of K9.4, truthfully failed; C7.3 is judged there once the harness fails that page\'s prefetches, and the click\'s own data request (/_next/data/<build>/demos/status/400.json) carries no current address and no router state: the Pages Router\'s own contradiction of C7.3, truthfully failed' },
    description: 'No router link anywhere: every Link in the flight data and the header\'s links are plain <a>. No App Router navigation fetches page data and nothing is prefetched, so C7.2 (page data of navigations), C7.3 (what such a request carries, by either way: the profile\'s link, or a prefetch let expire) and K9.4 (prefetched data aged to 5 minutes) have no subject: untested, not failed. (R2.7 fails on such links, truthfully: R2.7-plain-links.)',
    text: [
      { what: 'router Link elements ($L client references with an href) in every page\'s flight data', path: /\.(html|txt)$/, kinds: ['html', 'data'], find: ROUTER_LINK, replace: '$1a$2', count: [40, Infinity] },
      { what: 'the header\'s nav items all plain <a> (their `plain` flag read as set)', path: LAYOUT_CHUNK, kinds: ['js'], find: /children:[\w$]+\.plain\?/, replace: 'children:!0?', count: 1 },
      { what: 'the header\'s brand link a plain <a>', path: LAYOUT_CHUNK, kinds: ['js'], find: /(\(0,[\w$]+\.jsxs?\))\([\w$]+\(\),(\{href:"\/",className:"brand")/, replace: '$1("a",$2', count: 1 },
    ],
  },
  {
    // Only a rebuild can flatten a group: it is in the router tree of every answer (delivery/source.ts).
    id: 'R2.6-group-flattened', mode: 'static', declared: ['R2.6'], expected: { 'R2.6': 'untested' }, absentSubject: {},
    description: 'The route group (site) is flattened: app/(site)/* moved to app/ (imports re-pointed) and the export built anew. The reference profile still says /, /about and /demos/tall live in (site), but no page\'s router tree names a group: R2.6 has no subject, untested naming the profile\'s pages — not passed on the profile\'s word.',
    source: { moveChildren: [{ from: 'site/app/(site)', to: 'site/app' }] },
  },
  {
    // C7.4's text says stylesheets exist, so taking them all away contradicts it (spec/clauses/section-7.ts
    // readings): failed, naming the pages, not untested. Scripts stay: the pages are still the site's own.
    id: 'C7.4-no-stylesheet', mode: 'static', declared: ['C7.4'], expected: { 'C7.4': 'failed' }, absentSubject: {},
    description: 'No page loads a stylesheet: the <link rel="stylesheet"> of every page, the stylesheet links of the flight data and the style hints (:HL) are gone, so a first load of the site\'s own pages loads scripts and no stylesheet. "It loads script and stylesheet assets" is contradicted: C7.4 failed, not untested.',
    text: [
      { what: 'the stylesheet link of every page\'s HTML', path: /\.html$/, kinds: ['html'], find: /<link rel="stylesheet" href="\/_next\/static\/css\/[^"]+"[^>]*\/>/, replace: '', count: [20, Infinity] },
      { what: 'stylesheet links in the flight data (HTML-escaped or not)', path: /\.(html|txt)$/, kinds: ['html', 'data'], find: /(\\?"rel\\?":\\?")stylesheet(\\?")/, replace: '$1x-no-stylesheet$2', count: [20, Infinity] },
      { what: 'style hints in the flight data (:HL rows)', path: /\.(html|txt)$/, kinds: ['html', 'data'], find: /:HL\[\\?"\/_next\/static\/css\/[^"\\]+\\?",\\?"style\\?"\](\\n|\n)/, replace: '', count: [20, Infinity] },
    ],
  },
  {
    // K9.5 only: the header's links (a client component's, outside the flight data) still prefetch
    // /, /about and /contact, which K9.4 times truthfully (it stays passed on this change).
    id: 'K9.5-links-not-prefetching', mode: 'static', declared: ['K9.5'], expected: { 'K9.5': 'untested' }, absentSubject: {},
    zeroConfig: { expected: { 'K9.5': 'passed' }, because: 'discovery takes another page with enough prefetched links (the home page), where 5 prefetches run at a time' },
    description: 'Every router link in the flight data of /demos/links has prefetch={false}: only the header\'s 3 links prefetch there, fewer than the 6 a limit of 5 at a time needs, so K9.5 is untested, not failed.',
    text: [
      { what: 'prefetch={false} on every router link of /demos/links (flight data in the HTML)', path: /^\/demos\/links\.html$/, kinds: ['html'], find: /(\[\\"\$\\",\\"\$L[0-9a-f]+\\",null,\{(?:\\"(?:className|prefetch)\\":(?:\\"[^"\\]*\\"|true|false|null),)*\\"href\\":\\"\/[^"\\]*\\")/, replace: '$1,\\"prefetch\\":false', count: [10, Infinity] },
      { what: 'prefetch={false} on every router link of /demos/links (page data)', path: /^\/demos\/links\.txt$/, kinds: ['data'], find: /(\["\$","\$L[0-9a-f]+",null,\{(?:"(?:className|prefetch)":(?:"[^"]*"|true|false|null),)*"href":"\/[^"]*")/, replace: '$1,"prefetch":false', count: [10, Infinity] },
    ],
  },
];
