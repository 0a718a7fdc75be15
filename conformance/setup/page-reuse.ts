import type { Browser, BrowserContext, BrowserContextOptions, CDPSession, Page, Request } from '@playwright/test';
import { orLate } from '../observers/bound';
import { CLOCK_CALLS } from '../observers/clock';
import { patience } from '../run/slow';

/**
 * One browser context and one page per worker, handed to each test after a reset of the
 * harness's own (fixtures.ts `context` and `page`). Playwright's reuseContext resets as well, but
 * it clears each origin's storage by loading that origin into the page and running a script
 * there — a navigation per origin the last test visited, before every test: about a tenth of a
 * run's CPU (docs/benchmarks.md, "The harness's own reset"). Here the same state is cleared through the
 * DevTools protocol, without a navigation.
 *
 * What a test may leave behind, and how the next test gets rid of it:
 * - pages it opened: closed; listeners on the page and the context: removed;
 * - routes: unrouteAll; init scripts and bindings added to the page or the context: disposed
 *   (the pool records what tests add, below);
 * - the document: about:blank; the mouse: moved off the page (a link under a resting cursor is
 *   hovered on the next page, and hovering a link starts a prefetch);
 * - cookies, permissions, the HTTP cache, and the storage of every origin a document of the
 *   context came from (local and session storage, IndexedDB, service workers, Cache Storage …);
 * - the viewport, permissions, offline state, geolocation and extra headers: set back to the
 *   context's options.
 * The fake clock cannot be uninstalled: a context whose pages ran it is closed instead, and the
 * next test gets a new one — as it does when its options differ (test.use), when the page closed
 * or crashed, and always with `isolate` (--isolate: a new context for every test).
 */
export class PagePool {
  private held?: { key: string; context: BrowserContext; page: Page; cdp: CDPSession; listeners: { context: Listeners; page: Listeners } };
  /** Origins whose documents the context loaded since the last reset: their storage is cleared. */
  private readonly origins = new Set<string>();
  /** What the running test added that a reset must take back. */
  private added: Array<{ dispose(): Promise<void> }> = [];
  /** The fake clock was installed in the context: it cannot be taken back. */
  private clockUsed = false;

  constructor(private readonly browser: Browser, private readonly isolate = false, private readonly resetMs = patience(RESET_MS)) {}

  /** The context and page for the next test: the worker's own, reset, or new ones. */
  async take(options: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }> {
    const key = JSON.stringify(options);
    const h = this.held;
    // A reset that fails (a crashed page, say) or does not finish in time (a browser call that never answers) gives a new context as well.
    if (h && (this.isolate || h.key !== key || h.page.isClosed() || (await orLate(this.resetMs, this.reset(h, options).catch(() => false))) !== true)) await this.release();
    if (!this.held) this.held = await this.open(key, options);
    const { context, page } = this.held;
    context.on('request', (r: Request) => this.sawRequest(r));
    return { context, page };
  }

  /** The page taken with `context`. */
  page(context: BrowserContext): Page {
    if (this.held?.context !== context) throw new Error('PagePool: the page of another context was asked for');
    return this.held.page;
  }

  /** The page the worker holds, if any (the last test's, until the next one takes it); never opens one. */
  current(): Page | undefined {
    return this.held?.page;
  }

  /** Closes the context (end of the worker, or when it cannot be reused). */
  async release(): Promise<void> {
    const h = this.held;
    this.held = undefined;
    this.added = [];
    this.clockUsed = false;
    this.origins.clear();
    // Bounded like the reset: a context that does not close in time is left to the browser's end.
    if (h) await orLate(this.resetMs, h.context.close().catch(() => undefined));
  }

  private async open(key: string, options: BrowserContextOptions): Promise<NonNullable<PagePool['held']>> {
    const context = await this.browser.newContext(options);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    this.record(context);
    this.record(page);
    // Every way into the fake clock installs it (page.clock is the context's clock).
    for (const name of CLOCK_CALLS) {
      const original = context.clock[name].bind(context.clock) as (...a: unknown[]) => Promise<void>;
      (context.clock as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
        this.clockUsed = true;
        return original(...args);
      };
    }
    return { key, context, page, cdp, listeners: { context: listenersOf(context), page: listenersOf(page) } };
  }

