import type { NormativeClauseId } from './clause-ids';

/**
 * The visible rules of the page-delivery spec and where each can be seen on this site: the home
 * page's gallery. Clause IDs are typed by the registry's copy (clause-ids.ts, generated); the titles and
 * descriptions are the site's own words for visitors. behaviours.test.ts holds the gallery to the
 * registry: every normative clause once, in its order, and server-only clauses and routes marked so.
 */

export type DemoMode = 'both' | 'server';

export interface DemoTarget {
  href: string;
  label: string;
  /** 'server': the rule shows only in server mode (the page may exist only in the server build). */
  mode: DemoMode;
}

export interface Behaviour {
  id: NormativeClauseId;
  title: string;
  description: string;
  targets: DemoTarget[];
  /** Other pages where the rule shows, reached from a target (routes as their files name them: `/demos/links/[n]`). */
  alsoOn?: string[];
}

export const BEHAVIOURS: Behaviour[] = [
  {
    id: 'R2.2',
    title: 'Not-found page',
    description: 'An unknown address shows the heading 404 and "This page could not be found." with HTTP 404.',
    targets: [{ href: '/demos/broken-link', label: 'Follow a link to a missing page', mode: 'both' }],
  },
  {
    id: 'R2.3',
    title: 'Error titles by status code',
    description: 'The generic error page titles 400, 404, 405 and 500 by name and any other code as "An unexpected error has occurred".',
    targets: [
      { href: '/demos/status', label: 'Every status title', mode: 'both' },
      { href: '/demos/status/throws', label: 'A page that fails with 500', mode: 'server' },
    ],
  },
  {
    id: 'R2.4',
    title: 'Error without a status code',
    description: 'When there is no status code, the error page shows a client-side application error.',
    targets: [{ href: '/demos/client-error', label: 'Throw an error in the browser', mode: 'both' }],
  },
  {
    id: 'R2.5',
    title: 'Global failure page',
    description: 'A failure of the whole application shows the client-side or server-side wording, with a digest line for server errors.',
    targets: [
      { href: '/demos/crash', label: 'Crash in the browser', mode: 'both' },
      { href: '/demos/server-crash', label: 'Crash on the server', mode: 'server' },
    ],
  },
  {
    id: 'R2.6',
    title: 'Route groups stay out of the address',
    description: 'Every content page lives in the route group (site), which never appears in an address.',
    targets: [{ href: '/about', label: 'About this site', mode: 'both' }],
  },
  {
    id: 'R2.7',
    title: 'Navigation without reloads',
    description: 'Following an internal link swaps the content in place; the document is not loaded again.',
    targets: [{ href: '/demos/links', label: 'A page of internal links', mode: 'both' }],
    alsoOn: ['/demos/links/[n]'],
  },
  {
    id: 'R2.8',
    title: 'Back and forward restore the view',
    description: 'Going back returns to the earlier page at the same scroll position, without a reload.',
    targets: [{ href: '/demos/tall', label: 'A tall page to scroll', mode: 'both' }],
  },
  {
    id: 'R2.9',
    title: 'Route announcer',
    description: 'After each navigation, assistive technology hears the page title, or the first heading when there is no title.',
    targets: [{ href: '/demos/untitled', label: 'A page with no title', mode: 'both' }],
  },
  {
    id: 'C7.2',
    title: 'Page data with a text suffix',
    description: 'Navigating fetches the next page’s data from this origin: the page path with a text suffix.',
    targets: [{ href: '/demos/no-prefetch', label: 'A link that is not prefetched', mode: 'both' }],
    alsoOn: ['/demos/plain'],
  },
  {
    id: 'C7.3',
    title: 'What a page-data request carries',
    description: 'The request names the target and current address, the router state and the build identifier.',
    targets: [{ href: '/demos/no-prefetch', label: 'Watch the request headers', mode: 'both' }],
  },
  {
    id: 'C7.4',
    title: 'Script and stylesheet assets',
    description: 'Every page loads its scripts and stylesheet from this origin, nothing from elsewhere.',
    targets: [{ href: '/demos/plain', label: 'A plain page', mode: 'both' }],
  },
  {
    id: 'C7.5',
    title: 'Server functions',
    description: 'A form calls a server function with a POST to the current path and updates the page in place.',
    targets: [{ href: '/demos/action', label: 'Send a form to a server function', mode: 'server' }],
  },
  {
    id: 'K9.1',
    title: 'Route load timeout',
    description: 'If the next page’s code takes longer than 3.8 seconds, the browser loads that page in full instead.',
    targets: [{ href: '/demos/timeout', label: 'A link to a slow page', mode: 'both' }],
    alsoOn: ['/demos/timeout/target'],
  },
  {
    id: 'K9.2',
    title: 'Retry on server errors',
    description: 'A page-data fetch answered with a 5xx error is tried again.',
    targets: [{ href: '/demos/retry', label: 'Pages generated on first visit', mode: 'server' }],
    alsoOn: ['/demos/retry/[slug]'],
  },
  {
    id: 'K9.3',
    title: 'Fresh for 30 seconds',
    description: 'Page data the browser holds, prefetched or fetched by a visit, is used without a new request for 30 seconds.',
    targets: [
      { href: '/demos/links', label: 'Revisit a prefetched page', mode: 'both' },
      { href: '/demos/dynamic-hub', label: 'A prefetched dynamic page', mode: 'server' },
      { href: '/demos/no-prefetch', label: 'Open a dynamic page twice', mode: 'server' },
    ],
    alsoOn: ['/demos/dynamic'],
  },
  {
    id: 'K9.4',
    title: 'Expires after 5 minutes',
    description: 'Prefetched page data is dropped after 5 minutes and fetched again on the next visit.',
    targets: [{ href: '/demos/links', label: 'Ten prefetched links', mode: 'both' }],
  },
  {
    id: 'K9.5',
    title: 'Five prefetches at a time',
    description: 'Links in view are prefetched, at most five requests at a time.',
    targets: [{ href: '/demos/links', label: 'Ten prefetched links', mode: 'both' }],
  },
];

/**
 * Path prefixes served by the Pages Router. Links to them from App Router pages are plain <a>:
 * moving between the two routers is always a full page load, and an App Router prefetch of a
 * Pages Router page only produces a useless request.
 */
export const PAGES_ROUTER_PREFIXES = ['/demos/status', '/demos/client-error', '/demos/timeout', '/demos/retry'] as const;

export function isPagesRouterPath(href: string): boolean {
  const path = href.split(/[?#]/)[0];
  return PAGES_ROUTER_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Routes that exist only in the server build. */
export const SERVER_ONLY_ROUTES = ['/demos/server-crash', '/demos/dynamic', '/demos/action'] as const;

/**
 * The rules a page shows, in the registry's order: those whose gallery targets or `alsoOn` name its route.
 * A demo page's DemoIntro lists them, and docs/routes.md's Clauses column is written from them.
 */
export function clausesOn(route: string, gallery: readonly Pick<Behaviour, 'id' | 'targets' | 'alsoOn'>[] = BEHAVIOURS): NormativeClauseId[] {
  return gallery.filter((b) => b.targets.some((t) => t.href === route) || b.alsoOn?.includes(route)).map((b) => b.id);
}

export function behaviour(id: NormativeClauseId): Behaviour {
  const found = BEHAVIOURS.find((b) => b.id === id);
  if (!found) throw new Error(`Unknown behaviour ${id}`);
  return found;
}
