import type { Locator } from '@playwright/test';
import type { AxeViolation } from './axe';
import { expect, test, type Page } from './fixtures';
import { hydrated } from './helpers';
import { skipWhereCheckedInStaticBuild } from './shared-pages';

// Accessibility of the reference site (a site check, not a clause of the spec): every page has no
// axe violation of WCAG 2.2 A/AA, in both delivery modes, at phone and desktop widths, with the
// menu closed and (where the menu button shows) open. A page both builds answer with the same
// document is checked once, in the static build (shared-pages.ts); every page that differs by mode,
// and every page reached by an action (a crash, a throw), is checked in both.

interface PageCase {
  name: string;
  path: string;
  /** Exists (or behaves as described) only in the server build. */
  serverOnly?: boolean;
  /** Behaves as described only in the static build (the server answers this address otherwise). */
  staticOnly?: string;
  /** Expected HTTP status of the document (default 200). */
  status?: number;
  /** Steps after the load that bring the page into the state to check (e.g. a crash click). */
  act?: (page: Page) => Promise<void>;
  /** Shown once the page is in that state. */
  ready: (page: Page) => Locator;
  /** No site header and no framework to wait for (the global failure page replaces the whole layout; plain files). */
  noHeader?: boolean;
  /** axe rules not applied to this page, each with the reason (shown as a test annotation). */
  exempt?: { rule: string; reason: string }[];
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).first();
const h1Named = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });
const CLIENT_ERROR = /Application error: a client-side exception has occurred/;

const PAGES: PageCase[] = [
  { name: 'home', path: '/', ready: h1 },
  { name: 'about', path: '/about', ready: h1 },
  { name: 'contact', path: '/contact', ready: h1 },
  { name: 'not-found', path: '/no-such-page', status: 404, ready: h1Named('404') },
  { name: 'broken-link demo', path: '/demos/broken-link', ready: h1 },
  { name: 'links demo', path: '/demos/links', ready: h1 },
  { name: 'linked page 1', path: '/demos/links/1', ready: h1 },
  { name: 'linked page 10', path: '/demos/links/10', ready: h1 },
  { name: 'tall demo', path: '/demos/tall', ready: h1 },
  { name: 'plain demo', path: '/demos/plain', ready: h1 },
  { name: 'no-prefetch demo', path: '/demos/no-prefetch', ready: h1 },
  {
    name: 'untitled demo',
    path: '/demos/untitled',
    ready: h1,
    exempt: [{
      rule: 'document-title',
      reason: 'the spec (R2.9) needs a page without <title>, so the route announcer falls back to the first heading',
    }],
  },
  { name: 'dynamic hub', path: '/demos/dynamic-hub', ready: h1 },
  { name: 'crash demo', path: '/demos/crash', ready: h1 },
  {
    name: 'global failure page (after the crash click)',
    path: '/demos/crash',
    act: async (page) => {
      await hydrated(page);
      await page.getByRole('button', { name: 'Crash this page' }).click();
    },
    ready: (page) => page.getByRole('heading', { name: CLIENT_ERROR }),
    noHeader: true,
  },
  { name: 'client-error demo', path: '/demos/client-error', ready: h1 },
  {
    name: 'error page without a status (after the throw)',
    path: '/demos/client-error',
    act: async (page) => {
      await hydrated(page);
      await page.getByRole('button', { name: 'Throw an error' }).click();
    },
    ready: (page) => page.getByRole('heading', { name: CLIENT_ERROR }),
  },
  { name: 'status index', path: '/demos/status', ready: h1 },
  ...[400, 404, 405, 418, 500, 503].map((code) => ({
    name: `status page ${code}`,
    path: `/demos/status/${code}`,
    ready: h1Named(String(code)),
  })),
  { name: 'throwing page (static: pre-rendered note)', path: '/demos/status/throws', staticOnly: 'in server mode this address answers 500 (checked separately)', ready: h1 },
  { name: 'retry demo', path: '/demos/retry', ready: h1 },
  { name: 'retry pre-rendered page', path: '/demos/retry/prebuilt', ready: h1 },
  { name: 'timeout demo', path: '/demos/timeout', ready: h1 },
  { name: 'timeout target', path: '/demos/timeout/target', ready: h1 },
  // Plain files of the site (no framework, no header).
  { name: 'static file', path: '/static.html', ready: h1, noHeader: true },
  { name: 'conformance report copy', path: '/conformance-report.html', ready: h1, noHeader: true },
  // Server build only.
  { name: 'server function demo', path: '/demos/action', serverOnly: true, ready: h1 },
  { name: 'dynamic page', path: '/demos/dynamic', serverOnly: true, ready: h1 },
  {
    name: 'global failure page (server crash)',
    path: '/demos/server-crash',
    serverOnly: true,
    status: 500,
    ready: (page) => page.getByText(/^Digest: /),
    noHeader: true,
  },
  { name: 'status 500 answer (page failing on the server)', path: '/demos/status/throws', serverOnly: true, status: 500, ready: h1Named('500') },
  {
    name: 'retry page generated on first visit',
    path: '/demos/retry/first-visit',
    serverOnly: true,
    ready: (page) => page.getByTestId('retry-slug'),
  },
];

