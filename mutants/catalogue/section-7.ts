import type { Mutant } from './model';
import { SHARED_CHUNK } from './anchors';

/** The mutants of: 7. The calls it makes (joined in mutants/catalogue.ts). */
export const SECTION_7: Mutant[] = [
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
    // the suite must not read one into it, so this change must leave C7.4 passed.
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
];
