import type { Mutant } from './model';
import { SHARED_CHUNK, PAGES_CHUNK, GLOBAL_ERROR_CHUNK, STATUS_HTML, CLIENT_FAILURE, esc } from './anchors';

/** The mutants of: 2. Screens and routes (joined in mutants/catalogue.ts). */
export const SECTION_2: Mutant[] = [
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
    // R2.7 fails: the text forbids full page reloads. R2.9 is untested: it judges client
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
];
