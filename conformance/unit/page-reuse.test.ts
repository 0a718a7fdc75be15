import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, lookupChromium } from '../setup/browser';
import { PagePool } from '../setup/page-reuse';

// setup/page-reuse.ts: a test on the worker's reused page sees nothing of the test before it.
const found = lookupChromium();
const VIEWPORT = { width: 1280, height: 720 };
const PAGE = '<!doctype html><p>a page</p>';

describe.skipIf(!found.ok)('a page reused across tests', () => {
  let browser: Browser;
  let server: Server;
  let url = '';
  let lastHeaders: Record<string, unknown> = {};
  beforeAll(async () => {
    server = createServer((req, res) => {
      lastHeaders = req.headers;
      res.writeHead(req.url === '/' ? 200 : 404, { 'content-type': 'text/html' });
      res.end(req.url === '/' ? PAGE : 'from the server');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: found.ok ? found.choice.executablePath : undefined, args: CHROMIUM_ARGS });
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => server?.close(r));
  });

  it('keeps no storage, cookie, init script, route, listener, extra page, viewport, header or offline state of the test before', async () => {
    const pool = new PagePool(browser);
    const first = await pool.take({ viewport: VIEWPORT, baseURL: url });
    const page = pool.page(first.context);
    await page.goto('/');
    await page.evaluate(async () => {
      localStorage.setItem('k', 'v');
      sessionStorage.setItem('k', 'v');
      document.cookie = 'k=v; path=/';
      await new Promise((r) => { const q = indexedDB.open('db', 1); q.onsuccess = r; q.onerror = r; });
    });
    await page.addInitScript(() => { (window as unknown as { initScript: number }).initScript = 1; });
    await first.context.addInitScript(() => { (window as unknown as { contextScript: number }).contextScript = 1; });
    await page.route('**/routed', (r) => r.fulfill({ body: 'from the route' }));
    let heard = 0;
    page.on('request', () => { heard++; });
    await first.context.newPage();
    await page.setViewportSize({ width: 400, height: 300 });
    await page.setExtraHTTPHeaders({ 'x-left-over': 'page' });
    await first.context.setExtraHTTPHeaders({ 'x-left-over-too': 'context' });
    await first.context.setOffline(true);

    const second = await pool.take({ viewport: VIEWPORT, baseURL: url });
    expect(second.context).toBe(first.context);
    expect(pool.page(second.context)).toBe(page);
    expect(page.url()).toBe('about:blank');
    expect(second.context.pages()).toEqual([page]);
    heard = 0;
    await page.goto('/');
    const seen = await page.evaluate(async () => ({
      local: localStorage.length, session: sessionStorage.length, cookie: document.cookie,
      databases: (await indexedDB.databases()).map((d) => d.name),
      scripts: [(window as unknown as { initScript?: number }).initScript, (window as unknown as { contextScript?: number }).contextScript],
      routed: await (await fetch('/routed')).text(),
    }));
    expect(seen).toEqual({ local: 0, session: 0, cookie: '', databases: [], scripts: [undefined, undefined], routed: 'from the server' });
    expect(heard).toBe(0);
    expect(page.viewportSize()).toEqual(VIEWPORT);
    expect(lastHeaders).not.toHaveProperty('x-left-over');
    expect(lastHeaders).not.toHaveProperty('x-left-over-too');
    await pool.release();
  }, 30_000);

  it('gives a new context after the fake clock, after other options, after a reset that does not finish in time, and for every test when isolating', async () => {
    const pool = new PagePool(browser);
    const a = await pool.take({ viewport: VIEWPORT, baseURL: url });
    await pool.page(a.context).clock.install({ time: new Date('2020-01-01T00:00:00Z') });
    const b = await pool.take({ viewport: VIEWPORT, baseURL: url });
    expect(b.context).not.toBe(a.context);
    expect(await pool.page(b.context).evaluate(() => new Date().getFullYear())).toBeGreaterThan(2020);
    const c = await pool.take({ viewport: { width: 400, height: 300 }, baseURL: url });
    expect(c.context).not.toBe(b.context);
    await pool.release();

    // A reset that never finishes (here: its about:blank load) gives a new context once its bound has run out.
    const bounded = new PagePool(browser, false, 300);
    const f = await bounded.take({ viewport: VIEWPORT, baseURL: url });
    const stuck = bounded.page(f.context);
    stuck.goto = () => new Promise(() => undefined);
    const g = await bounded.take({ viewport: VIEWPORT, baseURL: url });
    expect(g.context).not.toBe(f.context);
    expect(await bounded.page(g.context).evaluate(() => 1 + 1)).toBe(2);
    await bounded.release();

    const isolating = new PagePool(browser, true);
    const d = await isolating.take({ viewport: VIEWPORT, baseURL: url });
    const e = await isolating.take({ viewport: VIEWPORT, baseURL: url });
    expect(e.context).not.toBe(d.context);
    await isolating.release();
  }, 30_000);
});
