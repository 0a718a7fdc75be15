import { CLAUSES } from '../../spec/clauses';
import type { Crawl, CrawledPage } from '../crawl/model';
import { groupByShape } from '../crawl/shape';

/**
 * What the crawl saw that bears on each pending clause's open questions. The verdicts stay
 * `untested`; this is material for whoever settles the clause. Built only from the crawl, which
 * holds no query values, cookies, header values or form values (see redact.ts), and shaped as
 * small tables so the report renders every clause the same way (spec/schemas/observations.schema.json).
 */

export interface ObservedTable {
  caption: string;
  columns: string[];
  rows: string[][];
  /** Rows left out to keep the report short. */
  more?: number;
}

export interface ClauseObservation {
  /** One sentence: what was looked for and how much was found. */
  summary: string;
  tables: ObservedTable[];
}

export type Observations = Record<string, ClauseObservation>;

/** The registry's pending clauses, each of which gets a section (a unit test holds buildObservations to it). */
export const PENDING_CLAUSES = CLAUSES.filter((c) => c.kind === 'pending').map((c) => c.id);

const MAX_ROWS = 60;

function table(caption: string, columns: string[], rows: string[][]): ObservedTable {
  return rows.length > MAX_ROWS ? { caption, columns, rows: rows.slice(0, MAX_ROWS), more: rows.length - MAX_ROWS } : { caption, columns, rows };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function buildObservations(crawl: Crawl): Observations {
  const pages = crawl.pages.filter((p) => !p.error);
  const loaded = plural(pages.length, 'page');
  const home = pages.find((p) => p.path === '/');
  const obs: Observations = {};

  // P1: the home page as a visitor reads it. Without a <nav>/<header>, its other links stand in.
  const nav = home ? unique(home.links.filter((l) => l.inNav).map((l) => [l.text || '(no text)', l.path])) : [];
  const content = home && !nav.length ? unique(home.links.map((l) => [l.text || '(no text)', l.path])) : [];
  const others = home?.externalLinks ? `, and ${plural(home.externalLinks, 'link')} to other sites (addresses not kept)` : '';
  obs.P1 = {
    summary: home
      ? `The home page is titled "${home.title || '(no title)'}", shows ${plural(home.headings.length, 'heading')} and ${plural(nav.length, 'navigation link')}${nav.length ? '' : ` (no links in a <nav> or <header>; ${plural(content.length, 'other link')} to this site)`}${others}; its purpose and audience are for a person to read from these.`
      : 'The home page could not be loaded, so nothing was observed about purpose or users.',
    tables: home ? [
      table('Headings of the home page', ['Heading'], home.headings.map((h) => [h])),
      table('First lines of the home page\'s text', ['Text'], (home.leadText ?? []).map((t) => [t])),
      nav.length || !content.length ? table('Navigation links of the home page', ['Text', 'Path'], nav) : table('Links of the home page to this site (it has no navigation)', ['Text', 'Path'], content),
    ] : [],
  };

  // R2.1: the route inventory.
  const groups = groupByShape(pages.map((p) => p.path), 3);
  const byPath = new Map(pages.map((p) => [p.path, p]));
  const found = new Map(crawl.shapes.map((s) => [s.shape, s.found]));
  obs['R2.1'] = {
    summary: `The crawl loaded ${loaded} in ${plural(groups.length, 'route shape')} (${crawl.stoppedBy ? `stopped by ${crawl.stoppedBy === 'maxPages' ? 'the page limit' : 'the time budget'}, ${crawl.notVisited} paths not loaded` : 'every link followed'}; sitemap ${crawl.sitemap.found ? `listed ${crawl.sitemap.paths} paths${crawl.sitemap.rebasedFrom?.length ? ` (written for ${crawl.sitemap.rebasedFrom.join(', ')}; read as paths of this origin)` : ''}` : 'not found'}; robots.txt ${crawl.robots.ignored ? 'ignored' : crawl.robots.found ? `found, ${plural(crawl.skippedByRobots.length, 'path')} skipped` : 'not found'}).`,
    tables: [
      table('Routes by shape (parameters shown as :id)', ['Shape', 'Pages found', 'Example', 'Status', 'Title', 'First heading'],
        groups.map((g) => {
          const p = byPath.get(g.kept[0])!;
          return [g.shape, String(found.get(g.shape) ?? g.paths.length), p.path, String(p.status), p.title, p.firstHeading];
        })),
      ...waysIn(crawl),
    ],
  };

  // E3: forms and their fields (what entities the site collects).
  const forms = pages.flatMap((p) => p.forms.map((f) => ({ p, f })));
  obs.E3 = {
    summary: forms.length
      ? `${plural(forms.length, 'form')} on ${plural(new Set(forms.map((x) => x.p.path)).size, 'page')}; their fields hint at the entities the product handles.`
      : `No form on any of the ${loaded} loaded; no entity fields were observed.`,
    // A form without fields (a lone button, e.g. "Reload" on an error page) still gets a row.
    tables: forms.length ? [table('Form fields', ['Page', 'Form', 'Field', 'Input type', 'Label'],
      forms.flatMap(({ p, f }, i) => (f.fields.length ? f.fields.map((x) => [p.path, formName(f, i), x.name ?? '', x.type ?? x.tag, x.label ?? ''])
        : [[p.path, formName(f, i), `(no fields${f.submits.length ? `; submit: ${f.submits.join(', ')}` : ''})`, '', '']])))] : [],
  };

  // S4: controls that change what a page shows (states and transitions are behind them).
  const buttons = groupPages(pages.flatMap((p) => p.buttons.map((b) => [b, p.path] as const)));
  const menusPressed = [...new Set(pages.flatMap((p) => p.menusPressed ?? []))];
  obs.S4 = {
    summary: buttons.length
      ? `${plural(buttons.length, 'distinct button')} on ${plural(new Set(pages.filter((p) => p.buttons.length).map((p) => p.path)).size, 'page')}, none pressed by the crawl${menusPressed.length ? ` but ${plural(menusPressed.length, 'menu button')} (${menusPressed.map((m) => `"${m}"`).join(', ')}), pressed to open the menu` : ''}; the states they lead to were not observed.`
      : 'No buttons were seen; no state changes could be observed without one.',
    tables: buttons.length ? [table('Buttons (accessible names)', ['Button', 'Pages', 'For example'], buttons)] : [],
  };

  // V5: constraint attributes of form fields.
  const constrained = forms.flatMap(({ p, f }, i) => f.fields.filter((x) => Object.keys(x.constraints).length)
    .map((x) => [p.path, formName(f, i), x.name ?? x.label ?? x.tag, x.type ?? x.tag, Object.entries(x.constraints).map(([k, v]) => (k === 'required' ? k : `${k}=${v}`)).join(', ')]));
  obs.V5 = {
    summary: constrained.length
      ? `${constrained.length === 1 ? '1 field declares' : `${constrained.length} fields declare`} validation in their attributes; server-side rules were not observed (no form was submitted).`
      : forms.length ? 'The forms seen declare no validation attributes; server-side rules were not observed (no form was submitted).' : 'No form was seen, so no validation rule was observed.',
    tables: constrained.length ? [table('Constraint attributes', ['Page', 'Form', 'Field', 'Input type', 'Constraints'], constrained)] : [],
  };

  // A6: sign-in looking links and pages that refused access.
  const signIn = groupPages(pages.flatMap((p) => p.signInLinks.map((l) => [l, p.path] as const)));
  const denied = pages.filter((p) => p.status === 401 || p.status === 403);
  obs.A6 = {
    summary: `${plural(signIn.length, 'sign-in or account link')} and ${plural(denied.length, 'page')} answering 401/403 were seen${signIn.length + denied.length ? '' : ': nothing suggests roles or sign-in on the public pages'}.`,
    tables: [
      ...(signIn.length ? [table('Sign-in / account links', ['Link (text → href, query values removed)', 'Pages', 'For example'], signIn)] : []),
      ...(denied.length ? [table('Pages refusing access', ['Path', 'Status', 'Title'], denied.map((p) => [p.path, String(p.status), p.title]))] : []),
    ],
  };

  // C7.1: requests that are not page delivery.
  const calls = new Map<string, { method: string; pathShape: string; payload: string; pages: Set<string>; count: number }>();
  for (const p of pages) for (const c of p.calls) {
    const payload = c.payload === undefined ? '' : JSON.stringify(c.payload);
    const key = `${c.method} ${c.pathShape} ${payload}`;
    const e = calls.get(key) ?? { method: c.method, pathShape: c.pathShape, payload, pages: new Set(), count: 0 };
    e.pages.add(p.path);
    e.count++;
    calls.set(key, e);
  }
  obs['C7.1'] = {
    summary: calls.size
      ? `${plural(calls.size, 'kind')} of request that is not page delivery, made while pages loaded (no control was pressed); method, path shape and payload shape only.`
      : `Loading the ${loaded} made no request other than page delivery (documents, assets, page data, prefetches).`,
    tables: calls.size ? [table('Requests that are not page delivery', ['Method', 'Path shape', 'Payload shape', 'Seen', 'On pages'],
      [...calls.values()].map((c) => [c.method, c.pathShape, c.payload, String(c.count), [...c.pages].slice(0, 3).join(', ') + (c.pages.size > 3 ? ', …' : '')]))] : [],
  };

  // X8: every error text seen.
  const errors = new Map<string, Set<string>>();
  for (const p of pages) for (const t of p.errorTexts) errors.set(t, (errors.get(t) ?? new Set()).add(p.path));
  obs.X8 = {
    summary: errors.size
      ? `${plural(errors.size, 'error text')} seen: the spec's generic texts and headings that mention an error or exception.`
      : 'No error text was seen on the loaded pages.',
    tables: errors.size ? [table('Error texts', ['Text', 'Pages'], [...errors].map(([t, ps]) => [t, [...ps].slice(0, 4).join(', ') + (ps.size > 4 ? `, … (${ps.size})` : '')]))] : [],
  };

  // K9.0: limits visible in attributes.
  const limits = pages.flatMap((p) => p.limits.map((l) => [p.path, l.element, l.attribute, l.value]));
  obs['K9.0'] = {
    summary: limits.length
      ? `${plural(limits.length, 'limit')} visible in attributes (maxlength, min, max, pattern, step); limits enforced only by the server were not observed.`
      : 'No limit is visible in any attribute (maxlength, minlength, min, max, pattern, step) of the loaded pages.',
    tables: limits.length ? [table('Limits in attributes', ['Page', 'Element', 'Attribute', 'Value'], limits)] : [],
  };
  return obs;
}

/** [thing, page] pairs → rows [thing, number of pages, first pages]. */
function groupPages(pairs: (readonly [string, string])[]): string[][] {
  const by = new Map<string, Set<string>>();
  for (const [thing, page] of pairs) by.set(thing, (by.get(thing) ?? new Set()).add(page));
  return [...by].map(([thing, ps]) => [thing, String(ps.size), [...ps].slice(0, 3).join(', ') + (ps.size > 3 ? ', …' : '')]);
}

function formName(f: CrawledPage['forms'][number], i: number): string {
  const how = f.serverFunction ? 'server function' : `${f.method.toUpperCase()} ${f.action || '(this page)'}`;
  return `#${i + 1} ${how}`;
}

function unique(rows: string[][]): string[][] {
  const seen = new Set<string>();
  return rows.filter((r) => { const k = JSON.stringify(r); if (seen.has(k)) return false; seen.add(k); return true; });
}

/** R2.1: how the crawl came to its pages (ways in), and the Pages Router routes the build manifest lists. */
function waysIn(crawl: Crawl): ObservedTable[] {
  const ways = new Map<string, string[]>();
  for (const p of crawl.pages) if (p.foundBy) ways.set(p.foundBy, [...(ways.get(p.foundBy) ?? []), p.path]);
  const out = ways.size ? [table('How the crawl came to its pages', ['Way in', 'Pages loaded', 'For example'], [...ways].map(([w, ps]) => [w, String(ps.length), ps.slice(0, 3).join(', ')]))] : [];
  const routes = crawl.framework?.manifestRoutes;
  if (routes?.length) {
    const loaded = new Set(crawl.pages.map((p) => p.path));
    out.push(table('Pages Router routes listed by the build manifest', ['Route', 'Loaded'], routes.map((r) => [r, /\[/.test(r) ? 'a pattern: its pages are found by links or the sitemap' : loaded.has(r) ? 'yes' : 'no'])));
  }
  // Route groups never show in an address; the router tree and the code chunks' paths name them (R2.6's lead).
  const groups = new Map<string, { routes: Set<string>; from: Set<string> }>();
  const add = (group: string, route: string, from: string) => {
    const g = groups.get(group) ?? { routes: new Set(), from: new Set() };
    g.routes.add(route);
    g.from.add(from);
    groups.set(group, g);
  };
  for (const p of crawl.pages) {
    if (p.error) continue;
    for (const g of p.routeGroups) add(g, p.path, 'router tree');
    for (const c of p.chunkGroups ?? []) add(c.group, c.route, 'code chunk path');
  }
  if (groups.size) out.push(table('Route groups the site\'s pages name (never part of an address)', ['Group', 'Routes', 'Named by'], [...groups].map(([g, x]) => [g, [...x.routes].slice(0, 5).join(', '), [...x.from].join(', ')])));
  return out;
}
