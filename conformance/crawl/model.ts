import type { Mode } from '../../spec/clauses';

/**
 * What the crawler keeps about a site. Paths only: query strings are dropped before anything is
 * stored, and no cookie, header value or form value is ever read. Its own folder because
 * discovery writes it and the scenario pickers (conformance/scenarios) read it: both import it,
 * it imports neither.
 */

/** An internal link as found on a page. */
export interface CrawledLink {
  /** Path of the target (no query, no fragment). */
  path: string;
  /** The href attribute as written, with any query value replaced by "…" (see redact.ts). */
  href: string;
  /** The link's accessible text (trimmed, shortened). */
  text: string;
  /** Visible in the first viewport when the page had loaded. */
  inView: boolean;
  /** Rendered with a size and not hidden (a link in a closed menu is not). */
  visible: boolean;
  /** Inside a <nav> or <header>: navigation rather than content. */
  inNav: boolean;
  /** Inside the page's <main> element. */
  inMain: boolean;
  /** The target's page data was requested while the page sat in view (a prefetch). */
  prefetched: boolean;
  /** Requested only after the page was scrolled through (a router link below the fold). */
  prefetchedOnScroll: boolean;
  /** Pages Router pages: same-origin scripts requested when the link was hovered (its page's code). */
  hoverLoads?: string[];
}

export interface FormField {
  tag: 'input' | 'select' | 'textarea';
  type?: string;
  name?: string;
  label?: string;
  /** Constraint attributes as written: required, maxlength, minlength, min, max, pattern, step. */
  constraints: Record<string, string>;
}

export interface FormFact {
  method: string;
  /** Path of the action attribute, or "(function)" for a server function, or "" for the page itself. */
  action: string;
  /** React server functions render a hidden $ACTION_ field or a javascript: action. */
  serverFunction: boolean;
  fields: FormField[];
  /** Accessible names of its submit buttons. */
  submits: string[];
}

/** A payload's shape: keys and types, never values. */
export type PayloadShape = string | PayloadShape[] | { [key: string]: PayloadShape };

/** A request that is not page delivery (not the document, assets, page data or prefetches). */
export interface CallFact {
  method: string;
  /** Same-origin path with ids replaced by :id, or "<other origin>/path-shape". */
  pathShape: string;
  sameOrigin: boolean;
  resourceType: string;
  payload?: PayloadShape;
  status?: number;
  /** The page it was seen on. */
  page: string;
}

export interface CrawledPage {
  path: string;
  status: number;
  /** Where the browser ended up, when that differs from `path` (redirect). */
  finalPath?: string;
  title: string;
  hasTitleElement: boolean;
  firstHeading: string;
  /** h1–h3 texts (shortened), in order. */
  headings: string[];
  links: CrawledLink[];
  /** Number of links to other origins (their addresses are not kept). */
  externalLinks: number;
  scrollHeight: number;
  viewportHeight: number;
  forms: FormFact[];
  buttons: string[];
  calls: CallFact[];
  /** Generic error texts of the spec, and headings matching /error|exception/i. */
  errorTexts: string[];
  /** Links whose text or path looks like sign-in / account. */
  signInLinks: string[];
  /** maxlength/minlength/min/max/pattern/step seen on any element. */
  limits: { element: string; attribute: string; value: string }[];
  /** The HTML carries __NEXT_DATA__ (Pages Router). */
  pagesRouter: boolean;
  /** The HTML carries the App Router's flight data (self.__next_f). */
  appRouter: boolean;
  /** The router had started (window.next) when the page was read. */
  hydrated: boolean;
  /** Paths whose page data the page requested while it sat in view (prefetches of links in view). */
  pageDataRequested: string[];
  /** Paths whose page data was requested only once the page had been scrolled through. */
  pageDataOnScroll: string[];
  /** Same-origin script paths the page loaded before any link was hovered (tells a Pages Router chunk prefetch). */
  scripts: string[];
  /** The document answer said it is rendered per request (cache-control no-store or private). */
  dynamic: boolean;
  /** Selectors of elements that show results (output, role=status, aria-live). */
  resultSelectors: string[];
  /** App Router: route-group segments ("(site)") in the router tree the page was delivered with. */
  routeGroups: string[];
  /** Pages Router: the route facts of __NEXT_DATA__ (pattern, rendering; never its props). */
  nextData?: NextDataFacts;
  /** The first lines of visible text of its <main> (else body), shortened (P1: what a visitor reads first). */
  leadText?: string[];
  /** Route shape, e.g. /posts/:id. */
  shape: string;
  /** A load error instead of a page (timeout, connection refused). */
  error?: string;
}

/**
 * A link discovery clicked after the crawl, to tell a router link that never prefetches
 * (prefetch={false}) from a plain <a> that reloads the page. Links only: buttons are never clicked.
 */
export interface ClickFact {
  from: string;
  to: string;
  /** The address became `to` without a document load. */
  clientSide: boolean;
  /** The click asked for `to`'s page data. */
  pageData: boolean;
  /** Why the click could not be made or judged. */
  error?: string;
}

export interface Crawl {
  origin: string;
  mode: Mode;
  pages: CrawledPage[];
  robots: { found: boolean; disallows: number; ignored: boolean };
  /** `rebasedFrom`: origins written in the sitemap's locs that were mapped onto the target's (sitemap.ts). */
  sitemap: { found: boolean; paths: number; rebasedFrom?: string[] };
  /** Paths robots.txt kept the crawler from. */
  skippedByRobots: string[];
  /** Why the crawl stopped before the queue was empty. */
  stoppedBy?: 'maxPages' | 'timeBudget';
  /** Paths still queued when it stopped. */
  notVisited: number;
  /** Per route shape: how many paths were found and how many were loaded. */
  shapes: { shape: string; found: number; visited: number }[];
  /** Links clicked after the crawl (follow-up.ts clickCandidates). */
  clicks?: ClickFact[];
  /**
   * Made-up paths loaded after the crawl under a Pages Router route with getStaticProps and a
   * [param] (follow-up.ts fallbackProbes): whether such a page is generated on demand. Server only.
   */
  probes?: CrawledPage[];
  /** Time spent on the clicks and probes (included in durationMs). */
  followUpMs?: number;
  durationMs: number;
}

/** What a Pages Router page says about its route: pattern ("/retry/[slug]"), how it is rendered. */
export interface NextDataFacts { page: string; gsp: boolean; gssp: boolean; isFallback: boolean }
