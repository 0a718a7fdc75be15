import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Request, Response } from '@playwright/test';
import { judgeAsset } from '../tests/asset-answer';
import { cancellation, isAbort, Moves, movesOf } from '../observers/cancelled';
import { RequestLog, wasCancelled } from '../observers/request-log';
import { answerOf } from '../observers/site-walk';
import { fakePage } from './fake-page';

// A request the harness's own navigation, reset or test end cancelled is no observation
// of the site, and never "not answered". Each test below fails when that distinction is removed.

const ABORTS = ['net::ERR_ABORTED', 'NS_BINDING_ABORTED', 'cancelled', 'Load request cancelled'];
const NETWORK_ERRORS = ['net::ERR_CONNECTION_REFUSED', 'net::ERR_CONNECTION_RESET', 'net::ERR_EMPTY_RESPONSE', 'net::ERR_BLOCKED_BY_ORB', 'net::ERR_FAILED', 'NS_ERROR_CONNECTION_REFUSED'];

describe('a cancellation by the browser is told from a network error of the site', () => {
  it.each(ABORTS)('%s is an abort', (t) => expect(isAbort(t)).toBe(true));
  it.each(NETWORK_ERRORS)('%s is the site\'s', (t) => expect(isAbort(t)).toBe(false));

  it('an abort while a move of the harness was under way is the harness\'s, in words that say so', () => {
    const c = cancellation('net::ERR_ABORTED', 1000, 1500, [{ what: 'the harness\'s navigation to /next', at: 1200, until: 1400 }]);
    expect(c?.by).toBe('harness');
    expect(c?.why).toMatch(/^cancelled by the harness \(net::ERR_ABORTED\): the harness's navigation to \/next while it was in flight — no observation of the site/);
    expect(c?.why).not.toMatch(/not answered/);
  });

  it('an abort with no move of the harness was the page\'s own; a move over before the request started does not count', () => {
    expect(cancellation('net::ERR_ABORTED', 1000, 1500, [])?.by).toBe('page');
    expect(cancellation('net::ERR_ABORTED', 1000, 1500, [{ what: 'earlier', at: 100, until: 900 }])?.by).toBe('page');
    expect(cancellation('net::ERR_ABORTED', 1000, 1500, [{ what: 'later', at: 1600 }])?.by).toBe('page');
  });

  it('a network error is never a cancellation, whatever the harness did', () => {
    fc.assert(fc.property(fc.constantFrom(...NETWORK_ERRORS), fc.array(fc.record({ what: fc.string(), at: fc.nat(3000) })), (text, moves) => {
      expect(cancellation(text, 1000, 2000, moves)).toBeUndefined();
    }));
  });
});

describe('C7.4 judges only the site\'s answers', () => {
  it('a cancelled script or stylesheet is set apart, never "not answered"', () => {
    fc.assert(fc.property(fc.constantFrom('script' as const, 'stylesheet' as const), fc.constantFrom(...ABORTS), fc.webUrl(), (type, text, url) => {
      const why = cancellation(text, 1, 2, [{ what: 'the walk moving on', at: 1 }])!.why;
      const j = judgeAsset({ url, type, failure: text, cancelled: why });
      expect(j.kind).toBe('cancelled');
      expect('words' in j && j.words).not.toMatch(/not answered/);
    }));
  });

  it('a network error without an answer is not answered (the site\'s failure); an answer that came is judged whatever followed', () => {
    for (const text of NETWORK_ERRORS) expect(judgeAsset({ url: 'http://x/a.js', type: 'script', failure: text })).toEqual({ kind: 'bad', words: `script http://x/a.js: not answered (${text})` });
    expect(judgeAsset({ url: 'http://x/a.css', type: 'stylesheet', status: 200, contentType: 'text/plain', failure: 'net::ERR_ABORTED' }).kind).toBe('bad');
    expect(judgeAsset({ url: 'http://x/a.js', type: 'script', status: 200, contentType: 'text/javascript' }).kind).toBe('ok');
    expect(judgeAsset({ url: 'http://x/a.js', type: 'script', pending: true }).kind).toBe('pending');
  });
});

/** A Playwright request as far as the request log and the walk read it. */
function fakeRequest(url: string, failure?: string): Request {
  return {
    url: () => url, method: () => 'GET', resourceType: () => 'script', headers: () => ({}), isNavigationRequest: () => false,
    frame: () => undefined, failure: () => (failure ? { errorText: failure } : null), redirectedFrom: () => null, redirectedTo: () => null,
  } as unknown as Request;
}

/** The log of a page on which `url` was requested, the harness then navigated, and the request failed with `failure`. */
async function failedAcrossNavigation(url: string, failure: string): Promise<RequestLog> {
  const page = fakePage();
  const log = new RequestLog(page);
  const r = fakeRequest(url, failure);
  page.emit('request', r);
  await page.goto('http://t/next');
  page.emit('requestfailed', r);
  return log;
}

describe('C7.4 judges the answer the page used, and only the site\'s', () => {
  const site = ['http://t'];
  it('another origin\'s asset is listed apart, whatever it answered: loaded, failed or unreachable, never bad', () => {
    expect(judgeAsset({ url: 'http://cdn.other/a.js', type: 'script', status: 200, contentType: 'text/javascript' }, site)).toMatchObject({ kind: 'foreign', state: 'loaded' });
    expect(judgeAsset({ url: 'http://cdn.other/a.js', type: 'script', status: 500 }, site)).toMatchObject({ kind: 'foreign', state: 'failed' });
    expect(judgeAsset({ url: 'http://gone.invalid/a.js', type: 'script', failure: 'net::ERR_NAME_NOT_RESOLVED' }, site)).toMatchObject({ kind: 'foreign', state: 'unreachable' });
    expect(judgeAsset({ url: 'http://cdn.other/a.js', type: 'script', pending: true }, site)).toMatchObject({ kind: 'foreign', state: 'pending' });
    // The same answers of the site's own origin are judged.
    expect(judgeAsset({ url: 'http://t/a.js', type: 'script', status: 500 }, site).kind).toBe('bad');
  });
  it('a redirect is judged by its end; whose asset it is, by where the page asked', () => {
    expect(judgeAsset({ url: 'http://t/a.js', type: 'script', status: 307, redirectedTo: 'http://t/b.js' }, site).kind).toBe('hop');
    expect(judgeAsset({ url: 'http://t/b.js', type: 'script', status: 200, contentType: 'text/javascript', redirectedFrom: 'http://t/a.js' }, site).kind).toBe('ok');
    expect(judgeAsset({ url: 'http://t/b.js', type: 'script', status: 200, contentType: 'text/html', redirectedFrom: 'http://t/a.js' }, site)).toMatchObject({ kind: 'bad', words: expect.stringContaining('redirected from http://t/a.js') });
    expect(judgeAsset({ url: 'http://t/y.js', type: 'script', status: 404, redirectedFrom: 'http://embed.other/x.js' }, site).kind).toBe('foreign');
  });
  it('a revalidated answer is the cached one: its status and headers, never the 304\'s own', async () => {
    const moves = new Moves();
    // Playwright after a revalidation: status() and headers() the browser's (cached), allHeaders() the 304's.
    const revalidated = { status: () => 200, headers: () => ({ 'content-type': 'text/css' }), allHeaders: async () => ({ etag: '"1"' }) } as unknown as Response;
    expect(await answerOf(fakeRequest('http://t/a.css'), revalidated, 0, moves)).toEqual({ status: 200, contentType: 'text/css', answered: 'revalidated' });
    // A 304 reported as such (a reload) comes without the cached headers: the site's answer to the same address stands for them.
    const bare = { status: () => 304, headers: () => ({}), allHeaders: async () => ({}) } as unknown as Response;
    const again = async () => ({ status: 200, contentType: 'text/css' });
    expect(await answerOf(fakeRequest('http://t/a.css'), bare, 0, moves, again)).toEqual({ status: 200, contentType: 'text/css', answered: 'revalidated' });
    expect(judgeAsset({ url: 'http://t/a.css', type: 'stylesheet', status: 304 }, site).kind).toBe('ok');
  });
});

describe('the request log says who cancelled a request', () => {
  it('a request in flight when the harness navigated, then aborted: cancelled by the harness, not the site', async () => {
    const log = await failedAcrossNavigation('http://t/_next/static/chunks/a.js', 'net::ERR_ABORTED');
    expect(log.entries[0]).toMatchObject({ failure: 'net::ERR_ABORTED', cancelledBy: 'harness' });
    expect(log.entries[0].cancelled).toMatch(/cancelled by the harness .*navigation to \/next/);
    expect(wasCancelled(log.entries[0])).toBe(true);
    expect(JSON.stringify(log.extract())).toMatch(/cancelled by the harness/);
  });

  it('a network error stays the site\'s failure', async () => {
    const log = await failedAcrossNavigation('http://t/a.js', 'net::ERR_CONNECTION_RESET');
    expect(log.entries[0].failure).toBe('net::ERR_CONNECTION_RESET');
    expect(wasCancelled(log.entries[0])).toBe(false);
  });

  it('at the end of the test, what is still in flight is the harness no longer watching, and a later abort is the harness\'s', () => {
    const page = fakePage();
    const log = new RequestLog(page);
    const a = fakeRequest('http://t/a.js');
    const b = fakeRequest('http://t/b.js', 'net::ERR_ABORTED');
    page.emit('request', a);
    page.emit('request', b);
    log.close();
    expect(log.entries[0].unfinished).toMatch(/still in flight at the end of the test: not waited for by the harness/);
    page.emit('requestfailed', b);
    expect(log.entries[1].cancelledBy).toBe('harness');
  });
});

describe('the every-page walk records a request its own next navigation cut as cancelled by the harness', () => {
  it('no answer, aborted after the walk moved on: cancelled, never a failure of the site', async () => {
    const page = fakePage();
    const moves = movesOf(page);
    const started = Date.now() - 10;
    await page.goto('http://t/demos/links/2');
    const r = fakeRequest('http://t/_next/static/chunks/app/demos/crash/page-1.js', 'net::ERR_ABORTED');
    const a = await answerOf(r, null, started, moves);
    expect(a).toEqual({ cancelled: expect.stringMatching(/^cancelled by the harness \(net::ERR_ABORTED\): the harness's navigation to \/demos\/links\/2/) });
    expect(judgeAsset({ url: r.url(), type: 'script', ...a }).kind).toBe('cancelled');
  });

  it('an answer that came is the answer; none within the bound is pending; a network error is the site\'s', async () => {
    const moves = new Moves();
    const res = { status: () => 200, allHeaders: async () => ({ 'content-type': 'text/javascript' }), headers: () => ({ 'content-type': 'text/javascript' }) } as unknown as Response;
    expect(await answerOf(fakeRequest('http://t/a.js'), res, 0, moves)).toEqual({ status: 200, contentType: 'text/javascript', answered: 'network' });
    expect(await answerOf(fakeRequest('http://t/a.js'), undefined, 0, moves)).toEqual({ pending: true });
    expect(await answerOf(fakeRequest('http://t/a.js', 'net::ERR_CONNECTION_REFUSED'), null, 0, moves)).toEqual({ failure: 'net::ERR_CONNECTION_REFUSED' });
  });

  it('an asset the page itself dropped is judged by the site\'s answer fetched again; one the harness cut is never fetched again', async () => {
    // Chromium drops a stylesheet answered text/plain before its answer reaches Playwright (mutant C7.4-stylesheet-as-text-on-one-page).
    const fetched: string[] = [];
    const again = async (url: string) => { fetched.push(url); return { status: 200, contentType: 'text/plain; charset=utf-8' }; };
    const css = fakeRequest('http://t/_next/static/css/a%2Ecss', 'net::ERR_ABORTED');
    const a = await answerOf(css, null, Date.now() - 10, new Moves(), again);
    expect(a).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', failure: expect.stringMatching(/^net::ERR_ABORTED, dropped by the page .* fetched again$/) });
    const j = judgeAsset({ url: css.url(), type: 'stylesheet', ...a });
    expect(j).toEqual({ kind: 'bad', words: expect.stringMatching(/answered with content type "text\/plain; charset=utf-8", expected text\/css \(the browser then refused it: net::ERR_ABORTED, dropped by the page/) });
    // No answer to the second fetch either: still no answer of the site to judge.
    expect(await answerOf(css, null, Date.now() - 10, new Moves(), async () => undefined)).toEqual({ cancelled: expect.stringMatching(/the page dropped it itself/) });
    const page = fakePage();
    const moves = movesOf(page);
    const started = Date.now() - 10;
    await page.goto('http://t/next');
    expect(await answerOf(css, null, started, moves, again)).toEqual({ cancelled: expect.stringMatching(/^cancelled by the harness/) });
    expect(fetched).toEqual(['http://t/_next/static/css/a%2Ecss']);
  });
});
