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
 * The template's export has posts.html beside posts/ and timeout.html beside timeout/, so /posts and /timeout,
 * loaded as documents, are not the pages: what starts on them is unobserved (a Link's page data, posts.txt, is
 * still found, so navigations to them work).
 */
const HTTP_SERVER_FOLDER = ['http-server@14.1.1 lib/core/index.js:355', 'http-server@14.1.1 lib/core/index.js:381'];
const folderPage = (page: string, what: string) => E('untested', `http-server answers ${page} with a redirect to ${page}/ (a folder of that name sits beside ${page.slice(1)}.html) and then the 404 page, so ${what} has no page to start on (pre-flight: the page must exist)`, ...HTTP_SERVER_FOLDER);

export const HOST_DIFFERENCES: Partial<Record<Host, HostRows>> = {
  'http-server': (ctx) => {
    if (ctx.mode !== 'static') return {};
    const k91 = folderPage('/timeout', 'the route-load timeout (K9.1)');
    const k94 = folderPage('/posts', 'the prefetch held 5 minutes (K9.4)');
    return {
      'K9.1': k91, 'K9.1/loading-3.7': k91, 'K9.1/timed-out-3.9': k91,
      'K9.4': k94, 'K9.4/kept-299': k94, 'K9.4/expired-301': k94,
      'K9.5': folderPage('/posts', 'the prefetch queue (K9.5)'),
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
