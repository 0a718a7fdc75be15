import { describe, expect, it } from 'vitest';
import { NORMATIVE } from '../spec/clauses';
import { clauseRows } from './expected-doc';
import { contextOf, expectationsFor } from './expected';
import { columnCoverage, coverageHeadline } from './coverage';
import { groupConfig } from './judge';
import type { Prepared } from './prepare';
import { addLayoutMenu, layerFiles, layersOf, SITES, zeroConfig } from './template';
import { loadVersions, planMatrix } from './versions';

const plan = planMatrix(loadVersions());

describe('the ordinary sites (judged zero-config)', () => {
  it('have no profile; every other site kind has one', () => {
    expect(zeroConfig('ordinary')).toBe(true);
    expect(zeroConfig('ordinary-pages')).toBe(true);
    for (const site of ['app', 'pages-router', 'mixed'] as const) expect(SITES[site].profile, site).toBeDefined();
  });

  it('are judged with no profile and with discovery, whatever the matrix asks; the other sites with their profile', () => {
    const impl = (id: string): Prepared => {
      const runs = plan.runs.filter((r) => r.build.implementation === id);
      return { implementation: id, runs, urls: new Map(runs.map((r, i) => [r.id, `http://127.0.0.1:${4000 + i}`])), servers: [] };
    };
    const ordinary = impl('next-14.2-ordinary');
    const config = groupConfig(ordinary.runs, ordinary, true);
    expect(config.discovery).toBe(true);
    expect(config.targets!.map((t) => t.profile)).toEqual([undefined, undefined]);
    expect(config.targets!.map((t) => t.otherBuild)).toEqual(['http://127.0.0.1:4001', 'http://127.0.0.1:4000']);
    const app = impl('next-14.2-pages');
    const withProfile = groupConfig(app.runs, app, true);
    expect(withProfile.discovery).toBe(false);
    expect(withProfile.targets!.every((t) => t.profile === SITES['pages-router'].profile)).toBe(true);
  });

  it('have the same pages in both modes, and none made for a scenario: the menu, about, the posts, contact', () => {
    const files = (site: 'ordinary' | 'ordinary-pages', mode: 'static' | 'server') => layersOf(site, mode).flatMap(layerFiles);
    for (const mode of ['static', 'server'] as const) {
      expect(files('ordinary', mode)).toEqual(['app/about/page.tsx', 'app/contact/page.tsx', 'app/posts/[slug]/page.tsx', 'app/posts/page.tsx', 'components/pages.tsx', 'components/site-menu.tsx', 'lib/posts.ts']);
      expect(files('ordinary-pages', mode)).toEqual(['components/pages.tsx', 'components/site-menu.tsx', 'lib/posts.ts', 'pages/_app.tsx', 'pages/about.tsx', 'pages/contact.tsx', 'pages/posts/[slug].tsx', 'pages/posts/index.tsx']);
    }
  });

  it('add the menu to the App Router template\'s root layout as a site does (14.2 and 16 layouts)', () => {
    const v14 = 'import localFont from "next/font/local";\nimport "./globals.css";\n\nexport default function RootLayout({ children }) {\n  return (\n    <html lang="en">\n      <body className={`${a} ${b}`}>\n        {children}\n      </body>\n    </html>\n  );\n}\n';
    expect(addLayoutMenu(v14)).toContain('import "./globals.css";\nimport { SiteMenu } from "../components/site-menu";\n');
    expect(addLayoutMenu(v14)).toContain('<body className={`${a} ${b}`}>\n        <SiteMenu />\n        {children}\n      </body>');
    const v16 = 'import "./globals.css";\nexport default function RootLayout({ children }) {\n  return (\n    <html lang="en" className={x}>\n      <body>{children}</body>\n    </html>\n  );\n}\n';
    expect(addLayoutMenu(v16)).toContain('<body><SiteMenu />{children}</body>');
    expect(() => addLayoutMenu('export default function L() { return null; }')).toThrow(/update template\.ts/);
  });

  it('expect no failed cell but the real contradictions, and give each untested cell a reason', () => {
    for (const b of plan.builds.filter((x) => zeroConfig(x.site))) {
      const e = expectationsFor(contextOf(b));
      const failed = Object.entries(e).filter(([, x]) => x.verdict === 'failed').map(([row]) => row);
      // Real contradictions only: Next.js 16's scheduler (K9.5) and default global error (R2.5), the docs site's missing prefetch queue (K9.5), the blog's own not-found wording (R2.2),
      // the Pages Router's data cache that never expires (K9.4), the 14.2 Pages Router's reset of the scroll on Back (R2.8), its data
      // request with no current address or router state (C7.3), 16's Pages Router route load that never gives up (K9.1), and in a
      // static export the Pages Router's page data, /_next/data/<build>/<path>.json, which its Links prefetch (C7.2's text suffix).
      const global16 = ['R2.5/client', 'R2.5', 'K9.5'];
      const real: Record<string, string[]> = { 'next-16-ordinary': global16, 'next-14.2-docs': ['K9.5'], 'next-16-blog': ['R2.2', ...global16], 'next-16-portfolio': global16, 'next-16-ordinary-pages': ['K9.1', 'K9.1/timed-out-3.9'] };
      const pagesRouter = ['ordinary-pages', 'docs-pages'].includes(b.site);
      const backLost = pagesRouter && b.implementation.startsWith('next-14.2') ? ['R2.8', 'R2.8/back'] : [];
      const pagesData = b.mode === 'static' && pagesRouter ? ['C7.2', 'C7.2/text-suffix'] : [];
      const neverExpires = pagesRouter ? ['K9.4/expired-301', 'K9.4'] : [];
      const noHeaders = pagesRouter ? ['C7.3', 'C7.3/current', 'C7.3/router-state'] : [];
      expect(failed.sort(), b.id).toEqual([...backLost, ...pagesData, ...neverExpires, ...noHeaders, ...(real[b.implementation] ?? [])].sort());
      for (const [row, x] of Object.entries(e)) if (x.verdict === 'untested') expect(x.because, `${b.id} ${row}`).toMatch(/^the site has |^not observable on this deployment: |discovery|no generic 405 page|fresh-29 passes|parts not judged|every (link|Link)|the Link routes|the announcer reads|the page with the most|discovery takes|the contact form|deploymentId/);
    }
  });
});

