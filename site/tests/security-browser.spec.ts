import { expect, test, type Page } from '../../conformance/harness/fixtures';
import { expectHydrated } from './helpers';

// Security of the reference site (see security.spec.ts): every kind of page works under its
// Content-Security-Policy in Chromium — no violation reported, soft navigations kept.

async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const messages: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect|frame)/i.test(msg.text())) messages.push(msg.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return async () => [
    ...messages,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])),
  ];
}

test.describe('pages work under their policy in Chromium', () => {
  test('navigation and prefetching: no violation, soft navigations keep the document', async ({ page, target, noReload }) => {
    const violations = await watchCsp(page);
    const dataRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('_rsc=') || /\.txt(\?|$)/.test(r.url())) dataRequests.push(r.url());
    });
    await page.goto('/');
    await expectHydrated(page);
    await noReload.plant();
    await page.locator('a[href="/about"]').first().click();
    await expect(page).toHaveURL(/\/about$/);
    expect(await noReload.intact(), 'a soft navigation').toBe(true);

    await page.goto('/demos/links');
    // Wait for the thing observed (its prefetches), not for the network to go quiet.
    await expect.poll(() => dataRequests.length, 'page data requested (prefetch, navigation)').toBeGreaterThan(1);
    await page.goto('/demos/status/400');
    await expectHydrated(page);
    await page.goto('/demos/timeout');
    await expectHydrated(page);
    if (target.mode === 'server') {
      await page.goto('/demos/dynamic');
      await expectHydrated(page);
      await page.goto('/demos/retry/not-prebuilt');
      await expectHydrated(page);
    }
    expect(await violations()).toEqual([]);
  });

  test('error pages: no violation on not-found, crash and status pages', async ({ page, target }) => {
    const violations = await watchCsp(page);
    expect((await page.goto('/no-such-page'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await expectHydrated(page);

    await page.goto('/demos/crash');
    await expectHydrated(page);
    await page.getByRole('button', { name: 'Crash this page' }).click();
    await expect(page.getByText(/Application error: a client-side exception has occurred/)).toBeVisible();

    await page.goto('/demos/client-error');
    await expectHydrated(page);
    await page.getByRole('button', { name: 'Throw an error' }).click();
    await expect(page.getByText(/Application error: a client-side exception has occurred/)).toBeVisible();

    if (target.mode === 'server') {
      expect((await page.goto('/demos/server-crash'))?.status()).toBe(500);
      await expect(page.getByText(/Digest: /)).toBeVisible();
      await expectHydrated(page);
      expect((await page.goto('/demos/status/throws'))?.status()).toBe(500);
      await expectHydrated(page);
      for (const malformed of ['/demos/status/%E0%A4%A', '/%E0%A4%A']) {
        expect((await page.goto(malformed))?.status(), malformed).toBe(400);
        await expect(page.getByRole('heading', { name: '400' })).toBeVisible();
        await expectHydrated(page);
      }
      expect((await page.goto('/demos/status/999'))?.status()).toBe(404);
      await expectHydrated(page);
    }
    expect(await violations()).toEqual([]);
  });

  test('the server function still answers under the policy', async ({ page, target }) => {
    test.skip(target.mode !== 'server', 'server functions exist only in the server build');
    const violations = await watchCsp(page);
    await page.goto('/demos/action');
    await expectHydrated(page);
    await page.getByLabel(/Your name/).fill('CSP check');
    const post = page.waitForRequest((r) => r.method() === 'POST' && !!r.headers()['next-action']);
    await page.getByRole('button', { name: 'Send' }).click();
    await post;
    await expect(page.getByTestId('action-result')).toContainText('from CSP check');
    expect(await violations()).toEqual([]);
  });
});

