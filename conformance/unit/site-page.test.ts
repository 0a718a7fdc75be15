import { describe, expect, it } from 'vitest';
import { assetPrefixOf, htmlIsOfSite, unusablePage } from '../observers/site-page';
import { groupsInFlightText, groupsInSegment, groupsInStateTree, groupsInTree } from '../observers/route-groups';

describe('only the site\'s own pages are evidence (observers/site-page.ts)', () => {
  it('reads the asset prefix the home page\'s scripts come from: plain, under a basePath, on a CDN', () => {
    expect(assetPrefixOf('<script src="/_next/static/chunks/main.js" async></script>')).toBe('/_next/static/');
    expect(assetPrefixOf('<link rel="stylesheet" href="/docs/_next/static/css/a.css"><script src="/docs/_next/static/x.js">')).toBe('/docs/_next/static/');
    expect(assetPrefixOf('<script src="https://cdn.example/site/_next/static/chunks/a.js"></script>')).toBe('https://cdn.example/site/_next/static/');
    expect(assetPrefixOf('<h1>404 Not Found</h1><hr><center>nginx</center>')).toBeUndefined();
  });

  it('knows a page of the site by a script under its prefix or the framework\'s bootstrap data, and a host\'s page by neither', () => {
    expect(htmlIsOfSite('<script src="/_next/static/chunks/a.js"></script>')).toBe(true);
    expect(htmlIsOfSite('<script id="__NEXT_DATA__" type="application/json">{}</script>')).toBe(true);
    expect(htmlIsOfSite('<script>self.__next_f.push([1,""])</script>')).toBe(true);
    expect(htmlIsOfSite('<script src="http://127.0.0.1:3000/docs/_next/static/a.js"></script>', '/docs/_next/static/')).toBe(true);
    expect(htmlIsOfSite('<script src="/_next/static/a.js"></script>', '/docs/_next/static/')).toBe(false);
    expect(htmlIsOfSite('<h1>404 Not Found</h1><hr><center>nginx/1.22.1</center>')).toBe(false);
    expect(htmlIsOfSite('<!doctype html><title>Error</title><pre>Cannot GET /about</pre>')).toBe(false);
  });

  it('says why a page cannot be used: another server\'s page always, an error status only where the page must exist', () => {
    const host404 = { path: '/about', status: 404, ofSite: false };
    expect(unusablePage(host404)).toBe('/about answered HTTP 404 with a page that is not this site\'s: it loads no script under /_next/static/ and carries no framework bootstrap data (another server\'s page is no evidence of the site)');
    expect(unusablePage(host404, { errorPath: true })).toContain('not this site\'s');
    expect(unusablePage({ path: '/about', status: 404, ofSite: true })).toContain('/about answered HTTP 404: the page must exist on the site');
    expect(unusablePage({ path: '/no-such-page', status: 404, ofSite: true }, { errorPath: true })).toBeUndefined();
    expect(unusablePage({ path: '/about', status: 200, ofSite: true })).toBeUndefined();
  });
});

describe('route groups seen from outside (observers/route-groups.ts)', () => {
  it('finds group segments in a router tree, its URL-encoded header and flight text', () => {
    const tree = ['', { children: ['(site)', { children: ['about', { children: ['__PAGE__', {}] }] }] }, null, null, true];
    expect(groupsInTree(tree)).toEqual(['(site)']);
    const header = encodeURIComponent(JSON.stringify(tree));
    expect(groupsInStateTree({ url: 'http://x/about.txt', method: 'GET', resourceType: 'fetch', headers: { 'Next-Router-State-Tree': header } })).toEqual(['(site)']);
    expect(groupsInStateTree({ url: 'http://x/about.txt', method: 'GET', resourceType: 'fetch', headers: {} })).toEqual([]);
    // As written in a page's flight data (14.2–16), and not from a parenthesised word in the page's text.
    expect(groupsInFlightText('"f":[[["",{"children":["(marketing)",{"children":["about",{"children":["__PAGE__",{}]}]}]},"$undefined"')).toEqual(['(marketing)']);
    expect(groupsInFlightText('5:[["children",{"s":"(marketing)","h":512,"d":{"r":["$","$1","c",')).toEqual(['(marketing)']);
    expect(groupsInFlightText('["$","p",null,{"children":["lives in a group, ","(site)"," yet"]}]')).toEqual([]);
  });

  it('decodes Next 16\'s per-segment prefetch file names', () => {
    expect(groupsInSegment({ url: 'http://x/about/__next.!KG1hcmtldGluZyk.about.__PAGE__.txt', method: 'GET', resourceType: 'fetch', headers: {} })).toEqual(['(marketing)']);
    expect(groupsInSegment({ url: 'http://x/about/__next._tree.txt', method: 'GET', resourceType: 'fetch', headers: {} })).toEqual([]);
  });
});
