import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLAUSES, NORMATIVE } from '../spec/clauses';
import { clauseRows, IMPLEMENTATIONS_MD, withGeneratedTable } from './expected-doc';
import { MATRIX_MD, withMatrixTables } from './matrix-doc-tables';
import { pagesRouterReading } from './other-router-doc';
import { contextOf, expectationsFor } from './expected';
import { loadProfile } from '../conformance/run/profile';
import { configFieldsFor, layerFiles, layersOf, patchNextConfig, replaceGoogleFonts, SITES } from './template';
import { HOST_MODE, loadVersions, planMatrix, selectRuns } from './versions';
import { ROOT } from '../spec/root';

const plan = planMatrix(loadVersions());

describe('the matrix plan (versions.json)', () => {
  it('has a static and a server build of 14.2, 15.5, 15.5 with staleTimes and 16, of the Pages Router and mixed sites on 14.2 and 15.5, the ordinary sites on 14.2 and 16, and one build of each shaped site', () => {
    expect(plan.builds.map((b) => b.id)).toEqual([
      'next-14.2-static', 'next-14.2-server', 'next-15.5-static', 'next-15.5-server',
      'next-15.5-stale-static', 'next-15.5-stale-server', 'next-16-static', 'next-16-server',
      'next-14.2-pages-static', 'next-14.2-pages-server', 'next-14.2-mixed-static', 'next-14.2-mixed-server',
      'next-15.5-pages-static', 'next-15.5-pages-server', 'next-15.5-mixed-static', 'next-15.5-mixed-server',
      'next-14.2-ordinary-static', 'next-14.2-ordinary-server', 'next-16-ordinary-static', 'next-16-ordinary-server',
      'next-14.2-ordinary-pages-static', 'next-14.2-ordinary-pages-server', 'next-16-ordinary-pages-static', 'next-16-ordinary-pages-server',
      'next-14.2-docs-static', 'next-16-blog-static', 'next-16-portfolio-server',
    ]);
    expect(plan.builds.filter((b) => b.site === 'ordinary' || b.site === 'ordinary-pages').map((b) => b.version)).toEqual(['14.2', '14.2', '16', '16', '14.2', '14.2', '16', '16']);
    expect(plan.builds.filter((b) => b.site === 'pages-router').map((b) => b.version)).toEqual(['14.2', '14.2', '15.5', '15.5']);
    expect(plan.builds.filter((b) => b.site === 'mixed').map((b) => b.version)).toEqual(['14.2', '14.2', '15.5', '15.5']);
    expect(plan.builds.filter((b) => b.site === 'app')).toHaveLength(8);
  });

  it('runs the Pages Router, mixed and ordinary sites on the own static server and next start, once per build', () => {
    const other = plan.runs.filter((r) => r.build.site === 'pages-router' || r.build.site === 'mixed');
    expect(plan.runs.filter((r) => r.build.site.startsWith('ordinary')).every((r) => r.host === (r.build.mode === 'static' ? 'serve-handler' : 'next-start'))).toBe(true);
    expect(other.map((r) => `${r.id}@${r.host}`)).toEqual([
      'next-14.2-pages-static@serve-handler', 'next-14.2-pages-server@next-start', 'next-14.2-mixed-static@serve-handler', 'next-14.2-mixed-server@next-start',
      'next-15.5-pages-static@serve-handler', 'next-15.5-pages-server@next-start', 'next-15.5-mixed-static@serve-handler', 'next-15.5-mixed-server@next-start',
    ]);
  });

  it('serves each build on every listed host of its mode, and a server build on next start too', () => {
    expect(plan.runs.every((r) => HOST_MODE[r.host] === r.build.mode)).toBe(true);
    expect(plan.builds.filter((b) => b.mode === 'server').every((b) => plan.runs.some((r) => r.build.id === b.id && r.host === 'next-start' && r.id === b.id))).toBe(true);
    for (const v of ['14.2', '16']) {
      expect(plan.runs.filter((r) => r.build.id === `next-${v}-static`).map((r) => r.id)).toEqual(
        ['', '-nginx', '-serve', '-http-server', '-nginx-debian', '-apache', '-caddy'].map((h) => `next-${v}-static${h}`));
      expect(plan.runs.filter((r) => r.build.id === `next-${v}-server`).map((r) => r.id)).toEqual([`next-${v}-server`, `next-${v}-server-varnish`]);
    }
  });

  it('--only picks one run by its id, or every run of an implementation', () => {
    expect(selectRuns(plan.runs, ['next-14.2-static-nginx']).map((r) => r.id)).toEqual(['next-14.2-static-nginx']);
    expect(selectRuns(plan.runs, ['next-14.2-static']).map((r) => r.id)).toEqual(['next-14.2-static']);
    expect(selectRuns(plan.runs, ['next-15.5']).map((r) => r.id)).toEqual(['next-15.5-static', 'next-15.5-server']);
    expect(selectRuns(plan.runs, ['next-14.2-mixed']).map((r) => r.id)).toEqual(['next-14.2-mixed-static', 'next-14.2-mixed-server']);
  });

  it('--only with an unknown id names the known runs', () => {
    expect(() => selectRuns(plan.runs, ['next-13'])).toThrow(/no such implementation.*next-14\.2-static/);
  });
});

