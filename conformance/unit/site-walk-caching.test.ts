import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, lookupChromium } from '../setup/browser';
import { walkSite, type WalkPage } from '../observers/site-walk';
import { foreignList, judgeAsset } from '../tests/asset-answer';
import { CACHINGS, startCachingHost, startOtherOrigin } from './caching-host.fixture';

// C7.4 on the hosts teams preview on: a revalidated asset is judged by the cached answer the page
// used, a redirect by the end of its chain, another origin's asset is listed apart.
const found = lookupChromium();
const PATHS = ['/', '/a', '/b', '/', '/a', '/b'];
const WALK = { tabs: 2, quietMs: 100, maxMs: 300, answerMs: 10_000 };

function assetsOf(walk: WalkPage[]) {
  return walk.flatMap((w) => w.requests.filter((r) => r.resourceType === 'script' || r.resourceType === 'stylesheet')
    .map((r) => ({ r, j: judgeAsset({ ...r, type: r.resourceType as 'script' | 'stylesheet' }, [new URL(w.address ?? 'http://x').origin]) })));
}

describe.skipIf(!found.ok)('the every-page walk on a host that revalidates', () => {
  let browser: Browser;
  let other: Awaited<ReturnType<typeof startOtherOrigin>>;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: found.ok ? found.choice.executablePath : undefined, args: CHROMIUM_ARGS });
    other = await startOtherOrigin();
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
    await other?.close();
  });

  for (const caching of CACHINGS) {
    it(`${caching}: every asset of the site passes as the page used it, the 304s included; other origins are listed apart`, async () => {
      const host = await startCachingHost(caching, other.url);
      try {
        const walk = await walkSite(browser, host.url, PATHS, WALK);
        expect(walk.map((w) => w.error)).toEqual(PATHS.map(() => undefined));
        const assets = assetsOf(walk);
        const own = assets.filter(({ j }) => j.kind !== 'foreign' && j.kind !== 'hop');
        expect(own.filter(({ j }) => j.kind !== 'ok').map(({ r, j }) => `${r.url}: ${JSON.stringify(j)}`)).toEqual([]);
        expect(own.length).toBeGreaterThanOrEqual(PATHS.length * 3);
        // The host did answer 304s without a Content-Type, and the walk says they were revalidated.
        expect(host.answers.some((a) => a.status === 304 && a.path.startsWith('/_next/'))).toBe(true);
        expect(own.some(({ r }) => r.answered === 'revalidated')).toBe(true);
        for (const { r } of own) expect(r.contentType, r.url).toMatch(/javascript|css/);
        // The redirect is judged by its end: the hop is not judged, its end says where the chain began.
        expect(assets.some(({ r, j }) => j.kind === 'hop' && r.status === 307)).toBe(true);
        expect(own.some(({ r }) => r.redirectedFrom?.endsWith('/moved.js') && r.url.endsWith('/later.js'))).toBe(true);
        // Another origin: its redirected script loaded, the refused one is unreachable; neither judged.
        const apart = foreignList(assets.map(({ j }) => j));
        expect(apart?.loaded?.some((w) => w.includes('/y.js'))).toBe(true);
        expect(apart?.unreachable?.some((w) => w.includes('unreachable.js'))).toBe(true);
        expect(apart?.failed).toBeUndefined();
      } finally {
        await host.close();
      }
    }, 60_000);
  }
});
