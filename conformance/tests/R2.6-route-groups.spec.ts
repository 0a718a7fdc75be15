import { clause, clauseTitle, record } from '../harness/clause';
import { clickLinkTo } from '../harness/navigation';
import { expect, test, type Page } from '../harness/fixtures';

// R2.6 "Path segments written in parentheses are route groups and do not appear in the address."

/** A path segment written in parentheses, e.g. "(site)" or "%28site%29". */
function groupSegments(url: string): string[] {
  return new URL(url).pathname.split('/').filter((seg) => {
    let s = seg;
    try { s = decodeURIComponent(seg); } catch { /* keep it as written */ }
    return /^\(.+\)$/.test(s);
  });
}

/** The hrefs of every link on the page, resolved, with the attribute as written. */
async function linkHrefs(page: Page): Promise<{ raw: string; url: string }[]> {
  return page.locator('a[href]').evaluateAll((els) =>
    els.map((el) => ({ raw: el.getAttribute('href') ?? '', url: (el as HTMLAnchorElement).href })));
}

/** The page's path with the group segment inserted at every position: /a/b → /(g)/a/b, /a/(g)/b, /a/b/(g). */
function withGroupInserted(path: string, group: string): string[] {
  const segs = path.split('/').filter(Boolean);
  return Array.from({ length: segs.length + 1 }, (_, i) => `/${[...segs.slice(0, i), group, ...segs.slice(i)].join('/')}`);
}

test.describe(clauseTitle('R2.6'), clause('R2.6'), () => {
  test('no address, link or page-data request seen while visiting the site has a segment in parentheses', async ({ page, target, requestLog }, testInfo) => {
    const { chain } = target.scenario('navigation');
    const groups = target.scenario('routeGroups');
    const addresses: string[] = [];
    const hrefs = new Map<string, string>();
    const collect = async () => {
      addresses.push(page.url());
      for (const h of await linkHrefs(page)) hrefs.set(h.url, h.raw);
    };

    // Through the site by clicking, then each grouped page loaded directly.
    await page.goto(chain[0]);
    await page.waitForLoadState('networkidle');
    await collect();
    for (const next of chain.slice(1)) {
      await clickLinkTo(page, next, testInfo);
      await expect(page).toHaveURL(target.abs(next));
      await page.waitForLoadState('networkidle');
      await collect();
    }
    for (const { path } of groups.pages) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await collect();
    }

    const sameOrigin = [...hrefs.keys()].filter((u) => /^https?:/.test(u) && new URL(u).origin === new URL(target.url).origin);
    const pageData = requestLog.pageData().map((e) => e.url);
    await record(testInfo, 'checked', { addresses, hrefs: sameOrigin, otherHrefs: [...hrefs.keys()].filter((u) => !sameOrigin.includes(u)), pageData });

    const bad = [
      ...addresses.filter((u) => groupSegments(u).length).map((u) => `address ${u}`),
      ...sameOrigin.filter((u) => groupSegments(u).length).map((u) => `link href ${hrefs.get(u)}`),
      ...pageData.filter((u) => groupSegments(u).length).map((u) => `page-data request ${u}`),
    ];
    expect(bad, 'URLs with a path segment in parentheses').toEqual([]);
  });

  test('a page inside a route group answers at its address without the group, and not with it', async ({ page, target }, testInfo) => {
    const { pages } = target.scenario('routeGroups');
    const checked: { url: string; status: number; expected: number }[] = [];
    for (const { path, group } of pages) {
      await test.step(`${path} (in ${group})`, async () => {
        const res = await page.request.get(target.abs(path));
        checked.push({ url: path, status: res.status(), expected: 200 });
        expect(res.status(), `HTTP status of ${path}`).toBe(200);
        for (const grouped of withGroupInserted(path, group)) {
          const r = await page.request.get(target.abs(grouped));
          checked.push({ url: grouped, status: r.status(), expected: 404 });
          expect(r.status(), `HTTP status of ${grouped}: the group segment must not be part of any address`).toBe(404);
        }
      });
    }
    await record(testInfo, 'checked', checked);
  });
});
