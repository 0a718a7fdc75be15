import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TargetProfile } from '../run/profile';
import { hasLink, preflight, renderPreflight, setAsideOf } from '../preflight/preflight';
import { bindSetAside } from '../harness/set-aside';
import { titleOf } from '../scenarios/check';
import { REQUIREMENTS } from '../preflight/requirements';
import { ROOT } from '../../spec/root';

/** A script of the site: a page that loads one is the site's own (observers/site-page.ts). */
const APP = '<script src="/_next/static/chunks/main.js" async></script>';

/**
 * A site of a few pages answered from memory, each loading the site's script; an unknown path gets
 * the site's own not-found page, or (`host404`) a host's page that is not the site's.
 */
function site(pages: Record<string, { status?: number; html: string }>, { host404 = false } = {}): typeof fetch {
  return (async (input: URL | RequestInfo) => {
    const path = new URL(String(input)).pathname;
    const p = pages[path];
    if (!p) return new Response(host404 ? '<h1>404 Not Found</h1><hr>nginx' : `${APP}<h1>404</h1>`, { status: 404, headers: { 'content-type': 'text/html' } });
    return new Response(`${APP}${p.html}`, { status: p.status ?? 200, headers: { 'content-type': 'text/html' } });
  }) as typeof fetch;
}

const profile = (scenarios: TargetProfile['scenarios']): TargetProfile => ({ name: 't', scenarios });

