import { record } from '../harness/clause';
import { describeClause } from '../harness/describe-clause';
import { foreignList, judgeAsset, type AssetAnswer } from './asset-answer';
import { expect, test } from '../harness/fixtures';
import { coverage, sitePagesOf, walkOf } from './every-page';
import { siteOriginsFor } from '../observers/site-page';

// Checked on every page the profile lists (sitePages; discovery lists every crawled page), not only
// on the first loads of C7.4-assets.

// Both parts are observed one by one (obs.part); a precondition the test stops on before them is theirs.
describeClause('C7.4', ({ parts, part }) => {
  test('on every listed page, every script and stylesheet is answered 2xx with a JavaScript or CSS content type', parts('scripts', 'stylesheets'), async ({ browser, target, obs }, testInfo) => {
    const sitePages = sitePagesOf(target, obs);
    const assetTypes = new Map<string, 'script' | 'stylesheet'>();
    const walk = await walkOf(browser, target, sitePages, testInfo);
    const siteOrigins = siteOriginsFor(target.url);
    const results = walk.map((w) => {
      if (w.error) return { path: w.path, status: w.status, error: w.error };
      // Only the site's own pages are evidence (a host's error page is not): site-page.ts.
      if (!w.ofSite) return { path: w.path, status: w.status, notTheSitesPage: true };
      const requests = w.requests.filter((r) => (r.resourceType === 'script' || r.resourceType === 'stylesheet') && /^https?:/.test(r.url));
      const assets: AssetAnswer[] = requests
        .map((r) => ({ url: r.url, type: r.resourceType as AssetAnswer['type'], status: r.status, contentType: r.contentType, failure: r.failure, cancelled: r.cancelled, pending: r.pending, redirectedFrom: r.redirectedFrom, redirectedTo: r.redirectedTo }));
      // Judged against the site's own origin: other origins' assets are listed apart (asset-answer.ts).
      const judged = assets.map((a, i) => ({ a, j: judgeAsset(a, siteOrigins), answered: requests[i].answered }));
      const counted = judged.filter(({ j }) => j.kind === 'ok' || j.kind === 'bad');
      // A request the browser cancelled (the walk's own navigation, or the page) is no answer of the site: set apart, not counted.
      for (const { a } of counted) assetTypes.set(a.url, a.type);
      const words = (kind: string) => judged.filter(({ j }) => j.kind === kind).map(({ j }) => (j as { words: string }).words);
      const bad = words('bad');
      const pending = judged.filter(({ j }) => j.kind === 'pending').map(({ a }) => a);
      const cancelled = words('cancelled');
      return {
        path: w.path, status: w.status,
        scripts: counted.filter(({ a }) => a.type === 'script').length,
        stylesheets: counted.filter(({ a }) => a.type === 'stylesheet').length,
        bad: bad.length ? bad : undefined, pending: pending.length ? pending : undefined, cancelled: cancelled.length ? cancelled : undefined,
        // Every asset judged, as the page used it: status, content type, and how it came (network, cache, revalidated).
        assets: counted.map(({ a, answered }) => ({ url: a.url, type: a.type, status: a.status, contentType: a.contentType || '(none)', answered, ...(a.redirectedFrom ? { redirectedFrom: a.redirectedFrom } : {}) })),
        otherOrigins: foreignList(judged.map(({ j }) => j)),
      };
    });
    await record(testInfo, 'every page', { ...coverage(sitePages), results });

    // Each part judges its own kind of asset; pages that did not load leave both parts incomplete.
    const notLoaded = results.filter((r) => r.error).map((r) => `${r.path} (${r.error})`);
    for (const [kind, type, word] of [[part('scripts'), 'script', 'JavaScript'], [part('stylesheets'), 'stylesheet', 'CSS']] as const) {
      await obs.part(kind, () => {
        const bad = results.flatMap((r) => (r.bad ?? []).filter((b) => b.startsWith(`${type} `)).map((b) => `${r.path}: ${b}`));
        expect(bad, `${kind} not answered 2xx with a ${word} content type`).toEqual([]);
        const pending = results.flatMap((r) => (r.pending ?? []).filter((a) => a.type === type).map((a) => `${r.path}: no answer to ${a.url} within the bound`));
        if (notLoaded.length || pending.length) obs.cantTell(`on the listed pages not every ${type} could be observed: ${[...notLoaded, ...pending].slice(0, 3).join('; ')}`);
        const seen = results.reduce((n, r) => n + ((type === 'script' ? r.scripts : r.stylesheets) ?? 0), 0);
        const foreign = results.filter((r) => 'notTheSitesPage' in r).length;
        const elsewhere = results.some((r) => 'otherOrigins' in r && r.otherOrigins);
        if (!seen) obs.absent(`none of the ${sitePages.paths.length} listed pages loaded a ${type} of the site's origin${foreign ? ` (${foreign} answered with a page that is not this site's)` : ''}${elsewhere ? ' (other origins\' assets are listed apart)' : ''}`);
        for (const [url, t] of assetTypes) if (t === type) obs.saw('asset', url);
      });
    }
  });
});
