import { describe, expect, it } from 'vitest';
import { decodeSegments, isNavigationFetch, isPageDataRequest, isPrefetchRequest, pageDataPath, readPageData, type RequestLike } from '../observers/page-data';

// Real request shapes of each version: URLs and headers recorded in Chromium from the matrix site's
// builds (.cache/implementations/, 2026-11-23: next 14.2.35 and 16.4.6 static exports) and from
// /work/shared/next-facts.md (15.5.29, next start); the client code of each version for the rest.
const O = 'http://127.0.0.1:4000';
const tree = '%5B%22%22%2C%7B%22children%22%3A%5B%22__PAGE__%22%2C%7B%7D%5D%7D%2Cnull%2Cnull%2Ctrue%5D';

function get(path: string, headers: Record<string, string> = {}, method = 'GET', resourceType = 'fetch'): RequestLike {
  return { url: O + path, method, resourceType, headers };
}
const rscNav = (from: string) => ({ rsc: '1', 'next-router-state-tree': tree, 'next-url': from });
const rscPrefetch = (from: string) => ({ ...rscNav(from), 'next-router-prefetch': '1' });

describe('Next 14.2 and 15.5, static export (App Router)', () => {
  it('reads a navigation fetch /plain.txt?_rsc=… as the page /plain, not a prefetch', () => {
    const r = get('/plain.txt?_rsc=8pidt', rscNav('/no-prefetch'));
    expect(readPageData(r)).toEqual({ shape: 'text-suffix', page: '/plain', prefetch: false });
    expect(isPageDataRequest(r)).toBe(true);
    expect(isNavigationFetch(r)).toBe(true);
  });

  it('reads the home page\'s /index.txt as /', () => {
    expect(readPageData(get('/index.txt?_rsc=1ayde', rscPrefetch('/plain')))).toEqual({ shape: 'text-suffix', page: '/', prefetch: true });
  });

  it('tells a prefetch by its Next-Router-Prefetch header', () => {
    const r = get('/posts/3.txt?_rsc=xb9hu', rscPrefetch('/posts'));
    expect(isPrefetchRequest(r)).toBe(true);
    expect(isNavigationFetch(r)).toBe(false);
    expect(readPageData(r)?.page).toBe('/posts/3');
  });
});

describe('Next 14.2 and 15.5 under next start (App Router)', () => {
  it('reads /about?_rsc=… with RSC: 1 as the page /about', () => {
    expect(readPageData(get('/about?_rsc=acgkz', rscNav('/hub')))).toEqual({ shape: 'rsc-query', page: '/about', prefetch: false });
  });

  it('reads the home page /?_rsc=… as /', () => {
    expect(readPageData(get('/?_rsc=1fj3k', rscPrefetch('/hub')))?.page).toBe('/');
  });

  it('reads an RSC request without the query (RSC header only) as page data', () => {
    expect(readPageData(get('/dynamic', rscNav('/dynamic-hub')))?.page).toBe('/dynamic');
  });

  it('names the page of an RSC request whatever its suffix, so only C7.2 judges the suffix', () => {
    expect(pageDataPath(`${O}/demos/plain.rsc?_rsc=abc`)).toBe('/demos/plain');
  });

  it('does not take a server-function POST for page data', () => {
    const r = get('/action', { ...rscNav('/action'), 'next-action': '7f3a', accept: 'text/x-component' }, 'POST');
    expect(readPageData(r)).toBeUndefined();
    expect(isPageDataRequest(r)).toBe(false);
  });
});

describe('Pages Router data (every version)', () => {
  it('reads /_next/data/<build>/posts/1.json as /posts/1 with its build identifier', () => {
    const r = get('/_next/data/k3Jd8s_2aQ/posts/1.json', { 'x-nextjs-data': '1' });
    expect(readPageData(r)).toEqual({ shape: 'pages-data', page: '/posts/1', prefetch: false, build: 'k3Jd8s_2aQ' });
  });

  it('reads index.json as the home page', () => {
    expect(pageDataPath(`${O}/_next/data/k3Jd8s_2aQ/index.json`)).toBe('/');
  });

  it('tells a Pages Router prefetch by Purpose: prefetch', () => {
    expect(isPrefetchRequest(get('/_next/data/b1/retry/x.json', { purpose: 'prefetch', 'x-nextjs-data': '1' }))).toBe(true);
  });

  it('does not count the background HEAD after a successful data fetch as a fetch of page data', () => {
    const r = get('/_next/data/b1/retry/k92-abc.json', { 'x-nextjs-data': '1' }, 'HEAD');
    expect(isPageDataRequest(r)).toBe(false);
    expect(readPageData(r)?.page).toBe('/retry/k92-abc');
  });
});

