/**
 * docs/routes.md's table of routes against the site's pages. The Clauses cell of a demo page's row is
 * the gallery read the other way round (content/behaviours.ts's `clausesOn`, which the page's DemoIntro
 * lists too), written by `npm run generate`; the other cells, and the Clauses of pages without a
 * DemoIntro, are written by hand. A unit test fails while the doc differs from what this writes, while a
 * page has no row, or while a row says "server only" of a page that is not.
 */
import fs from 'node:fs';
import path from 'node:path';
import { clausesOn } from '../content/behaviours';
import { NORMATIVE_CLAUSES } from '../content/clause-ids';
import { ROOT } from '../../spec/root';
import { generatedBody, withGenerated } from '../../spec/registry/generated-section';
import { cellsOf } from '../../spec/registry/scenario-clauses-md';

export const ROUTES_MD = 'docs/routes.md';
const SECTION = 'routes';
const NOTE = 'the Clauses of a demo page\'s row from site/content/behaviours.ts (the rules its DemoIntro lists) by `npm run generate`; the rest by hand';
const SITE = path.join(ROOT, 'site');

export interface DemoPage {
  route: string;
  /** The source file, relative to site/. */
  file: string;
  serverOnly: boolean;
  /** The `page` its DemoIntro names (undefined: the page has none). */
  intro?: string;
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

/** Every page source of the site: its route, whether it is built for the server only, and its DemoIntro's `page`. */
export function demoPages(site = SITE): DemoPage[] {
  const files = ['app', 'pages'].flatMap((d) => (fs.readdirSync(path.join(site, d), { recursive: true }) as string[]).map((f) => path.join(d, f)));
  return files.flatMap((file) => {
    const route = routeOf(file);
    if (!route) return [];
    const intro = fs.readFileSync(path.join(site, file), 'utf8').match(/<DemoIntro\s+page="([^"]*)"/)?.[1];
    return [{ route, file: file.split(path.sep).join('/'), serverOnly: file.endsWith('.server.tsx'), intro }];
  });
}

/** The route a row's Path cell names (`/demos/links/[n]` of "`/demos/links/[n]` (1–10)"), if any. */
const routeOfRow = (cell: string) => cell.match(/^`([^`]+)`/)?.[1];

/** docs/routes.md with the Clauses of each demo page's row written from the gallery. */
export function withRoutesClauses(doc: string, pages = demoPages(), clauses: (route: string) => readonly string[] = clausesOn): string {
  const [head, rule, ...rows] = generatedBody(doc, SECTION, ROUTES_MD).split('\n');
  const names = cellsOf(head);
  if (names.slice(0, 4).join() !== 'Path,Router,Modes,Clauses') throw new Error(`${ROUTES_MD}, the table of routes: its first four columns must be "Path", "Router", "Modes" and "Clauses".`);
  const written = rows.map((row) => {
    const cells = cellsOf(row);
    const page = pages.find((p) => p.intro !== undefined && p.route === routeOfRow(cells[0]));
    if (!page) return row;
    return `| ${[...cells.slice(0, 3), clauses(page.route).join(', ') || '—', ...cells.slice(4)].join(' | ')} |`;
  });
  return withGenerated(doc, SECTION, NOTE, [head, rule, ...written].join('\n'), ROUTES_MD);
}

/** What the table of routes says wrong of the pages, in words (what `npm run generate` cannot write). */
export function routesDocProblems(doc: string, pages = demoPages()): string[] {
  const rows = generatedBody(doc, SECTION, ROUTES_MD).split('\n').slice(2).map(cellsOf);
  const known = Object.keys(NORMATIVE_CLAUSES);
  const out: string[] = [];
  const named = new Set<string>();
  for (const [pathCell, , modes, clauses] of rows) {
    const route = routeOfRow(pathCell);
    if (!route) continue;
    named.add(route);
    const ids = clauses === '—' ? [] : clauses.split(/,\s*/);
    for (const id of ids.filter((x) => !known.includes(x))) out.push(`${ROUTES_MD}, ${route}: ${id} is no normative clause of the registry`);
    const page = pages.find((p) => p.route === route);
    if (page && (modes === '**server only**') !== page.serverOnly) out.push(`${ROUTES_MD}, ${route}: its Modes say "${modes}", but the page is ${page.serverOnly ? '' : 'not '}built for the server only`);
  }
  for (const p of pages.filter((x) => !named.has(x.route))) out.push(`${ROUTES_MD} has no row for the page ${p.route}`);
  for (const p of pages.filter((x) => x.intro !== undefined && x.intro !== x.route)) out.push(`site/${p.file}: its DemoIntro says page="${p.intro}", but the file's route is ${p.route}`);
  return out;
}

if (require.main === module) {
  const file = path.join(ROOT, ROUTES_MD);
  fs.writeFileSync(file, withRoutesClauses(fs.readFileSync(file, 'utf8')));
  console.log(`wrote ${ROUTES_MD}`);
}
