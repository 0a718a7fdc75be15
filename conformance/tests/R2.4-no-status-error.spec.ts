import { clause, clauseTitle, record } from '../harness/clause';
import { expect, test } from '../harness/fixtures';

// R2.4 "With no status code, the page shows a client-side application error."
const CLIENT_ERROR = 'Application error: a client-side exception has occurred';
/** A status heading: a heading that is a three-digit code. */
const STATUS_HEADING = /^\s*\d{3}\s*$/;

test.describe(clauseTitle('R2.4'), clause('R2.4'), () => {
  test('an exception thrown in the browser shows a client-side application error and no status heading', async ({ page, target }, testInfo) => {
    const { page: path, trigger } = target.scenario('noStatusError');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });

    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByText(CLIENT_ERROR), 'before the exception, no application error is shown').toHaveCount(0);

    await page.getByRole(trigger.role, { name: trigger.name }).click();

    await expect(page.getByText(CLIENT_ERROR).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: STATUS_HEADING }), 'no heading that is a status code').toHaveCount(0);
    await record(testInfo, 'after-exception', {
      url: page.url(),
      documentTitle: await page.title(),
      text: (await page.getByText(CLIENT_ERROR).first().textContent())?.trim(),
      headings: await page.getByRole('heading').allTextContents(),
      errors,
    });
  });
});