describe('Next 16, static export (per-segment prefetch files)', () => {
  it('maps the route tree file /posts/1/__next._tree.txt to the page /posts/1, as a prefetch', () => {
    const r = get('/posts/1/__next._tree.txt?_rsc=pQ1of4f_wOzXz5Ba', { rsc: '1', 'next-router-segment-prefetch': '/_tree', 'next-router-prefetch': '1', 'next-url': '/posts' });
    expect(readPageData(r)).toEqual({ shape: 'segment', page: '/posts/1', prefetch: true, segment: '_tree' });
    expect(isPageDataRequest(r)).toBe(true);
    expect(isNavigationFetch(r)).toBe(false);
  });

  it('maps a page segment file with a base64url route group to its page', () => {
    const r = get('/about/__next.!KG1hcmtldGluZyk.about.__PAGE__.txt?_rsc=qCDHF_Hmp3h5Qjr7', { rsc: '1', 'next-router-segment-prefetch': '/!KG1hcmtldGluZyk/about/__PAGE__', 'next-router-prefetch': '1', 'next-url': '/hub' });
    expect(readPageData(r)).toEqual({ shape: 'segment', page: '/about', prefetch: true, segment: '(marketing)/about/__PAGE__' });
  });

  it('maps the home page\'s segment files to /', () => {
    expect(readPageData(get('/__next._tree.txt', rscPrefetch('/posts')))?.page).toBe('/');
    expect(readPageData(get('/__next.__PAGE__.txt?_rsc=JnFAVDF_tVkNAzCl', rscPrefetch('/plain')))?.page).toBe('/');
    expect(readPageData(get('/__next.txt', rscPrefetch('/posts')))).toMatchObject({ page: '/', segment: '' });
  });

  it('maps a dynamic page\'s segment file (/posts/[id]) to the page it was asked for', () => {
    const r = get('/posts/7/__next.posts.$d$id.__PAGE__.txt?_rsc=iakcPMFMs4m-a8D7', { rsc: '1', 'next-router-segment-prefetch': '/posts/$d$id/__PAGE__', 'next-router-prefetch': '1', 'next-url': '/posts' });
    expect(readPageData(r)).toEqual({ shape: 'segment', page: '/posts/7', prefetch: true, segment: 'posts/$d$id/__PAGE__' });
  });

  it('maps the head segment file to its page', () => {
    expect(readPageData(get('/posts/2/__next._head.txt', rscPrefetch('/posts')))).toMatchObject({ page: '/posts/2', segment: '_head' });
  });

  it('counts the HEAD check of a link as a prefetch of that page but not as page data', () => {
    const r = get('/posts/4', {}, 'HEAD');
    expect(readPageData(r)).toEqual({ shape: 'head-check', page: '/posts/4', prefetch: true });
    expect(isPrefetchRequest(r)).toBe(true);
    expect(isPageDataRequest(r)).toBe(false);
  });

  it('still reads a navigation without prefetch as /plain.txt', () => {
    expect(readPageData(get('/plain.txt?_rsc=vR_GSfcIZhOrS-CD', rscNav('/no-prefetch')))).toEqual({ shape: 'text-suffix', page: '/plain', prefetch: false });
  });
});

describe('Next 16 under next start', () => {
  it('reads a segment prefetch by its Next-Router-Segment-Prefetch header', () => {
    const r = get('/posts/5?_rsc=m2k1', { ...rscPrefetch('/posts'), 'next-router-segment-prefetch': '/_tree' });
    expect(readPageData(r)).toEqual({ shape: 'rsc-query', page: '/posts/5', prefetch: true, segment: '_tree' });
  });
});

describe('what is not page data', () => {
  it('leaves out documents, scripts, stylesheets and images', () => {
    expect(readPageData(get('/about', {}, 'GET', 'document'))).toBeUndefined();
    expect(readPageData(get('/_next/static/chunks/app/page-3f2a.js', {}, 'GET', 'script'))).toBeUndefined();
    expect(readPageData(get('/_next/static/css/a1b2.css', {}, 'GET', 'stylesheet'))).toBeUndefined();
    expect(readPageData(get('/vercel.svg', {}, 'GET', 'image'))).toBeUndefined();
  });

  it('leaves out an ordinary JSON fetch of the product', () => {
    expect(readPageData(get('/api/items?page=2', { accept: 'application/json' }))).toBeUndefined();
  });

  it('leaves out a HEAD of a framework asset', () => {
    expect(readPageData(get('/_next/static/chunks/main.js', {}, 'HEAD'))).toBeUndefined();
  });
});

describe('segment names', () => {
  it('decodes base64url parts and keeps plain ones', () => {
    expect(decodeSegments('.!KG1hcmtldGluZyk.about.__PAGE__')).toBe('(marketing)/about/__PAGE__');
    expect(decodeSegments('._tree')).toBe('_tree');
  });
});
