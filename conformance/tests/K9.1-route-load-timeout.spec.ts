import { clause, clauseTitle, record } from '../harness/clause';
import { settle } from '../harness/navigation';
import { expect, test } from '../harness/fixtures';

// K9.1 "A route load times out after 3.8 seconds."

test.describe(clauseTitle('K9.1'), clause('K9.1'), () => {
  test('a route whose code does not arrive is still awaited at 3.7 s and loaded as a whole page by 3.9 s', async ({ page, target, requestLog, clock, faults }, testInfo) => {
    const { from, to } = target.scenario('routeLoadTimeout');
    await clock.install();
    await page.goto(from);
    await settle(page);
    await clock.pause();

    // Every script asked for from now on (the target route's code) is held until the end.
    const held = await faults.hold((_url, r) => r.resourceType() === 'script');
    const mark = requestLog.mark();
    const link = page.locator(`a[href="${to}"]:visible`).first();
    await expect(link, `a visible link to ${to} on ${from}`).toBeAttached();
    const t0 = await clock.now();
    await link.click();
    // The route load has started once its code is asked for.
    await held.waitForCaught(1);
    const scripts = requestLog.since(mark).filter((e) => e.resourceType === 'script').map((e) => e.url);

    await clock.runFor(3700);
    // A round trip into the page: it fails if the page has started loading another document.
    const shown = await page.evaluate(() => location.pathname).catch(() => '(the page was being replaced)');
    const at37 = { fakeMs: (await clock.now().catch(() => NaN)) - t0, shown, documents: requestLog.documents(mark).map((d) => d.url) };
    await record(testInfo, 'at 3.7 s', { ...at37, heldScripts: scripts });
    expect(at37.documents, 'document requests 3.7 s after the click').toEqual([]);
    expect(shown, 'the page shown 3.7 s after the click').toBe(from);

    // The page is being replaced from here on: its clock is not read again (it stays paused).
    await clock.runFor(200);
    const fakeMs = 3900;
    await expect.poll(() => requestLog.documents(mark).map((d) => new URL(d.url).pathname), `a document request for ${to} 3.9 s after the click`).toContain(to);
    await record(testInfo, 'at 3.9 s', { fakeMs, documents: requestLog.documents(mark).map((d) => ({ url: d.url, realMs: d.t })) });
  });
});
