/**
 * Routes read from the paths of the code a page loaded: pure string work, shared by discovery (which
 * records them) and the scenario pickers (which match them against addresses).
 */

/** A route group folder name ("(marketing)"); "(.)x" and "(..)x" are intercepting routes, not groups. */
const GROUP = /^\((?!\.)[^()/]+\)$/;
const APP_PAGE_CHUNK = /^\/_next\/static\/chunks\/app((?:\/[^/]+)*)\/page-[^/]+\.js$/;

/**
 * Route groups named by the App Router page chunks among `scripts` (same-origin paths): Webpack
 * writes each page's code to `/_next/static/chunks/app/<its source folders>/page-<hash>.js`, groups
 * included (`app/(marketing)/about/page-….js` holds the page at /about). The route is written as its
 * address would be: groups and parallel-route slots (`@x`) left out, `[param]` kept. Turbopack
 * (Next.js 16) hashes chunk names, so its chunks name none.
 */
export function chunkRouteGroups(scripts: string[]): { group: string; route: string }[] {
  const out: { group: string; route: string }[] = [];
  for (const s of scripts) {
    let path: string;
    try { path = decodeURIComponent(s); } catch { continue; }
    const m = APP_PAGE_CHUNK.exec(path);
    if (!m) continue;
    const segs = m[1].split('/').filter(Boolean);
    const groups = segs.filter((x) => GROUP.test(x));
    if (!groups.length) continue;
    const route = `/${segs.filter((x) => !GROUP.test(x) && !x.startsWith('@') && !x.startsWith('(')).join('/')}`;
    for (const group of groups) if (!out.some((o) => o.group === group && o.route === route)) out.push({ group, route });
  }
  return out;
}

/** `path` is an address of `route` ("/posts/[id]" matches "/posts/1"; catch-alls match the rest). */
export function routeMatches(route: string, path: string): boolean {
  const r = route.split('/').filter(Boolean);
  const p = path.split('/').filter(Boolean);
  for (let i = 0; i < r.length; i++) {
    if (/^\[\[?\.\.\./.test(r[i])) return r[i].startsWith('[[') || p.length > i;
    if (i >= p.length) return false;
    if (/^\[[^\]]+\]$/.test(r[i])) continue;
    if (r[i] !== p[i]) return false;
  }
  return r.length === p.length;
}
