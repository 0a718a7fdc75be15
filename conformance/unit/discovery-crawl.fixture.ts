import type { Crawl, CrawledLink, CrawledPage } from '../crawl/model';
import { emptyPage } from '../crawl/model';

/** A synthetic crawl for the discovery unit tests: pages and links written compactly. */

export function link(path: string, o: Partial<CrawledLink> = {}): CrawledLink {
  return { path, href: path, text: path, inView: true, visible: true, inNav: false, inMain: true, prefetched: true, prefetchedOnScroll: false, ...o };
}

export function pageOf(path: string, o: Partial<CrawledPage> = {}): CrawledPage {
  return { ...emptyPage(path), status: 200, title: `Title of ${path}`, hasTitleElement: true, firstHeading: `Heading of ${path}`, appRouter: true, hydrated: true, scrollHeight: 720, viewportHeight: 720, pageDataRequested: ['/'], ...o };
}

export function crawlOf(pages: CrawledPage[], mode: 'static' | 'server' = 'static'): Crawl {
  return {
    origin: 'http://127.0.0.1:3000', mode, pages,
    robots: { found: false, disallows: 0, ignored: false }, sitemap: { found: false, paths: 0 },
    skippedByRobots: [], notVisited: 0, shapes: [], durationMs: 1000,
  };
}

/** Something like the reference site, as a crawl would see it. */
export function referenceLike(mode: 'static' | 'server' = 'static'): Crawl {
  const nav = ['/', '/about', '/contact'].map((p) => link(p, { inNav: true, inMain: false }));
  const grid = Array.from({ length: 10 }, (_, i) => link(`/demos/links/${i + 1}`));
  const pages = [
    pageOf('/', { links: [...nav, link('/demos/tall'), link('/demos/untitled', { prefetched: false, prefetchedOnScroll: true, inView: false }), link('/demos/links'), link('/demos/broken-link')] }),
    pageOf('/about', { links: [...nav] }),
    pageOf('/contact', { links: [...nav, link('/about')] }),
    pageOf('/demos/tall', { scrollHeight: 4000, links: [...nav, link('/demos/plain', { inView: false, prefetched: false, prefetchedOnScroll: true })] }),
    pageOf('/demos/plain', { links: [...nav, link('/about')] }),
    pageOf('/demos/untitled', { title: '', hasTitleElement: false, firstHeading: 'Untitled page heading', links: nav }),
    pageOf('/demos/links', { links: [...nav, ...grid] }),
    ...grid.map((l) => pageOf(l.path, { links: nav })),
    pageOf('/demos/no-prefetch', { links: [...nav, link('/demos/plain', { prefetched: false })] }),
    pageOf('/demos/broken-link', { links: [...nav, link('/demos/missing-page', { prefetched: false })] }),
    pageOf('/demos/missing-page', { status: 404, title: '404: This page could not be found.', firstHeading: '404', errorTexts: ['This page could not be found.'], links: [link('/', { prefetched: false })] }),
    pageOf('/demos/crash', { buttons: ['Crash this page'], links: nav }),
    pageOf('/demos/client-error', { appRouter: false, pagesRouter: true, buttons: ['Throw an error'], links: [link('/', { prefetched: false })] }),
    pageOf('/demos/status/404', { appRouter: false, pagesRouter: true, firstHeading: '404', errorTexts: ['This page could not be found.'] }),
    pageOf('/demos/status/418', { appRouter: false, pagesRouter: true, firstHeading: '418', errorTexts: ['An unexpected error has occurred.'] }),
    pageOf('/demos/timeout', { appRouter: false, pagesRouter: true, scripts: ['/_next/static/chunks/pages/demos/timeout-abc.js'], links: [link('/demos/timeout/target', { prefetched: false, hoverLoads: ['/_next/static/chunks/pages/demos/timeout/target-def.js'] }), link('/demos/status', { prefetched: false })] }),
    pageOf('/demos/timeout/target', { appRouter: false, pagesRouter: true, scripts: ['/_next/static/chunks/pages/demos/timeout/target-def.js'] }),
  ];
  // The follow-up click on the never-prefetched link: the router fetched its page data, no document load.
  return { ...crawlOf(pages, mode), clicks: [{ from: '/demos/no-prefetch', to: '/demos/plain', clientSide: true, pageData: true, pageDataShape: 'text-suffix' }] };
}
