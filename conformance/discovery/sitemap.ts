/** The <loc> entries of a sitemap or sitemap index (no XML parser needed for this). */
export function parseSitemap(xml: string): { locs: string[]; isIndex: boolean } {
  const locs = [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/gi)].map((m) => decodeXml(m[1]));
  return { locs, isIndex: /<sitemapindex[\s>]/i.test(xml) };
}

function decodeXml(s: string): string {
  return s.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'");
}

/**
 * A sitemap <loc> (or robots.txt Sitemap line) as a URL on the target's origin, and the origin it
 * was written with when that was another one. Decision (docs/discovery.md#sitemaps): a sitemap
 * served by the target speaks for the target. Static exports and staging deployments carry the
 * production host in their locs — the build cannot know where it will be served — so an absolute
 * loc of another origin is mapped onto the target's origin, path kept; a relative loc (outside the
 * sitemap protocol, but written by hand) is resolved against the sitemap's own address. The crawl
 * never leaves the target's origin either way. Query and fragment are dropped (paths only).
 */
export function onTargetOrigin(loc: string, base: string, origin: string): { url: string; path: string; rebasedFrom?: string } | undefined {
  let u: URL;
  try { u = new URL(loc, base); } catch { return undefined; }
  if (!/^https?:$/.test(u.protocol)) return undefined;
  const url = `${origin}${u.pathname}`;
  return u.origin === origin ? { url, path: u.pathname } : { url, path: u.pathname, rebasedFrom: u.origin };
}