describe('pre-flight of a profile against its target', () => {
  it('says a scenario is usable when its routes answer as the scenario needs', async () => {
    const fetchImpl = site({
      '/': { html: '<title>Home</title><a href="/about">a</a><a href="/untitled">u</a>' },
      '/about': { html: '<title>About</title>' },
      '/untitled': { html: '<h1>Untitled</h1>' },
    });
    const [c] = (await preflight('http://x', profile({ announcer: { from: '/', titled: '/about', untitled: '/untitled' } }), 'static', { fetchImpl })).filter((x) => x.scenario === 'announcer');
    expect(c.state).toBe('usable');
  });

  it('says why the announcer\'s untitled page is not usable when it has a title', async () => {
    const fetchImpl = site({ '/': { html: '<a href="/about"></a><a href="/u"></a>' }, '/about': { html: '<title>A</title>' }, '/u': { html: '<title>Create Next App</title><h1>U</h1>' } });
    const [c] = (await preflight('http://x', profile({ announcer: { from: '/', titled: '/about', untitled: '/u' } }), 'static', { fetchImpl })).filter((x) => x.scenario === 'announcer');
    expect(c.state).toBe('unusable');
    expect(c.notes.join(' ')).toContain('has the document title "Create Next App"');
  });

  it('binds the tests: the page it set aside ends any test that reads it untested, with its note; the other pages stay usable', async () => {
    const fetchImpl = site({ '/': { html: '<a href="/about"></a><a href="/crash"></a>' }, '/about': { html: '<title>A</title>' }, '/crash': { status: 500, html: '<h1>Crash</h1>' } });
    const checks = await preflight('http://x', profile({ announcer: { from: '/', titled: '/about', untitled: '/crash' } }), 'static', { fetchImpl });
    const setAside = setAsideOf(checks);
    expect(setAside?.announcer?.map((p) => p.path)).toEqual(['/crash']);
    const ended: string[] = [];
    const end = (why: string): never => { ended.push(why); throw new Error('ended'); };
    const s = bindSetAside({ from: '/', titled: '/about', untitled: '/crash' }, 'announcer', setAside?.announcer, end);
    const { from, titled } = s;
    expect([from, titled, ended]).toEqual(['/', '/about', []]);
    expect(() => s.untitled).toThrow('ended');
    expect(ended[0]).toMatch(/^pre-flight set aside \/crash \(announcer\.untitled\): \/crash answered HTTP 500/);
  });

  it("pageData: a link home on `from` or on `to` will do (C7.2's home test starts from either); on neither, unsure", async () => {
    const pageData = { from: '/np', to: '/plain' };
    const state = async (pages: Parameters<typeof site>[0]) => {
      const [c] = (await preflight('http://x', profile({ pageData }), 'static', { fetchImpl: site(pages) })).filter((x) => x.scenario === 'pageData');
      return `${c.state}${c.notes.length ? `: ${c.notes.join(' ')}` : ''}`;
    };
    expect(await state({ '/np': { html: '<a href="/plain">p</a>' }, '/plain': { html: '<a href="/">home</a>' } })).toBe('usable');
    expect(await state({ '/np': { html: '<a href="/plain">p</a><a href="/">h</a>' }, '/plain': { html: 'x' } })).toBe('usable');
    expect(await state({ '/np': { html: '<a href="/plain">p</a>' }, '/plain': { html: 'x' } })).toMatch(/^unsure: \/np and \/plain have no link to \/ in their HTML \(a script may still add one\)/);
  });

  it('refuses a route-load-timeout target that is not a Pages Router page', async () => {
    const fetchImpl = site({ '/t': { html: '<a href="/t/x">x</a>' }, '/t/x': { html: '<title>x</title>' } });
    const [c] = (await preflight('http://x', profile({ routeLoadTimeout: { from: '/t', to: '/t/x' } }), 'static', { fetchImpl })).filter((x) => x.scenario === 'routeLoadTimeout');
    expect(c.state).toBe('unusable');
    expect(c.notes.join(' ')).toMatch(/not a Pages Router page/);
  });

  it('refuses a broken link that leads to a page that exists, and lists absent scenarios with what they need', async () => {
    const fetchImpl = site({ '/': { html: '<a href="/exists">x</a>' }, '/exists': { html: 'ok' } });
    const checks = await preflight('http://x', profile({ brokenLink: { from: '/', href: '/exists' } }), 'server', { fetchImpl });
    expect(checks.find((c) => c.scenario === 'brokenLink')?.state).toBe('unusable');
    const absent = checks.find((c) => c.scenario === 'prefetch')!;
    expect(absent.state).toBe('absent');
    expect(absent.notes[0]).toContain('at least `minLinks`');
    expect(renderPreflight(checks)).toMatch(/brokenLink\s+NOT usable/);
  });

  it('gives discovery\'s reason for a scenario it could not fill, and flags a listed page that cannot be fetched', async () => {
    const fetchImpl = site({ '/': { html: 'home' } });
    const checks = await preflight('http://x', profile({ sitePages: { paths: ['/', '/gone'] } }), 'server', { fetchImpl, unfilled: { serverFunction: 'a page with a server-function form' } });
    expect(checks.find((c) => c.scenario === 'serverFunction')?.notes[0]).toContain('Discovery found none: the site has no page with a server-function form');
    expect(checks.find((c) => c.scenario === 'sitePages')?.state).toBe('usable'); // a 404 page is still a page to check
    const unreachable = (async () => { throw new Error('connection refused'); }) as unknown as typeof fetch;
    const down = await preflight('http://x', profile({ sitePages: { paths: ['/'] } }), 'static', { fetchImpl: unreachable });
    expect(down.find((c) => c.scenario === 'sitePages')?.state).toBe('unusable');
  });

  it('says a page that is not the site\'s own (a host\'s 404) is not usable, in the words the tests use, also on an error path', async () => {
    const fetchImpl = site({ '/': { html: '<a href="/about">a</a>' } }, { host404: true });
    const checks = await preflight('http://x', profile({ navigation: { chain: ['/', '/about', '/', '/about'] }, unknownPaths: { paths: ['/no-such-page'] } }), 'static', { fetchImpl });
    const nav = checks.find((c) => c.scenario === 'navigation')!;
    expect(nav.state).toBe('unusable');
    expect(nav.notes.join(' ')).toContain('/about answered HTTP 404 with a page that is not this site\'s: it loads no script under /_next/static/');
    const unknown = checks.find((c) => c.scenario === 'unknownPaths')!;
    expect(unknown.state).toBe('unusable');
    expect(unknown.notes.join(' ')).toContain('/no-such-page answered HTTP 404 with a page that is not this site\'s');
    // The site's own not-found page is what an unknown path should show: usable.
    const own = await preflight('http://x', profile({ unknownPaths: { paths: ['/no-such-page'] } }), 'static', { fetchImpl: site({ '/': { html: '' } }) });
    expect(own.find((c) => c.scenario === 'unknownPaths')?.state).toBe('usable');
  });

  it('reads links and titles from raw HTML', () => {
    expect(hasLink('<a class="x" href="/a?b=1&amp;c=2">', '/a?b=1&c=2')).toBe(true);
    expect(titleOf('<svg><title>icon</title></svg><h1>x</h1>')).toBe('');
    expect(titleOf('<head><title> About </title>')).toBe('About');
  });
});

describe('scenario requirements', () => {
  it('are written in the profile schema, where profile authors look', () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'spec', 'schemas', 'target-profile.schema.json'), 'utf8'));
    for (const [name, r] of Object.entries(REQUIREMENTS)) {
      const s = schema.properties.scenarios.properties[name];
      expect(s, name).toBeDefined();
      expect(s.description, name).toContain(r.needs);
      expect(s.examples?.length, name).toBeGreaterThan(0);
    }
  });
});
