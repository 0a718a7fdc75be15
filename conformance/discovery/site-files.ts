import { isAllowed, parseRobots, type RobotsRules } from './robots';
import { parseSitemap } from './sitemap';

/** robots.txt and sitemap.xml of an origin, fetched once before the crawl (bounded, never fatal). */

const FETCH_TIMEOUT_MS = 5_000;

async function fetchText(url: string): Promise<string | undefined> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
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
 * Same-origin paths listed by the site's sitemap(s): those robots.txt names, else /sitemap.xml.
 * A sitemap index is followed one level, at most `maxFiles` files.
 */
export async function loadSitemapPaths(origin: string, robots: RobotsRules | undefined, limit: number, maxFiles = 5): Promise<{ found: boolean; paths: string[] }> {
  const queue = robots?.sitemaps.length ? [...robots.sitemaps] : [`${origin}/sitemap.xml`];
  const paths: string[] = [];
  let found = false;
  for (let files = 0; queue.length && files < maxFiles && paths.length < limit; files++) {
    const url = queue.shift()!;
    if (!sameOrigin(url, origin)) continue;
    const xml = await fetchText(url);
    if (xml === undefined || !/<(urlset|sitemapindex)[\s>]/i.test(xml)) continue;
    found = true;
    const { locs, isIndex } = parseSitemap(xml);
    if (isIndex) queue.push(...locs);
    else for (const loc of locs) if (sameOrigin(loc, origin)) paths.push(new URL(loc).pathname);
  }
  return { found, paths: [...new Set(paths)].slice(0, limit) };
}

function sameOrigin(url: string, origin: string): boolean {
  try { return new URL(url).origin === origin; } catch { return false; }
}

export function allowedBy(robots: RobotsRules | undefined, path: string): boolean {
  return !robots || isAllowed(robots, path);
}