describe('template changes', () => {
  it('replaces only the next/font/google import', () => {
    const layout = 'import type { Metadata } from "next";\nimport { Geist, Geist_Mono } from "next/font/google";\nimport "./globals.css";\n';
    const r = replaceGoogleFonts(layout);
    expect(r.changed).toBe(true);
    expect(r.text).toBe(layout.replace('"next/font/google"', '"./offline-fonts"'));
    expect(replaceGoogleFonts('import localFont from "next/font/local";').changed).toBe(false);
  });

  it('patches the config object of the 14.2 (.mjs) and 15/16 (.ts) templates', () => {
    const mjs = "/** @type {import('next').NextConfig} */\nconst nextConfig = {};\n\nexport default nextConfig;\n";
    const ts = 'import type { NextConfig } from "next";\n\nconst nextConfig: NextConfig = {\n  /* config options here */\n};\n\nexport default nextConfig;\n';
    const fields = configFieldsFor('static', { experimental: { staleTimes: { dynamic: 30, static: 300 } } });
    expect(patchNextConfig(mjs, fields)).toContain('"output": "export"');
    expect(patchNextConfig(ts, fields)).toMatch(/const nextConfig: NextConfig = \{\n {2}"output": "export"/);
    expect(patchNextConfig(ts, fields)).toContain('"staleTimes"');
    expect(() => patchNextConfig('module.exports = {}', fields)).toThrow(/no `const nextConfig/);
  });

  it('keeps the Pages Router template\'s own config fields (reactStrictMode) and its font stand-in outside pages/', () => {
    const mjs = "/** @type {import('next').NextConfig} */\nconst nextConfig = {\n  reactStrictMode: true,\n};\n\nexport default nextConfig;\n";
    const ts = 'import type { NextConfig } from "next";\n\nconst nextConfig: NextConfig = {\n  /* config options here */\n  reactStrictMode: true,\n};\n\nexport default nextConfig;\n';
    for (const t of [mjs, ts]) {
      const out = patchNextConfig(t, configFieldsFor('static', {}));
      expect(out).toContain('"reactStrictMode": true');
      expect(out).toContain('"output": "export"');
    }
    expect(patchNextConfig(ts, {})).toContain('"reactStrictMode": true');
    expect(() => patchNextConfig('const nextConfig = { webpack: (c) => c };', {})).toThrow(/cannot keep/);
    const index = 'import Head from "next/head";\nimport { Geist, Geist_Mono } from "next/font/google";\n';
    expect(replaceGoogleFonts(index, '../lib/offline-fonts').text).toContain('from "../lib/offline-fonts"');
    expect(SITES['pages-router'].template.fontModule.startsWith('pages/')).toBe(false);
  });

  it('exports need unoptimized images; server builds get only the variant\'s fields', () => {
    expect(configFieldsFor('static', {})).toEqual({ output: 'export', images: { unoptimized: true } });
    expect(configFieldsFor('server', {})).toEqual({});
  });
});

describe('expected verdicts (docs/implementations.md)', () => {
  it('give every build a verdict, a reason and a citation for every clause and part', () => {
    const rows = clauseRows();
    for (const b of plan.builds) {
      const e = expectationsFor(contextOf(b));
      for (const r of rows) {
        expect(e[r.id], `${b.id} × ${r.id}`).toBeDefined();
        expect(e[r.id].because.length, `${b.id} × ${r.id} because`).toBeGreaterThan(10);
        if (e[r.id].verdict !== 'inapplicable') expect(e[r.id].cite.every((c) => /^dist\/.+\.js:\d+$/.test(c)), `${b.id} × ${r.id} cite`).toBe(true);
      }
    }
  });

  it('are inapplicable exactly outside a clause\'s modes', () => {
    for (const b of plan.builds) {
      const e = expectationsFor(contextOf(b));
      for (const c of CLAUSES.filter((x) => x.kind === 'normative')) {
        expect(e[c.id].verdict === 'inapplicable', `${b.id} × ${c.id}`).toBe(!c.modes.includes(b.mode));
      }
    }
  });

  it('expect 14.2 to fail nothing and 16 to fail prefetch concurrency and the global error text', () => {
    const v14 = expectationsFor(contextOf(plan.builds.find((b) => b.id === 'next-14.2-server')!));
    expect(Object.entries(v14).filter(([, e]) => e.verdict === 'failed')).toEqual([]);
    const v16 = expectationsFor(contextOf(plan.builds.find((b) => b.id === 'next-16-static')!));
    expect(v16['K9.5'].verdict).toBe('failed');
    expect(v16['R2.5/client'].verdict).toBe('failed');
  });

  it('are the same in docs/implementations.md as in expected.ts (run `npm run generate` after changing expected.ts)', () => {
    const doc = readFileSync(IMPLEMENTATIONS_MD, 'utf8');
    expect(withGeneratedTable(doc)).toBe(doc);
  });

  it('read "The other router" from the registry: a clause without its one reading for a Pages Router page is named with the fix', () => {
    const k95 = NORMATIVE.find((c) => c.id === 'K9.5')!;
    expect(pagesRouterReading(k95)).toMatch(/^There is no queue/);
    expect(() => pagesRouterReading({ ...k95, readings: k95.readings?.filter((r) => !r.startsWith('On a Pages Router page:')) })).toThrow('K9.5 has 0 readings beginning "On a Pages Router page:" in spec/clauses/: give it exactly one, saying how the clause reads on a page the Pages Router serves.');
  });

  it('are the same in docs/matrix.md\'s tables as in expected.ts (run `npm run generate` after changing expected.ts)', () => {
    const doc = readFileSync(MATRIX_MD, 'utf8');
    expect(doc, 'docs/matrix.md\'s tables are out of step with matrix/expected.ts: run `npm run generate`').toBe(withMatrixTables(doc));
  });
});

describe('the matrix sites\' profiles', () => {
  it('are valid target profiles, one per site kind', () => {
    for (const site of ['app', 'pages-router', 'mixed'] as const) expect(() => loadProfile(SITES[site].profile!), site).not.toThrow();
    expect(SITES.app.profile).toBe(join(ROOT, 'fixtures', 'implementations', 'profile.json'));
  });
});

/** The address a page file serves: an index page under pages/ serves its folder; app/(group)/x/page.tsx serves /x. */
function routeOf(file: string): string | undefined {
  const pages = /^pages\/(.+)\.tsx$/.exec(file);
  if (pages) return pages[1].startsWith('_') || pages[1].startsWith('api/') ? undefined : `/${pages[1].replace(/(^|\/)index$/, '')}`;
  const app = /^app\/(?:(.*)\/)?page\.tsx$/.exec(file);
  if (app) return `/${(app[1] ?? '').split('/').filter((s) => !/^\(.+\)$/.test(s)).join('/')}`;
  return undefined;
}

describe('the extra pages of each site kind', () => {
  const files = (site: 'app' | 'pages-router' | 'mixed', mode: 'static' | 'server') => layersOf(site, mode).flatMap(layerFiles);

  it('the Pages-Router-only site has no app/ directory; the mixed site has a root layout for its app/ pages', () => {
    for (const mode of ['static', 'server'] as const) {
      expect(files('pages-router', mode).filter((f) => f.startsWith('app/')), mode).toEqual([]);
      expect(files('mixed', mode)).toContain('app/layout.tsx');
    }
  });

  it('no address is served by both routers (next build refuses it), the template\'s home page included', () => {
    for (const site of ['pages-router', 'mixed'] as const) {
      for (const mode of ['static', 'server'] as const) {
        const byRoute = new Map<string, string[]>([['/', ['pages/index.tsx (template)']]]);
        for (const f of files(site, mode)) {
          const r = routeOf(f);
          if (r) byRoute.set(r, [...(byRoute.get(r) ?? []), f]);
        }
        expect([...byRoute].filter(([, fs]) => fs.length > 1), `${site} ${mode}`).toEqual([]);
      }
    }
  });

  it('every page a profile names is served by a page file of that site (the chain, the pairs, the status pages)', () => {
    for (const site of ['pages-router', 'mixed'] as const) {
      const served = new Set(files(site, 'server').map(routeOf).filter(Boolean));
      const p = loadProfile(SITES[site].profile!).scenarios;
      const named = [...p.navigation!.chain, p.pageData!.from, p.pageData!.to, p.freshness!.from, p.scroll!.tall, p.scroll!.other, p.announcer!.untitled, p.brokenLink!.from, p.noStatusError!.page, p.clientCrash!.page, p.routeLoadTimeout!.from, p.routeLoadTimeout!.to];
      for (const path of named) expect(served.has(path) || served.has(path.replace(/\/\d+$/, '/[id]')), `${site} ${path}`).toBe(true);
    }
  });
});

describe('expected verdicts of the Pages Router and mixed sites', () => {
  const of = (id: string) => expectationsFor(contextOf(plan.builds.find((b) => b.id === id)!));

  it('take the App Router site\'s rows where the mixed site judges App Router pages', () => {
    for (const v of ['14.2', '15.5']) {
      for (const mode of ['static', 'server']) {
        const app = of(`next-${v}-${mode}`);
        const mixed = of(`next-${v}-mixed-${mode}`);
        for (const row of ['R2.5', 'R2.6', 'C7.2', 'C7.3', 'C7.5', 'K9.3', 'K9.4', 'K9.5']) expect(mixed[row], `${v} ${mode} ${row}`).toEqual(app[row]);
        expect(mixed['R2.7'].verdict, 'the chain crosses the routers').toBe('failed');
      }
    }
  });

  it('expect the Pages Router\'s own deviations: no prefetch queue, no expiry, .json page data, no current address or router state', () => {
    for (const v of ['14.2', '15.5']) {
      const s = of(`next-${v}-pages-static`);
      expect(s['K9.5'].verdict).toBe('failed');
      expect(s['K9.4/kept-299'].verdict).toBe('passed');
      expect(s['K9.4/expired-301'].verdict).toBe('failed');
      expect(s['C7.2/text-suffix'].verdict).toBe('failed');
      expect(s['C7.3/current'].verdict).toBe('failed');
      expect(s['C7.3/build-id'].verdict).toBe('passed');
      expect(s['R2.6'].verdict).toBe('untested');
      expect(of(`next-${v}-pages-server`)['R2.5/server'].verdict).toBe('untested');
    }
  });

  it('have no expectations for a version without citations', () => {
    expect(() => expectationsFor({ v: '16', dynamicStale: 0, mode: 'static', site: 'pages-router' })).toThrow(/no expectations for the pages-router site on version 16/);
  });
});
