/**
 * Where a host changes what the suite can observe of a build. A host serves the build's files and leaves the
 * framework's client code as it is, so a column expects its build's verdicts (expected.ts) — except in the rows
 * listed here, each with what the host does and where its own code or configuration decides it
 * (`<package or file>:<line>`). docs/implementations.md ("Where a host changes a verdict") is generated from
 * this table, docs/matrix.md's columns from the same expectations.
 */
import type { Ctx, Expectation, Row } from './expected-model';
import { contextOf, expectationsFor } from './expected';
import type { Verdict } from './model';
import type { BuildPlan, Host } from './versions';

const E = (verdict: Verdict, because: string, ...cite: string[]): Expectation => ({ verdict, because, cite });

/** The rows a host changes, given the build's context and its own-host expectations. */
type HostRows = (ctx: Ctx, own: Record<Row, Expectation>) => Partial<Record<Row, Expectation>>;

/**
 * http-server adds `.html` only to an address that names nothing on disk; an address that names a folder
 * without its slash is redirected to the folder (302 /posts → /posts/), which has no index.html: the 404 page.
 * A page with a folder of its name beside its .html is then no page when loaded as a document, and what starts
 * on it is unobserved (untested: pre-flight says the page must exist). In 14.2's export those are /posts (the
 * folder of /posts/1) and /timeout; 16 writes every App Router page's segment prefetch files into a folder named
 * as the page, so every page but the Pages Router's is hidden. A Link still works: its page data (the .txt) is found.
 */
const HTTP_SERVER_FOLDER = ['http-server@14.1.1 lib/core/index.js:355', 'http-server@14.1.1 lib/core/index.js:381'];
const SEGMENT_FOLDERS = 'next@16.4.6 dist/export/index.js:754';

export const HOST_DIFFERENCES: Partial<Record<Host, HostRows>> = {
  'http-server': (ctx) => {
    if (ctx.mode !== 'static' || ctx.site !== 'app') return {};
    const v16 = ctx.v === '16';
    const cite = v16 ? [...HTTP_SERVER_FOLDER, SEGMENT_FOLDERS] : HTTP_SERVER_FOLDER;
    const folder = v16 ? 'its segment prefetch folder' : 'a folder of that name';
    const hidden = (page: string, what: string, verdict: Verdict = 'untested') =>
      E(verdict, `http-server answers ${page} with a redirect to ${page}/ (${folder} sits beside ${page.slice(1)}.html) and then the 404 page, so ${what} has no page to start on`, ...cite);
    const rows = (ids: Row[], e: Expectation) => Object.fromEntries(ids.map((id) => [id, e])) as Partial<Record<Row, Expectation>>;
    return {
      ...rows(['K9.1', 'K9.1/loading-3.7', 'K9.1/timed-out-3.9'], hidden('/timeout', 'the route-load timeout')),
      ...rows(['K9.4', 'K9.4/kept-299', 'K9.4/expired-301'], hidden('/posts', 'the prefetch kept 5 minutes')),
      'K9.5': hidden('/posts', 'the prefetch queue'),
      ...(!v16 ? {} : {
        ...rows(['R2.5', 'R2.5/client'], hidden('/crash', 'the global failure page')),
        ...rows(['R2.6', 'R2.6/addresses'], E('untested', 'http-server redirects every App Router page to its segment prefetch folder and then the 404 page, so the every-page checks have no page left to judge', ...cite)),
        // An optional part whose subject is not shown is inapplicable (spec/clauses.ts).
        'R2.6/grouped-pages': hidden('/about', 'the grouped page (optional)', 'inapplicable'),
        'R2.7': hidden('/hub', 'the chain of client navigations'),
        ...rows(['R2.8', 'R2.8/back', 'R2.8/forward'], hidden('/tall', 'the scroll position on Back and Forward')),
        ...rows(['R2.9', 'R2.9/title', 'R2.9/heading'], hidden('/hub', 'the route announcer')),
        ...rows(['C7.2', 'C7.2/own-origin', 'C7.2/text-suffix', 'C7.3/target', 'C7.3/current', 'C7.3/router-state'], hidden('/no-prefetch', 'the page-data request')),
        ...rows(['C7.4', 'C7.4/scripts', 'C7.4/stylesheets'], hidden('/plain', 'the assets of a first load')),
        ...rows(['K9.3', 'K9.3/fresh-29'], hidden('/posts', 'the page data kept 30 s')),
      }),
    };
  },
};

/** A column's expectations: its build's, with the rows its host changes. */
export function expectationsForRun(r: { host: Host; build: Pick<BuildPlan, 'version' | 'mode' | 'configFields' | 'site'> }): Record<Row, Expectation> {
  const ctx = contextOf(r.build);
  const own = expectationsFor(ctx) as Record<Row, Expectation>;
  return { ...own, ...(HOST_DIFFERENCES[r.host]?.(ctx, own) ?? {}) };
}

/** The rows where a column's expectation differs from its build's, for the docs. */
export function hostDifferences(r: { host: Host; build: Pick<BuildPlan, 'version' | 'mode' | 'configFields' | 'site'> }): [Row, Expectation][] {
  const ctx = contextOf(r.build);
  const own = expectationsFor(ctx) as Record<Row, Expectation>;
  return Object.entries(HOST_DIFFERENCES[r.host]?.(ctx, own) ?? {}) as [Row, Expectation][];
}