describe('how much of the spec a column is judged on', () => {
  it('counts the clauses of the mode, the parts judged, and each clause not judged with what it lacks', () => {
    const rows = clauseRows();
    const b = plan.builds.find((x) => x.id === 'next-14.2-ordinary-static')!;
    const e = expectationsFor(contextOf(b));
    const c = columnCoverage(rows, (r) => e[r.id] ?? {});
    // The registry's normative clauses of each mode.
    const ofMode = (m: 'static' | 'server') => NORMATIVE.filter((x) => x.modes.includes(m)).length;
    expect(c.applicable).toBe(ofMode('static'));
    expect(coverageHeadline(c)).toMatch(new RegExp(`^judged \\d+ of ${ofMode('static')} applicable clauses \\(\\d+ passed, 0 failed\\); parts judged \\d+ of \\d+$`));
    expect(c.partsJudged).toContain('R2.3/404');
    expect(c.notJudged.find((n) => n.id === 'R2.6')).toEqual({ id: 'R2.6', verdict: 'untested', why: 'the site has no route group (no "(name)" folder under app/)' });
    const server = plan.builds.find((x) => x.id === 'next-14.2-ordinary-server')!;
    expect(columnCoverage(rows, (r) => expectationsFor(contextOf(server))[r.id] ?? {}).applicable).toBe(ofMode('server'));
  });

  it('names a clause the run did not report', () => {
    const rows = clauseRows().filter((r) => r.id === 'R2.2');
    expect(columnCoverage(rows, () => ({})).notJudged).toEqual([{ id: 'R2.2', verdict: 'not reported', why: 'the run reported no verdict' }]);
  });
});
