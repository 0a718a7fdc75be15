import { record } from '../harness/clause';
import { describeClause } from '../harness/describe-clause';
import { expect, test } from '../harness/fixtures';
import { activateLink } from '../observers/activate';
import { linkTo, open } from '../observers/navigation';
import { fetchHtml, ownScript } from '../observers/own-script';
import { pathOf, within } from '../observers/sample';
import { seconds } from '../../launcher/format';
import { patience } from '../run/slow';

// The two sides of the 3.8 s boundary are the clause's parts: still waiting at 3.7 s, given up by 3.9 s.
describeClause('K9.1', ({ parts, part }) => {
  test('a route whose code does not arrive is still awaited at 3.7 s and loaded as a whole page by 3.9 s', parts('loading-3.7', 'timed-out-3.9'), async ({ page, target, requestLog, clock, faults, obs }, testInfo) => {
    const { from, to } = target.scenario('routeLoadTimeout');
    // The target's own chunk (named after it, else a script of its HTML that `from`'s does not name),
    // held from before `from` loads: a prefetch of it cannot complete either. Without one, every script
    // asked for after `from` has loaded is held (the route's code is among them).
    const [toHtml, fromHtml] = await Promise.all([fetchHtml(page, new URL(to, target.url).href), fetchHtml(page, new URL(from, target.url).href)]);
    const own = toHtml.html ? ownScript(to, toHtml.html, new URL(to, target.url).href, fromHtml.html ? { path: from, html: fromHtml.html } : undefined) : undefined;
    const ownHeld = own?.script ? await faults.hold((url) => url.pathname === own.script) : undefined;
    await clock.install();
    await open(page, from, obs, { scenario: 'routeLoadTimeout' });
    await clock.pause();

    const held = ownHeld ?? await faults.hold((_url, r) => r.resourceType() === 'script');
    const heldAtLoad = held.caught;
    const mark = requestLog.mark();
    const link = linkTo(page, to);
    if (!(await link.count())) return obs.untested(`${from} has no visible link to ${to}`, `name in the profile (routeLoadTimeout) a page that links to ${to}`);
    const t0 = await clock.now();
    // Focus and Enter: a pointer's hover would start a prefetch of its own first (observers/activate.ts).
    await obs.waitFor(`following the link to ${to} on ${from}`, () => activateLink(link), 11_000);
    // The route load has started once its code is asked for (again, when a prefetch asked for it already).
    // The clock is paused, so no timeout can fire meanwhile.
    const started = await within(5_000, () => held.caught > heldAtLoad);
    const times = (n: number) => `${n} time${n === 1 ? '' : 's'}`;
    const condition = own?.script
      ? `the harness held ${own.script} (${own.why}) from before ${from} loaded; asked for ${times(heldAtLoad)} before the click (a prefetch) and ${times(held.caught - heldAtLoad)} after it`
      : `the harness held every script asked for after ${from} had loaded (${to}'s own script could not be told: ${own?.why ?? toHtml.problem})`;
    if (!started && !(heldAtLoad > 0 && pathOf(page) === from)) {
      const docs = requestLog.documents(mark).map((d) => d.url);
      const moved = pathOf(page) !== from;
      return obs.untested(
        `the navigation from ${from} to ${to} loaded no new script${moved ? ` (it reached ${pathOf(page)} without one)` : ''}${docs.length ? ` and loaded ${docs.join(', ')} as a whole page` : ''}, so there was no route load to time out`,
        'name in the profile (routeLoadTimeout) a Pages Router pair whose target needs its own chunk',
      );
    }
    const scripts = requestLog.since(mark).filter((e) => e.resourceType === 'script').map((e) => e.url);

    await obs.waitFor('the page\'s clock to run 3.7 s', () => clock.runFor(3700), 15_000);
    // A round trip into the page: it fails if the page has started loading another document.
    const shown = await page.evaluate(() => location.pathname).catch(() => '(the page was being replaced)');
    const at37 = { fakeMs: (await clock.now().catch(() => NaN)) - t0, shown, documents: requestLog.documents(mark).map((d) => d.url) };
    await record(testInfo, 'at 3.7 s', { ...at37, injected: condition, askedAgainOnClick: started, heldScripts: scripts });
    await obs.part(part('loading-3.7'), () => {
      obs.saw('boundary run', `${from} → ${to}, ${condition}, at ${seconds(at37.fakeMs)}`);
      expect(at37.documents, `expected no whole-page load 3.7 s after clicking the link to ${to} (the route load has not timed out yet); observed document requests`).toEqual([]);
      expect(safeDecode(shown), `expected ${from} still shown 3.7 s after the click, its route code held; observed`).toBe(from);
    });

    // The page is being replaced from here on: its clock is not read again, and a runFor
    // cut short by the page going away is what the test expects.
    await clock.runFor(200).catch(() => undefined);
    const loaded = await within(10_000, () => requestLog.documents(mark).some((d) => safeDecode(new URL(d.url).pathname) === to));
    const documents = requestLog.documents(mark).map((d) => ({ url: d.url, realMs: d.t }));
    await record(testInfo, 'at 3.9 s', { fakeMs: 3900, injected: condition, documents, stillHeld: held.pending });
    await obs.part(part('timed-out-3.9'), () => {
      obs.saw('boundary run', `${from} → ${to}, ${condition}, at 3.9 s`);
      expect(loaded ? `${to} loaded as a whole page` : `no document request for ${to}`, `expected the browser to give up on the route load by 3.9 s after the click and load ${to} as a whole page (${condition}); observed (${patience(10_000) / 1000} s of real time after the page's clock passed 3.9 s)`).toBe(`${to} loaded as a whole page`);
    });
  });
});

function safeDecode(s: string): string {
  try { return decodeURI(s); } catch { return s; }
}
