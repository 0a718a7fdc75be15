import { describe, expect, it } from 'vitest';
import { mergeProfiles } from '../discovery/merge';
import { isAllowed, parseRobots } from '../discovery/robots';
import { groupByShape, routeShape } from '../crawl/shape';
import { parseSitemap } from '../discovery/sitemap';
import { crawlOrder, Frontier } from '../discovery/frontier';
import type { TargetProfile } from '../run/profile';
import { chunkRouteGroups, routeMatches } from '../crawl/chunk-routes';
import { isHtml } from '../discovery/visit';

describe('route shapes', () => {
  it('replace numbers, UUIDs, hashes and numbered slugs with :id and keep words', () => {
    expect(routeShape('/posts/1')).toBe('/posts/:id');
    expect(routeShape('/posts/2/comments/33')).toBe('/posts/:id/comments/:id');
    expect(routeShape('/u/3f2b1c4e-8a9d-4e2f-9c1a-0b2c3d4e5f60')).toBe('/u/:id');
    expect(routeShape('/o/5f8d0d55b54764421b7156c9')).toBe('/o/:id');
    expect(routeShape('/blog/hello-world-2024')).toBe('/blog/:id');
    expect(routeShape('/demos/plain')).toBe('/demos/plain');
    expect(routeShape('/')).toBe('/');
  });

  it('group paths and keep the first few of each shape in crawl order', () => {
    const g = groupByShape(['/', '/posts/1', '/posts/2', '/posts/3', '/posts/4', '/about'], 2);
    expect(g.find((x) => x.shape === '/posts/:id')).toEqual({ shape: '/posts/:id', paths: ['/posts/1', '/posts/2', '/posts/3', '/posts/4'], kept: ['/posts/1', '/posts/2'] });
    expect(g.map((x) => x.shape)).toEqual(['/', '/posts/:id', '/about']);
  });

  it('limit the loads per shape in the crawl queue while counting every path found', () => {
    const f = new Frontier(() => true, 2);
    for (const p of ['/', '/posts/1', '/posts/2', '/posts/3', '/logo.png']) f.add(p);
    const taken: string[] = [];
    for (let p = f.next(); p; p = f.next()) taken.push(p);
    expect(taken).toEqual(['/', '/posts/1', '/posts/2']);
    expect(f.shapes()).toContainEqual({ shape: '/posts/:id', found: 3, visited: 2 });
    // --all-pages lists what was found but never loaded: beyond a shape's share (files are no pages).
    expect(f.unvisited()).toEqual(['/posts/3']);
  });
});

describe('the crawl order', () => {
  it('is breadth-first from the seeds over the links, whichever tab finished first', () => {
    const ledTo = new Map([['/', ['/b', '/a']], ['/s', ['/c']], ['/b', ['/d']], ['/a', ['/b']]]);
    const done = ['/d', '/a', '/c', '/s', '/', '/b', '/menu-only'].map((path) => ({ path }));
    expect(crawlOrder(done, ['/', '/s'], ledTo).map((p) => p.path)).toEqual(['/', '/s', '/b', '/a', '/c', '/d', '/menu-only']);
  });
});

describe('robots.txt', () => {
  const text = `# comment
User-agent: *
Disallow: /private
Allow: /private/open
Disallow: /*.pdf$
Crawl-delay: 1

User-agent: OtherBot
Disallow: /

Sitemap: https://example.com/sitemap.xml`;

  it('applies the * group, the longest match winning and Allow winning a tie', () => {
    const r = parseRobots(text);
    expect(isAllowed(r, '/')).toBe(true);
    expect(isAllowed(r, '/private/x')).toBe(false);
    expect(isAllowed(r, '/private/open/page')).toBe(true);
    expect(isAllowed(r, '/file.pdf')).toBe(false);
    expect(isAllowed(r, '/file.pdf?x=1')).toBe(true);
    expect(r.sitemaps).toEqual(['https://example.com/sitemap.xml']);
    expect(r.crawlDelayS).toBe(1);
  });

  it('uses the group naming our agent instead of * when there is one', () => {
    const r = parseRobots('User-agent: *\nDisallow: /\n\nUser-agent: spec-conformance\nDisallow: /admin');
    expect(isAllowed(r, '/about')).toBe(true);
    expect(isAllowed(r, '/admin/x')).toBe(false);
  });

  it('allows everything when robots.txt is empty or has an empty Disallow', () => {
    expect(isAllowed(parseRobots(''), '/x')).toBe(true);
    expect(isAllowed(parseRobots('User-agent: *\nDisallow:'), '/x')).toBe(true);
  });
});

