/** The script chunks webpack names after a page (Turbopack hashes every name: none of these match there). */

/** Where a Pages Router page's own chunk lives: /_next/static/chunks/pages/<path>- (index for /). */
function pageChunkPrefix(path: string): string {
  return `/_next/static/chunks/pages${path === '/' ? '/index' : path}-`;
}

/**
 * A script is that page's own chunk: the prefix, then the content hash and `.js` only — so
 * /dynamic's chunk is not /dynamic-direct's (`pages/dynamic-direct-<hash>.js` starts with
 * `pages/dynamic-` too).
 */
export function isPageChunk(script: string, path: string): boolean {
  let name: string;
  try { name = decodeURIComponent(script); } catch { return false; }
  const prefix = pageChunkPrefix(path);
  return name.startsWith(prefix) && /^[0-9a-f]+\.js$/.test(name.slice(prefix.length));
}

/** The App Router page chunk webpack names after the page: `/_next/static/chunks/app/(group)/about/page-<hash>.js` for /about. */
export function isAppPageChunk(script: string, path: string): boolean {
  let name: string;
  try { name = decodeURIComponent(script); } catch { return false; }
  const m = /^\/_next\/static\/chunks\/app((?:\/[^/]+)*)\/page-[0-9a-f]+\.js$/.exec(name);
  if (!m) return false;
  const route = m[1].split('/').filter((s) => s && !/^\(.*\)$/.test(s)).join('/');
  return `/${route}` === (path.length > 1 ? path.replace(/\/+$/, '') : path);
}
