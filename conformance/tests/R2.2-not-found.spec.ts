import { clause, clauseTitle } from '../harness/clause';
import { expect, test, type Page } from '../harness/fixtures';

// R2.2 "Not-found page: shows the heading 404 and the message "This page could not be found.""
const MESSAGE = 'This page could not be found.';

async function expectNotFoundPage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: '404', exact: true })).toBeVisible();
  await expect(page.getByText(MESSAGE, { exact: true })).toBeVisible();
}

test.describe(clauseTitle('R2.2'), clause('R2.2'), () => {
  test('an unknown path loaded directly answers 404 and shows the heading 404 and the message', async ({ page, target }) => {
    const { paths } = target.scenario('unknownPaths');
    for (const path of paths) {
      await test.step(path, async () => {
        const res = await page.goto(path);
        expect(res?.status(), `HTTP status of ${path}`).toBe(404);
        await expectNotFoundPage(page);
      });
    }
  });

  test('a link inside the site to a missing page leads to the not-found page', async ({ page, target }) => {
    const { from, href } = target.scenario('brokenLink');
    await page.goto(from);
    await page.locator(`a[href="${href}"]`).first().click();
    await expect(page).toHaveURL(target.abs(href));
    await expectNotFoundPage(page);
  });
});
