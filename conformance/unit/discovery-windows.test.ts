import { describe, expect, it } from 'vitest';
import { fillScenarios } from '../discovery/scenarios';
import { LOW_WINDOW, SCROLL, scrollsInLowWindow } from '../scenarios/windows';
import { crawlOf, link, pageOf } from './discovery-crawl.fixture';

// The harness chooses the window: an ordinary page is R2.8's and K9.5's subject at the window the
// test sets, so the pickers take it by what it shows there.
describe('pickers for the windows the tests choose', () => {
  const nav = ['/', '/about', '/contact'].map((p) => link(p, { inNav: true, inMain: false }));

  it('R2.8: a page 1000 px taller than the window first; else an ordinary page that scrolls far enough in the low window', () => {
    const ordinary = [pageOf('/', { links: nav }), pageOf('/about', { scrollHeight: 900, links: nav }), pageOf('/contact', { links: nav })];
    expect(fillScenarios(crawlOf(ordinary)).scenarios.scroll).toEqual({ tall: '/about', other: '/contact' });
    const withTall = [...ordinary, pageOf('/tall', { scrollHeight: 2000, links: nav })];
    expect(fillScenarios(crawlOf(withTall)).scenarios.scroll?.tall).toBe('/tall');
  });

  it('R2.8: a page no taller than the default window (its content may be shorter) is no subject', () => {
    const short = [pageOf('/', { links: nav }), pageOf('/about', { links: nav }), pageOf('/contact', { links: nav })];
    expect(fillScenarios(crawlOf(short)).scenarios.scroll).toBeUndefined();
    expect(scrollsInLowWindow({ scrollHeight: 720, viewportHeight: 720 })).toBe(false);
    expect(scrollsInLowWindow({ scrollHeight: 721, viewportHeight: 720 })).toBe(true);
    expect(scrollsInLowWindow({ scrollHeight: 720, viewportHeight: 720, lowWindowScroll: SCROLL.MIN })).toBe(true);
  });

  it('R2.8: a page no taller than the default window is a subject where the crawl measured it scrolling far enough in the low window; the farthest first', () => {
    const home = pageOf('/', { links: nav, lowWindowScroll: 285 });
    const about = pageOf('/about', { links: nav, lowWindowScroll: SCROLL.MIN - 1 });
    const contact = pageOf('/contact', { links: nav, lowWindowScroll: 240 });
    expect(fillScenarios(crawlOf([about, contact, home])).scenarios.scroll?.tall).toBe('/');
    expect(fillScenarios(crawlOf([about])).scenarios.scroll).toBeUndefined();
    expect(LOW_WINDOW.height + SCROLL.MIN).toBeLessThan(720);
  });

  it('K9.5: 6 links prefetched in view in <main> first; else 6 prefetched anywhere on the page, scrolled to or not', () => {
    const posts = Array.from({ length: 9 }, (_, i) => link(`/posts/${i + 1}`, { inView: i < 3, prefetched: i < 3, prefetchedOnScroll: i >= 3 }));
    const pages = [pageOf('/', { links: nav }), pageOf('/posts', { links: [...nav, ...posts] }), ...posts.map((l) => pageOf(l.path))];
    expect(fillScenarios(crawlOf(pages)).scenarios.prefetch).toEqual({ page: '/posts', minLinks: 10 });
    const grid = Array.from({ length: 6 }, (_, i) => link(`/grid/${i + 1}`));
    const withGrid = [...pages, pageOf('/grid', { links: grid }), ...grid.map((l) => pageOf(l.path))];
    expect(fillScenarios(crawlOf(withGrid)).scenarios.prefetch).toEqual({ page: '/grid', minLinks: 6 });
  });

  it('K9.5: an ordinary post list with a menu is a subject: its menu links count with its posts (one more than the 5 in flight)', () => {
    const posts = Array.from({ length: 3 }, (_, i) => link(`/posts/${i + 1}`));
    const pages = [pageOf('/', { links: nav }), pageOf('/posts', { links: [...nav, ...posts] }), ...posts.map((l) => pageOf(l.path, { links: nav }))];
    expect(fillScenarios(crawlOf(pages)).scenarios.prefetch).toEqual({ page: '/posts', minLinks: 6 });
  });

  it('K9.5: a page with fewer than 6 prefetched links is no subject, however tall the window', () => {
    const few = Array.from({ length: 2 }, (_, i) => link(`/posts/${i + 1}`, { inView: false, prefetched: false, prefetchedOnScroll: true }));
    const plain = link('/privacy', { inNav: false, inMain: false, prefetched: false });
    const pages = [pageOf('/', { links: nav }), pageOf('/posts', { links: [...nav, ...few, plain] }), ...few.map((l) => pageOf(l.path)), pageOf('/privacy')];
    expect(fillScenarios(crawlOf(pages)).scenarios.prefetch).toBeUndefined();
  });
});