  /** Keeps what a test adds through these objects, so that the reset can dispose of it. */
  private record(target: BrowserContext | Page): void {
    for (const name of ['addInitScript', 'exposeBinding', 'exposeFunction'] as const) {
      const original = (target[name] as (...a: unknown[]) => Promise<{ dispose(): Promise<void> }>).bind(target);
      (target as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
        const d = await original(...args);
        this.added.push(d);
        return d;
      };
    }
  }

  private sawRequest(r: Request): void {
    if (!r.isNavigationRequest()) return;
    const origin = originOf(r.url());
    if (origin) this.origins.add(origin);
  }

  /** Undoes what the last test left; false when the context cannot be reused (the fake clock ran in it). */
  private async reset(h: NonNullable<PagePool['held']>, options: BrowserContextOptions): Promise<boolean> {
    if (this.clockUsed) return false;
    const { context, page, cdp } = h;
    for (const p of context.pages()) if (p !== page) await p.close().catch(() => undefined);
    dropListeners(page, h.listeners.page);
    dropListeners(context, h.listeners.context);
    await Promise.all([page.unrouteAll({ behavior: 'ignoreErrors' }), context.unrouteAll({ behavior: 'ignoreErrors' })]);
    const added = this.added;
    this.added = [];
    await Promise.all(added.map((d) => d.dispose().catch(() => undefined)));
    // Session storage is the tab's: local_storage below clears it too on Chromium 156, not on 150, and
    // CDP reaches it only through a document of its origin. So the document the test left clears its
    // own, and a tab that loaded another origin's documents as well is not reused.
    const left = originOf(page.url());
    if ([...this.origins].some((o) => o !== left)) return false;
    if (left) await page.evaluate(() => sessionStorage.clear()).catch(() => undefined);
    // Leaves the last test's document (its timers and prefetches stop) before its storage is cleared.
    await page.goto('about:blank');
    await page.mouse.move(-1, -1);
    await Promise.all([context.clearCookies(), context.clearPermissions(), cdp.send('Network.clearBrowserCache')]);
    // What a test may have changed of the context's own options is set back to them.
    await Promise.all([
      options.permissions?.length ? context.grantPermissions(options.permissions) : undefined,
      context.setOffline(!!options.offline),
      context.setGeolocation(options.geolocation ?? null),
      context.setExtraHTTPHeaders(options.extraHTTPHeaders ?? {}),
      page.setExtraHTTPHeaders({}),
    ]);
    const origins = [...this.origins];
    this.origins.clear();
    await Promise.all(origins.map((origin) => cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: STORAGE_TYPES })));
    const size = page.viewportSize();
    if (options.viewport && (size?.width !== options.viewport.width || size?.height !== options.viewport.height)) await page.setViewportSize(options.viewport);
    return true;
  }
}

/** Listeners an emitter has, by event (Playwright's own among them: context.close() waits on one). */
type Listeners = Map<string | symbol, Set<unknown>>;
type Emitter = { eventNames(): Array<string | symbol>; rawListeners(type: string | symbol): unknown[]; removeListener(type: string | symbol, l: unknown): unknown };

function listenersOf(target: BrowserContext | Page): Listeners {
  const e = target as unknown as Emitter;
  return new Map(e.eventNames().map((type) => [type, new Set(e.rawListeners(type))]));
}

/** Removes the listeners added since `kept` was taken: those of the tests, not Playwright's. */
function dropListeners(target: BrowserContext | Page, kept: Listeners): void {
  const e = target as unknown as Emitter;
  for (const type of e.eventNames()) {
    for (const l of e.rawListeners(type)) if (!kept.get(type)?.has(l)) e.removeListener(type, l);
  }
}

/** The reset's bound on the reference machine (× the run's factor): it takes 20–60 ms; far beyond that a browser call is not answering. */
const RESET_MS = 10_000;
/** Everything an origin can store in the browser, but cookies (cleared for the whole context). */
const STORAGE_TYPES = 'local_storage,indexeddb,websql,file_systems,service_workers,cache_storage,shared_storage,storage_buckets';

function originOf(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}
