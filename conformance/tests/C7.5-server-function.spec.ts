import type { Request } from '@playwright/test';
import { clause, clauseTitle, record } from '../harness/clause';
import { settle } from '../harness/navigation';
import { expect, test } from '../harness/fixtures';

// C7.5 "Server-function calls are posted to the current path. Their payloads are not shown."

test.describe(clauseTitle('C7.5'), clause('C7.5'), () => {
  test('submitting the form posts to the current page\'s path with a server-action identifier and updates the page without a reload', async ({ page, target, requestLog, noReload, faults }, testInfo) => {
    const { page: path, submit, result } = target.scenario('serverFunction');
    await page.goto(path);
    await settle(page);
    const shown = page.locator(result);
    const before = await shown.innerText();
    await noReload.plant();
    const mark = requestLog.mark();

    // The call is held until the page has been read while it waits: the result must then change
    // to something the page showed neither before nor while waiting.
    const held = await faults.hold((_url, r) => r.method() === 'POST');
    const posted = page.waitForRequest((r: Request) => r.method() === 'POST');
    await page.getByRole(submit.role, { name: submit.name }).click();
    const post = await posted;
    await held.waitForCaught(1);
    const waiting = await shown.innerText();
    const answered = page.waitForResponse((r) => r.request() === post);
    await held.release();
    const response = await answered;
    const unchanged = new Set([before.trim(), waiting.trim()]);
    await expect.poll(async () => {
      const now = (await shown.innerText()).trim();
      return unchanged.has(now) ? `still "${now}"` : 'changed';
    }, 'the result shown after the server function answered').toBe('changed');

    const url = new URL(post.url());
    const headers = await post.allHeaders();
    await record(testInfo, 'server-function call', {
      url: post.url(), method: post.method(), headers, payload: post.postData(), status: response.status(),
      responseContentType: response.headers()['content-type'], result: { before, waiting, after: await shown.innerText() },
    });

    expect(url.origin, 'the call goes to the site\'s own origin').toBe(new URL(target.url).origin);
    expect(url.pathname, 'the call is posted to the current page\'s path').toBe(new URL(target.abs(path)).pathname);
    expect(headers['next-action'] ?? '', 'a server-action identifier header (Next-Action)').not.toBe('');
    expect(requestLog.documents(mark).map((d) => d.url), 'document requests after submitting').toEqual([]);
    expect(await noReload.intact(), 'the page\'s JavaScript marker survives the call').toBe(true);
  });
});
