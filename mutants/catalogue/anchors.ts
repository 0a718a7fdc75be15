// Anchors and helpers the mutants share: paths and patterns of the built reference site (Next.js 15.5).
import type { RenameRule, TextRule } from '../delivery/rules';

/** Client chunks (top level, not the Pages Router's per-page chunks). */
export const SHARED_CHUNK = /^\/_next\/static\/chunks\/[^/]+\.js$/;
export const MAIN_CHUNK = /^\/_next\/static\/chunks\/main-[^/]+\.js$/;
export const PAGES_CHUNK = /^\/_next\/static\/chunks\/pages\/.+\.js$/;
/** The root layout's client chunk (the site header and its menu). */
export const LAYOUT_CHUNK = /^\/_next\/static\/chunks\/app\/layout-[^/]+\.js$/;
export const GLOBAL_ERROR_CHUNK = /^\/_next\/static\/chunks\/app\/global-error-[^/]+\.js$/;
/** The pre-rendered generic error pages of the Pages Router (/demos/status, /demos/status/<code>). */
export const STATUS_HTML = /^\/demos\/status(\/[^/]+)?\.html$/;
/** Prefetch cache lifetimes, inlined from experimental.staleTimes { dynamic: 30, static: 300 }. */
export const STALE_TIMES = /([\w$]+)=1e3\*Number\("30"\),([\w$]+)=1e3\*Number\("300"\)/;
/** staleTimes { dynamic, static } (s) written into the router chunk in place of { 30, 300 }. */
export const staleTimes = (what: string, dynamic: number, stat: number): TextRule[] => [{
  what, path: SHARED_CHUNK, kinds: ['js'], find: STALE_TIMES, replace: `$1=1e3*Number("${dynamic}"),$2=1e3*Number("${stat}")`, count: 1,
}];
/** The links K9.3's prefetched ways start from, made not to prefetch (server HTML: the flight data in it). */
export const NOT_PREFETCHED: TextRule[] = [
  { what: 'prefetch of the hub\'s link to the dynamic page (hub HTML)', path: /^\/demos\/dynamic-hub$/, kinds: ['html'], find: /(\\"href\\":\\"\/demos\/dynamic\\",\\"prefetch\\":)true/, replace: '$1false', count: 1 },
  { what: 'prefetch of the link to /demos/links/1 (links page HTML)', path: /^\/demos\/links$/, kinds: ['html'], find: /(\\"href\\":\\"\/demos\/links\/1\\")/, replace: '$1,\\"prefetch\\":false', count: 1 },
];

/** Export files taken out of the site (moved where nothing links): the host then answers their addresses. */
export const REMOVED = '/_removed-by-mutant';
export const removed = (what: string, path: RegExp, count: RenameRule['count']): RenameRule => ({ what, path, to: (p) => `${REMOVED}${p}`, count });
/** A router link in flight data (HTML-escaped or not): `["$","$L5",null,{"href":"/…` (a className or prefetch may come first) — the client reference made a plain "a". */
export const ROUTER_LINK = /(\[\\?"\$\\?",\\?")\$L[0-9a-f]+(\\?",null,\{(?:\\?"(?:className|prefetch)\\?":(?:\\?"[^"\\]*\\?"|true|false|null),)*\\?"href\\?":\\?"\/)/;

export const CLIENT_FAILURE = 'Application error: a client-side exception has occurred (see the browser console for more information).';
export const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