const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

async function violations(axe: () => Promise<AxeViolation[]>, state: string): Promise<string[]> {
  return (await axe()).map((v) => {
    const targets = v.nodes.map((n) => n.target.map(String).join(' ')).join(' | ');
    return `[${state}] ${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes.length} node(s): ${targets}`;
  });
}

// Site checks, not clauses: no evidence screenshot of every passing test (saves time on 2 cores).
test.use({ screenshot: 'only-on-failure' });

test.describe('accessibility (axe, WCAG 2.2 A/AA)', () => {
  for (const p of PAGES) {
    // One load for both widths: the page is checked at phone width, then resized to desktop width
    // (the layout answers the viewport through CSS alone) and checked again — half the page loads.
    test(`${p.name} (${p.path}) has no violations at phone and desktop widths`, async ({ page, mode, axe: axeOf }) => {
      test.skip(!!p.serverOnly && mode === 'static', 'server-only route');
      test.skip(!!p.staticOnly && mode === 'server', p.staticOnly ?? '');
      if (!p.serverOnly && !p.act) await skipWhereCheckedInStaticBuild(mode, p.path);
      const exempt = p.exempt ?? [];
      for (const e of exempt) test.info().annotations.push({ type: 'axe rule not applied', description: `${e.rule}: ${e.reason}` });
      // axe is put into the document once and run for each width and menu state (site/tests/axe.ts).
      const axe = () => axeOf(exempt.map((e) => e.rule));

      await page.setViewportSize(WIDTHS[0].viewport);
      const res = await page.goto(p.path);
      expect(res?.status(), `HTTP status of ${p.path}`).toBe(p.status ?? 200);
      if (p.act) await p.act(page);
      await expect(p.ready(page)).toBeVisible();
      if (!p.noHeader) await hydrated(page);

      const found: string[] = [];
      for (const [i, w] of WIDTHS.entries()) {
        const size = `${w.viewport.width}×${w.viewport.height}`;
        if (i > 0) {
          await page.setViewportSize(w.viewport);
          await expect(p.ready(page)).toBeVisible();
        }
        found.push(...(await violations(axe, `${w.name} ${size}, menu closed`)));
        const menu = page.getByRole('button', { name: 'Menu' });
        if (!p.noHeader && (await menu.isVisible())) {
          await expect(menu).toHaveAttribute('aria-expanded', 'false');
          await menu.click();
          await expect(menu).toHaveAttribute('aria-expanded', 'true');
          await expect(page.locator('#site-menu')).toBeVisible();
          found.push(...(await violations(axe, `${w.name} ${size}, menu open`)));
          // Closed again, so the next width starts from the page as loaded.
          await menu.click();
          await expect(menu).toHaveAttribute('aria-expanded', 'false');
        }
      }
      expect(found, `axe violations on ${p.path}:\n${found.join('\n')}`).toEqual([]);
    });
  }

  test('the menu button shows at phone width only', async ({ page }) => {
    await page.setViewportSize(WIDTHS[0].viewport);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
    await page.setViewportSize(WIDTHS[1].viewport);
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' })).toBeVisible();
  });
});
