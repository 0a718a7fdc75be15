import { expect, test } from '../../conformance/harness/fixtures';

// Smoke checks of the reference site in each delivery mode: the home page and the not-found page
// load in Chromium as a visitor would see them. (Clauses of the spec are judged in conformance/.)
test.describe('reference site smoke', () => {
  test('the home page presents the site, its behaviour gallery and its contact details', async ({ page }) => {
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /conformance report/i }).first()).toBeVisible();
    for (const id of ['R2.2', 'C7.3', 'K9.5']) await expect(page.getByText(id, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('example.com');
  });

  test('an unknown page shows the not-found page with status 404', async ({ page }) => {
    const res = await page.goto('/this-page-is-not-here');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await expect(page).toHaveTitle('404: This page could not be found.');
  });
});
