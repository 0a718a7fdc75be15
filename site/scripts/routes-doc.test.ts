import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BEHAVIOURS, SERVER_ONLY_ROUTES } from '../content/behaviours';
import { ROOT } from '../../spec/root';
import { demoPages, routeOf, routesDocProblems, ROUTES_MD, withRoutesClauses } from './routes-doc';

const doc = () => fs.readFileSync(path.join(ROOT, ROUTES_MD), 'utf8');

describe('the demo pages and docs/routes.md against the gallery (site/content/behaviours.ts)', () => {
  it('names, as server-only routes, exactly the pages built for the server only (page.server.tsx)', () => {
    expect([...SERVER_ONLY_ROUTES].sort()).toEqual(demoPages().filter((p) => p.serverOnly).map((p) => p.route).sort());
  });

  it('points every target of the gallery at a page of the site', () => {
    const routes = demoPages().map((p) => p.route);
    const wrong = BEHAVIOURS.flatMap((b) => [...b.targets.map((t) => t.href), ...b.alsoOn ?? []].filter((r) => !routes.includes(r)).map((r) => `${b.id}: ${r} is no page of site/app or site/pages`));
    expect(wrong).toEqual([]);
  });

  it('matches docs/routes.md: the Clauses of each demo page as the gallery gives them (run `npm run generate` after changing site/content/behaviours.ts)', () => {
    expect(doc(), `${ROUTES_MD} is out of step with site/content/behaviours.ts: run \`npm run generate\``).toBe(withRoutesClauses(doc()));
  });

  it('agrees with docs/routes.md otherwise: a row per page, "server only" where the page is, DemoIntro naming its own route', () => {
    expect(routesDocProblems(doc())).toEqual([]);
  });

  it('goes red on a missing row, a wrong mode, an unknown clause and a DemoIntro naming another route', () => {
    expect(routeOf('app/(site)/demos/action/page.server.tsx')).toBe('/demos/action');
    expect(routeOf('app/(site)/page.tsx')).toBe('/');
    expect(routeOf('pages/demos/status/index.tsx')).toBe('/demos/status');
    expect(routeOf('pages/_error.tsx')).toBeUndefined();
    const table = '<!-- generated: routes — x -->\n\n| Path | Router | Modes | Clauses | Title | What it does |\n|---|---|---|---|---|---|\n| `/demos/plain` | AR | both | C7.2, Z1 | Plain \\| page | text |\n\n<!-- end generated -->\nafter';
    const pages = [{ route: '/demos/plain', file: 'app/demos/plain/page.server.tsx', serverOnly: true, intro: '/demos/other' }, { route: '/x', file: 'app/x/page.tsx', serverOnly: false }];
    expect(routesDocProblems(table, pages)).toEqual([
      'docs/routes.md, /demos/plain: Z1 is no normative clause of the registry',
      'docs/routes.md, /demos/plain: its Modes say "both", but the page is built for the server only',
      'docs/routes.md has no row for the page /x',
      'site/app/demos/plain/page.server.tsx: its DemoIntro says page="/demos/other", but the file\'s route is /demos/plain',
    ]);
    const written = withRoutesClauses(table, [{ ...pages[0], intro: '/demos/plain' }], () => ['C7.2', 'C7.4']);
    expect(written).toContain('| `/demos/plain` | AR | both | C7.2, C7.4 | Plain \\| page | text |');
    expect(written).toContain('\nafter');
  });
});
