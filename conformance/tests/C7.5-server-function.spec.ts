import type { Request } from '@playwright/test';
import { record } from '../harness/clause';
import { describeClause } from '../harness/describe-clause';
import { expect, test } from '../harness/fixtures';
import { open } from '../observers/navigation';
import { within } from '../observers/sample';
import { patience } from '../run/slow';

describeClause('C7.5', () => {
  test('submitting the form posts the server-function call to the current page\'s path', async ({ page, target, requestLog, noReload, faults, obs }, testInfo) => {
    const { page: path, submit, result } = target.scenario('serverFunction');
    await open(page, path, obs, { scenario: 'serverFunction' });
    const button = page.getByRole(submit.role, { name: submit.name }).first();
    if (!(await button.count())) {
      return obs.untested(`${path} has no ${submit.role} named "${submit.name}"`, 'name in the profile (serverFunction.submit) the control that calls the server function');
    }
    const shown = page.locator(result).first();
    const before = await shown.innerText({ timeout: patience(2_000) }).catch(() => undefined);
    await noReload.plant();
    const mark = requestLog.mark();

    // The call is held until the page has been read while it waits (for the advisory on updating in place).
    const held = await faults.hold((_url, r) => r.method() === 'POST');
    const posted: Request[] = [];
    page.on('request', (r) => { if (r.method() === 'POST') posted.push(r); });
    await button.click();
    const sent = await within(10_000, () => held.caught > 0 && posted.length > 0);
    const documents = requestLog.documents(mark).map((d) => d.url);
    if (!sent) {
      return obs.untested(
        `clicking "${submit.name}" on ${path} sent no POST within ${patience(10_000) / 1000} s${documents.length ? ` (it loaded ${documents.join(', ')} as a whole page)` : ''}`,
        'name in the profile (serverFunction) a form whose submit calls a server function',
      );
    }
    const post = posted[0];
    const headers = await post.allHeaders();
    if (!headers['next-action']) {
      return obs.untested(
        `the POST ${post.url()} sent on clicking "${submit.name}" carries no server-action identifier (Next-Action), so it is not recognisable as a server-function call`,
        'name in the profile (serverFunction) a form whose submit calls a server function',
      );
    }
    obs.saw('post', `${post.method()} ${post.url()} (Next-Action)`);
    const waiting = await shown.innerText({ timeout: patience(2_000) }).catch(() => undefined);
    const answered = page.waitForResponse((r) => r.request() === post, { timeout: patience(15_000) }).catch(() => undefined);
    await held.release();
    const response = await answered;
    const url = new URL(post.url());
    const current = new URL(target.abs(path));

    expect(url.origin, `expected the server-function call to go to the site's own origin ${current.origin}; observed ${url.origin}`).toBe(current.origin);
    expect(url.pathname, `expected the server-function call to be posted to the current path ${current.pathname}; observed a POST to ${url.pathname}`).toBe(current.pathname);

    // Not stated, so advisory: the page updates in place, without a reload.
    const unchanged = new Set([before?.trim(), waiting?.trim()]);
    const changed = await within(10_000, async () => {
      const now = await shown.innerText({ timeout: patience(500) }).catch(() => undefined);
      return now !== undefined && !unchanged.has(now.trim());
    });
    const reloaded = requestLog.documents(mark).map((d) => d.url);
    const marker = await noReload.state();
    obs.advise('the page updates in place after the server function answers, without a reload', changed && !reloaded.length && marker.intact === true,
      `result ${changed ? 'changed' : `did not change from "${(waiting ?? before ?? '').trim()}"`}; whole-page loads: ${reloaded.join(', ') || 'none'}; page script state: ${marker.words}`);
    await record(testInfo, 'server-function call', {
      url: post.url(), method: post.method(), headers, payload: post.postData(), status: response?.status(),
      responseContentType: response?.headers()['content-type'], result: { before, waiting, after: await shown.innerText({ timeout: patience(1_000) }).catch(() => undefined) },
    });
  });
});
