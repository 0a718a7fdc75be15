import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BEHAVIOURS, SERVER_ONLY_ROUTES, type Behaviour } from './behaviours';
import { NORMATIVE_CLAUSES, type NormativeClauseId } from './clause-ids';

/**
 * The gallery and the demo pages against the registry. The site imports only site/, so the registry comes
 * as its generated copy, clause-ids.ts (a unit test of conformance/ holds that copy to spec/clauses/): IDs
 * are typed by it, and these hold what the compiler cannot — every normative clause in the gallery, the
 * delivery modes, the server-only routes and what each demo page says it shows; and docs/routes.md's table of
 * routes (written by hand) against the pages.
 */
const SITE = path.resolve(__dirname, '..');

/** The gallery's problems against the registry's normative clauses, in words. */
export function galleryProblems(gallery: readonly Pick<Behaviour, 'id' | 'targets'>[], clauses: typeof NORMATIVE_CLAUSES = NORMATIVE_CLAUSES): string[] {
  const ids = Object.keys(clauses) as NormativeClauseId[];
  const listed = gallery.map((b) => b.id);
  const out = [
    ...ids.filter((id) => !listed.includes(id)).map((id) => `the gallery has no ${id} (${clauses[id].title}): add it to site/content/behaviours.ts with a page where it shows`),
    ...listed.filter((id, i) => listed.indexOf(id) !== i).map((id) => `the gallery lists ${id} twice`),
  ];
  if (!out.length && listed.join() !== ids.join()) out.push(`the gallery's order is ${listed.join(', ')}; the registry's is ${ids.join(', ')}`);
  for (const b of gallery) {
    // An ID its copy of the registry does not know: the copy is stale (a clause just added), not the gallery wrong.
    if (!clauses[b.id]) {
      out.push(`${b.id} is not in site/content/clause-ids.ts: run npm run generate (it copies the registry's clauses there)`);
      continue;
    }
    const modes: readonly string[] = clauses[b.id].modes;
    if (!modes.includes('static') && b.targets.some((t) => t.mode !== 'server')) out.push(`${b.id} applies in server delivery only: mark each of its targets mode 'server'`);
    if (modes.includes('static') && !b.targets.some((t) => t.mode === 'both')) out.push(`${b.id} applies in static delivery: give it a target that is live in the static export (mode 'both')`);
    for (const t of b.targets) {
      if ((SERVER_ONLY_ROUTES as readonly string[]).includes(t.href) && t.mode !== 'server') out.push(`${b.id}: ${t.href} exists in the server build only: mark it mode 'server'`);
    }
  }
  return out;
}

/** A route's address from its source file under site/app or site/pages (route groups left out). */
export function routeOf(file: string): string | undefined {
  const rel = file.split(path.sep).join('/');
  const app = rel.match(/^app\/(.*?)\/?page(\.server)?\.tsx$/);
  if (app) return `/${app[1].split('/').filter((s) => !/^\(.*\)$/.test(s)).join('/')}`.replace(/\/$/, '') || '/';
  const pages = rel.match(/^pages\/(.*?)(\/index)?\.tsx$/);
  if (pages && !/(^|\/)_/.test(pages[1])) return `/${pages[1]}`;
  return undefined;
}

/** Every page source of the site: its route, whether it is built for the server only, and the rules its DemoIntro names. */
function pages(): { route: string; serverOnly: boolean; rules?: string[] }[] {
  const files = ['app', 'pages'].flatMap((d) => (fs.readdirSync(path.join(SITE, d), { recursive: true }) as string[]).map((f) => path.join(d, f)));
  return files.flatMap((f) => {
    const route = routeOf(f);
    if (!route) return [];
    const text = fs.readFileSync(path.join(SITE, f), 'utf8');
    const rules = text.match(/<DemoIntro\s+rules=\{\[([^\]]*)\]\}/);
    return [{ route, serverOnly: f.endsWith('.server.tsx'), rules: rules ? [...rules[1].matchAll(/'([^']+)'/g)].map((m) => m[1]) : undefined }];
  });
}

/** docs/routes.md's table "Routes" against the pages: what differs, in words (the doc is written by hand). */
export function routesDocProblems(doc: string, all: ReturnType<typeof pages>): string[] {
  const table = doc.slice(doc.indexOf('| Path | Router | Modes | Clauses |'));
  const rows = table.slice(0, table.search(/\n\n/)).split('\n').slice(2).map((r) => r.split(/(?<!\\)\|/).slice(1, -1).map((c) => c.trim()));
  const known = Object.keys(NORMATIVE_CLAUSES);
  const out: string[] = [];
  const named = new Set<string>();
  for (const [pathCell, , modes, clauses] of rows) {
    const route = pathCell.match(/^`([^`]+)`/)?.[1];
    if (!route) continue;
    named.add(route);
    const ids = clauses === '—' ? [] : clauses.split(/,\s*/);
    for (const id of ids.filter((x) => !known.includes(x))) out.push(`docs/routes.md, ${route}: ${id} is no normative clause of the registry`);
    const page = all.find((p) => p.route === route);
    if (page?.rules && [...ids].sort().join() !== [...page.rules].sort().join()) out.push(`docs/routes.md, ${route}: its Clauses say ${ids.join(', ') || '—'}; the page's DemoIntro names ${page.rules.join(', ')}`);
    if (page && (modes === '**server only**') !== page.serverOnly) out.push(`docs/routes.md, ${route}: its Modes say "${modes}", but the page is ${page.serverOnly ? '' : 'not '}built for the server only`);
  }
  for (const p of all.filter((x) => !named.has(x.route))) out.push(`docs/routes.md has no row for the page ${p.route}`);
  return out;
}

