import { record } from '../harness/clause';
import { describeClause } from '../harness/describe-clause';
import { expect, test } from '../harness/fixtures';
import { coverage, sitePagesOf, walkOf } from './every-page';

// Checked on every page the profile lists (sitePages; discovery lists every crawled page), not only
// on the first loads of C7.4-assets.

const JS_TYPE = /^(application|text)\/(javascript|ecmascript|x-javascript)\b/i;
const CSS_TYPE = /^text\/css\b/i;

interface AssetResult { url: string; type: 'script' | 'stylesheet'; status?: number; contentType?: string; failure?: string; pending?: boolean }

function judge(a: AssetResult): string | undefined {
  if (a.pending) return undefined;
  if (a.status === undefined) return `${a.type} ${a.url}: not answered (${a.failure})`;
  const refused = a.failure ? ` (the browser then refused it: ${a.failure})` : '';
  // 304: the browser reuses its stored copy, which was answered 2xx before.
  const okStatus = (a.status! >= 200 && a.status! < 300) || a.status === 304;
  if (!okStatus) return `${a.type} ${a.url}: answered ${a.status}${refused}`;
  if (a.status === 304 && !a.contentType) return undefined;
  const re = a.type === 'script' ? JS_TYPE : CSS_TYPE;
  if (!re.test(a.contentType ?? '')) return `${a.type} ${a.url}: answered with content type "${a.contentType || '(none)'}", expected ${a.type === 'script' ? 'a JavaScript type' : 'text/css'}${refused}`;
  return undefined;
}

// Both parts are observed one by one (obs.part); a precondition the test stops on before them is theirs.
describeClause('C7.4', ({ parts, part }) => {
  test('on every listed page, every script and stylesheet is answered 2xx with a JavaScript or CSS content type', parts('scripts', 'stylesheets'), async ({ browser, target, obs }, testInfo) => {
    const sitePages = sitePagesOf(target, obs);
    const assetTypes = new Map<string, 'script' | 'stylesheet'>();
    const walk = await walkOf(browser, target, sitePages, testInfo);
    const results = walk.map((w) => {
      if (w.error) return { path: w.path, status: w.status, error: w.error };
      // Only the site's own pages are evidence (a host's error page is not): site-page.ts.
      if (!w.ofSite) return { path: w.path, status: w.status, notTheSitesPage: true };
      const assets: AssetResult[] = w.requests
        .filter((r) => (r.resourceType === 'script' || r.resourceType === 'stylesheet') && /^https?:/.test(r.url))
        .map((r) => ({ url: r.url, type: r.resourceType as AssetResult['type'], status: r.status, contentType: r.contentType, failure: r.failure, pending: r.pending }));
      for (const a of assets) assetTypes.set(a.url, a.type);
      const bad = assets.map(judge).filter((x): x is string => !!x);
      const pending = assets.filter((a) => a.pending).map((a) => a.url);
      return {
        path: w.path, status: w.status,
        scripts: assets.filter((a) => a.type === 'script').length, stylesheets: assets.filter((a) => a.type === 'stylesheet').length,
        bad: bad.length ? bad : undefined, pending: pending.length ? pending : undefined,
      };
    });
    await record(testInfo, 'every page', { ...coverage(sitePages), results });

    // Each part judges its own kind of asset; pages that did not load leave both parts incomplete.
    const notLoaded = results.filter((r) => r.error).map((r) => `${r.path} (${r.error})`);
    for (const [kind, type, word] of [[part('scripts'), 'script', 'JavaScript'], [part('stylesheets'), 'stylesheet', 'CSS']] as const) {
      await obs.part(kind, () => {
        const bad = results.flatMap((r) => (r.bad ?? []).filter((b) => b.startsWith(`${type} `)).map((b) => `${r.path}: ${b}`));
        expect(bad, `${kind} not answered 2xx with a ${word} content type`).toEqual([]);
        const pending = results.flatMap((r) => (r.pending ?? []).filter((u) => assetTypes.get(u) === type).map((u) => `${r.path}: no answer to ${u}`));
        if (notLoaded.length || pending.length) obs.cantTell(`on the listed pages not every ${type} could be observed: ${[...notLoaded, ...pending].slice(0, 3).join('; ')}`);
        const seen = results.reduce((n, r) => n + ((type === 'script' ? r.scripts : r.stylesheets) ?? 0), 0);
        const foreign = results.filter((r) => 'notTheSitesPage' in r).length;
        if (!seen) obs.untested(`none of the ${sitePages.paths.length} listed pages loaded a ${type}${foreign ? ` (${foreign} answered with a page that is not this site's)` : ''}`, `list pages that load ${kind} in sitePages`);
        for (const [url, t] of assetTypes) if (t === type) obs.saw('asset', url);
      });
    }
  });
});