describe('sitemap.xml', () => {
  it('reads the <loc> entries of a url set and tells an index apart', () => {
    expect(parseSitemap('<urlset><url><loc>https://e.com/a?x=1&amp;y=2</loc></url><url><loc> https://e.com/b </loc></url></urlset>'))
      .toEqual({ locs: ['https://e.com/a?x=1&y=2', 'https://e.com/b'], isIndex: false });
    expect(parseSitemap('<sitemapindex><sitemap><loc>https://e.com/s1.xml</loc></sitemap></sitemapindex>').isIndex).toBe(true);
  });
});

describe('mergeProfiles', () => {
  const discovered: TargetProfile = { name: 'discovered', scenarios: { unknownPaths: { paths: ['/x'] }, brokenLink: { from: '/', href: '/gone' }, prefetch: { page: '/many' } } };
  const hand: TargetProfile = { name: 'mine', buildIdentifier: { headers: ['x-b'] }, scenarios: { brokenLink: { from: '/a', href: '/b' }, routeGroups: { pages: [{ path: '/about', group: '(site)' }] } } };

  it('keeps the hand-written scenario wherever one is given and fills only the gaps from discovery', () => {
    const { profile, sources } = mergeProfiles(hand, discovered);
    expect(profile.scenarios.brokenLink).toEqual({ from: '/a', href: '/b' });
    expect(profile.scenarios.unknownPaths).toEqual({ paths: ['/x'] });
    expect(profile.scenarios.routeGroups).toBeDefined();
    expect(sources).toEqual({ unknownPaths: 'discovered', brokenLink: 'profile', prefetch: 'discovered', routeGroups: 'profile' });
    expect(profile.name).toBe('mine');
    expect(profile.buildIdentifier).toEqual({ headers: ['x-b'] });
  });

  it('without a hand-written profile, takes everything from discovery', () => {
    const { profile, sources } = mergeProfiles(undefined, discovered);
    expect(profile.scenarios).toEqual(discovered.scenarios);
    expect(Object.values(sources).every((s) => s === 'discovered')).toBe(true);
  });
});

describe('route groups in the paths of code chunks', () => {
  it('are read from App Router page chunks, the route written as its address (groups and slots left out)', () => {
    expect(chunkRouteGroups([
      '/_next/static/chunks/app/layout-fac96c602f8e7aaa.js',
      '/_next/static/chunks/app/(marketing)/about/page-b64980b6aa6e98e3.js',
      '/_next/static/chunks/app/%28shop%29/products/%5Bid%5D/page-0a1b.js',
      '/_next/static/chunks/app/(marketing)/(legal)/terms/page-1.js',
      '/_next/static/chunks/app/@modal/(.)photo/[id]/page-2.js',
      '/_next/static/chunks/app/posts/page-981ae789e5f73cab.js',
      '/_next/static/chunks/pages/(weird)/x-3.js',
    ])).toEqual([
      { group: '(marketing)', route: '/about' },
      { group: '(shop)', route: '/products/[id]' },
      { group: '(marketing)', route: '/terms' },
      { group: '(legal)', route: '/terms' },
    ]);
  });

  it('match the addresses of their route', () => {
    expect(routeMatches('/about', '/about')).toBe(true);
    expect(routeMatches('/products/[id]', '/products/7')).toBe(true);
    expect(routeMatches('/products/[id]', '/products')).toBe(false);
    expect(routeMatches('/docs/[...all]', '/docs/a/b')).toBe(true);
    expect(routeMatches('/', '/')).toBe(true);
    expect(routeMatches('/about', '/about/team')).toBe(false);
  });
});

describe('what is a page', () => {
  it('is a document the browser read as HTML: never a manifest, feed, sitemap, JSON or text file', () => {
    expect(isHtml('text/html; charset=utf-8')).toBe(true);
    expect(isHtml('application/xhtml+xml')).toBe(true);
    for (const t of ['application/manifest+json; charset=utf-8', 'application/json', 'application/rss+xml', 'text/xml', 'text/plain', '']) expect(isHtml(t)).toBe(false);
  });
});