describe('the behaviour gallery (site/content/behaviours.ts) against the registry (clause-ids.ts)', () => {
  it('lists every normative clause once, in the registry\'s order, live in each delivery mode the clause applies in', () => {
    expect(galleryProblems(BEHAVIOURS)).toEqual([]);
  });

  it('names, as server-only routes, exactly the pages built for the server only (page.server.tsx)', () => {
    expect([...SERVER_ONLY_ROUTES].sort()).toEqual(pages().filter((p) => p.serverOnly).map((p) => p.route).sort());
  });

  it('points every target at a page of the site whose DemoIntro, if it has one, names the behaviour\'s clause', () => {
    const all = pages();
    const wrong = BEHAVIOURS.flatMap((b) => b.targets.flatMap((t) => {
      const page = all.find((p) => p.route === t.href);
      if (!page) return [`${b.id}: ${t.href} is no page of site/app or site/pages`];
      return page.rules && !page.rules.includes(b.id) ? [`${b.id}: ${t.href}'s DemoIntro names ${page.rules.join(', ')}, not ${b.id}`] : [];
    }));
    expect(wrong).toEqual([]);
  });

  it('agrees with docs/routes.md\'s table of routes: a row per page, its clauses those of the page\'s DemoIntro, "server only" where the page is', () => {
    expect(routesDocProblems(fs.readFileSync(path.join(SITE, '..', 'docs', 'routes.md'), 'utf8'), pages())).toEqual([]);
  });

  it('goes red on a missing, doubled or misplaced clause and on a mode the registry does not allow', () => {
    const only = { 'R2.2': NORMATIVE_CLAUSES['R2.2'], 'C7.5': NORMATIVE_CLAUSES['C7.5'] } as unknown as typeof NORMATIVE_CLAUSES;
    const both = { href: '/demos/x', label: 'x', mode: 'both' } as const;
    expect(galleryProblems([{ id: 'R2.2', targets: [both] }], only)).toEqual([`the gallery has no C7.5 (${NORMATIVE_CLAUSES['C7.5'].title}): add it to site/content/behaviours.ts with a page where it shows`]);
    expect(galleryProblems([{ id: 'C7.5', targets: [both] }, { id: 'R2.2', targets: [{ ...both, mode: 'server' }] }], only)).toEqual([
      'the gallery\'s order is C7.5, R2.2; the registry\'s is R2.2, C7.5',
      'C7.5 applies in server delivery only: mark each of its targets mode \'server\'',
      'R2.2 applies in static delivery: give it a target that is live in the static export (mode \'both\')',
    ]);
    expect(galleryProblems([{ id: 'R2.2', targets: [{ ...both, href: '/demos/action' }] }, { id: 'R2.2', targets: [both] }], only)).toContain('the gallery lists R2.2 twice');
    expect(routeOf('app/(site)/demos/action/page.server.tsx')).toBe('/demos/action');
    expect(routeOf('app/(site)/page.tsx')).toBe('/');
    expect(routeOf('pages/demos/status/index.tsx')).toBe('/demos/status');
    expect(routeOf('pages/_error.tsx')).toBeUndefined();
    const doc = '| Path | Router | Modes | Clauses | Title | What it does |\n|---|---|---|---|---|---|\n| `/demos/plain` | AR | both | C7.2, Z1 | Plain \\| page | text |\n\nafter';
    expect(routesDocProblems(doc, [{ route: '/demos/plain', serverOnly: true, rules: ['C7.2', 'C7.4'] }, { route: '/x', serverOnly: false }])).toEqual([
      'docs/routes.md, /demos/plain: Z1 is no normative clause of the registry',
      'docs/routes.md, /demos/plain: its Clauses say C7.2, Z1; the page\'s DemoIntro names C7.2, C7.4',
      'docs/routes.md, /demos/plain: its Modes say "both", but the page is built for the server only',
      'docs/routes.md has no row for the page /x',
    ]);
  });
});
