import { siteFetch } from '../access/site-fetch';
import { isAllowed, parseRobots, type RobotsRules } from './robots';
import { onTargetOrigin, parseSitemap } from './sitemap';
import { patience } from '../run/slow';

/** robots.txt and sitemap.xml of an origin, fetched once before the crawl (bounded, never fatal). */

const FETCH_TIMEOUT_MS = 5_000;

async function fetchText(url: string): Promise<string | undefined> {
  try {
    const res = await siteFetch(url, { signal: AbortSignal.timeout(patience(FETCH_TIMEOUT_MS)), redirect: 'follow' });
    if (!res.ok) { await res.body?.cancel(); return undefined; }
    const type = res.headers.get('content-type') ?? '';
    // A site that answers every path with its HTML shell has no robots.txt or sitemap.
    if (/text\/html/i.test(type)) { await res.body?.cancel(); return undefined; }
    return await res.text();
  } catch {
    return undefined;
  }
}

export async function loadRobots(origin: string): Promise<RobotsRules | undefined> {
  const text = await fetchText(`${origin}/robots.txt`);
  return text === undefined ? undefined : parseRobots(text);
}

/**
 * Paths listed by the site's sitemap(s): those robots.txt names, else /sitemap.xml, each fetched
 * from the target's origin. Locs of another origin are mapped onto the target's (sitemap.ts
 * onTargetOrigin says why); `rebasedFrom` names those origins. A sitemap index is followed one
 * level, at most `maxFiles` files.
 */
export async function loadSitemapPaths(origin: string, robots: RobotsRules | undefined, limit: number, maxFiles = 5): Promise<{ found: boolean; paths: string[]; rebasedFrom: string[] }> {
  const named = robots?.sitemaps.length ? robots.sitemaps : ['/sitemap.xml'];
  const queue = named.map((s) => onTargetOrigin(s, `${origin}/`, origin)).filter((x) => x !== undefined);
  const paths: string[] = [];
  const rebasedFrom = new Set<string>();
  const fetched = new Set<string>();
  let found = false;
  for (let files = 0; queue.length && files < maxFiles && paths.length < limit;) {
    const file = queue.shift()!;
    if (fetched.has(file.url)) continue;
    fetched.add(file.url);
    files++;
    if (file.rebasedFrom) rebasedFrom.add(file.rebasedFrom);
    const xml = await fetchText(file.url);
    if (xml === undefined || !/<(urlset|sitemapindex)[\s>]/i.test(xml)) continue;
    found = true;
    const { locs, isIndex } = parseSitemap(xml);
    for (const loc of locs) {
      const t = onTargetOrigin(loc, file.url, origin);
      if (!t) continue;
      if (t.rebasedFrom) rebasedFrom.add(t.rebasedFrom);
      if (isIndex) queue.push(t);
      else paths.push(t.path);
    }
  }
  return { found, paths: [...new Set(paths)].slice(0, limit), rebasedFrom: [...rebasedFrom] };
}

export function allowedBy(robots: RobotsRules | undefined, path: string): boolean {
  return !robots || isAllowed(robots, path);
}
