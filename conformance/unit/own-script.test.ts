import { describe, expect, it } from 'vitest';
import { htmlScripts, ownScript } from '../observers/own-script';
import { isAppPageChunk } from '../scenarios/chunks';

const URL_ = 'http://127.0.0.1:3000/about';
const html = (...srcs: string[]) => `<html><head>${srcs.map((s) => `<script src="${s}" async=""></script>`).join('')}<script src="/_next/static/chunks/polyfills-1.js" noModule=""></script><script src="https://cdn.example/x.js"></script></head></html>`;

describe('a page\'s own script', () => {
  it('reads the same-origin scripts of the HTML, leaving out nomodule polyfills and other origins', () => {
    expect(htmlScripts(html('/_next/static/chunks/a.js', '/_next/static/chunks/b.js'), URL_)).toEqual(['/_next/static/chunks/a.js', '/_next/static/chunks/b.js']);
  });

  it('knows webpack\'s App Router page chunk by its route, route groups dropped, and tells /about from /about-us', () => {
    expect(isAppPageChunk('/_next/static/chunks/app/(marketing)/about/page-6175f154.js', '/about')).toBe(true);
    expect(isAppPageChunk('/_next/static/chunks/app/page-6175f154.js', '/')).toBe(true);
    expect(isAppPageChunk('/_next/static/chunks/app/about-us/page-6175f154.js', '/about')).toBe(false);
    expect(isAppPageChunk('/_next/static/chunks/app/layout-6175f154.js', '/')).toBe(false);
  });

  it('takes the chunk named after the page first, else a script the other page does not name, else none', () => {
    expect(ownScript('/about', html('/_next/static/chunks/340-1.js', '/_next/static/chunks/app/about/page-2.js'), URL_).script).toBe('/_next/static/chunks/app/about/page-2.js');
    const hashed = ownScript('/about', html('/_next/static/chunks/0cz.js', '/_next/static/chunks/19b2.js'), URL_, { path: '/', html: html('/_next/static/chunks/0cz.js') });
    expect(hashed.script).toBe('/_next/static/chunks/19b2.js');
    expect(hashed.why).toMatch(/which the HTML of \/ does not/);
    expect(ownScript('/about', html('/_next/static/chunks/0cz.js'), URL_, { path: '/', html: html('/_next/static/chunks/0cz.js') }).script).toBeUndefined();
    expect(ownScript('/about', html('/_next/static/chunks/0cz.js'), URL_).why).toMatch(/no other page was given/);
  });
});
