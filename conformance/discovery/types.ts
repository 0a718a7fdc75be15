import type { Mode } from '../../docs/clauses';
import type { TargetProfile } from '../harness/profile';

/**
 * What the crawler keeps about a site. Paths only: query strings are dropped before anything is
 * stored, and no cookie, header value or form value is ever read.
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
  /** Route shape, e.g. /posts/:id. */
  shape: string;
  /** A load error instead of a page (timeout, connection refused). */
  error?: string;
}

export interface Crawl {
  origin: string;
  mode: Mode;
  pages: CrawledPage[];
  robots: { found: boolean; disallows: number; ignored: boolean };
  sitemap: { found: boolean; paths: number };
  /** Paths robots.txt kept the crawler from. */
  skippedByRobots: string[];
  /** Why the crawl stopped before the queue was empty. */
  stoppedBy?: 'maxPages' | 'timeBudget';
  /** Paths still queued when it stopped. */
  notVisited: number;
  /** Per route shape: how many paths were found and how many were loaded. */
  shapes: { shape: string; found: number; visited: number }[];
  durationMs: number;
}

export interface Unfilled { scenario: string; need: string }

export interface DiscoveredPage { path: string; status: number; title: string; firstHeading: string; shape: string }

export interface DiscoveryResult {
  profile: TargetProfile;
  sources: Record<string, 'profile' | 'discovered'>;
  unfilled: Unfilled[];
  pages: DiscoveredPage[];
  observations: Record<string, unknown>;
  /** How a scenario was chosen, where that matters (e.g. proposed from a button name, not clicked). */
  notes?: Record<string, string>;
  /** How the crawl went (counts, robots, sitemap, time). */
  crawl?: Omit<Crawl, 'pages'>;
}

export interface DiscoverOptions {
  target: string;
  mode: Mode;
  maxPages?: number;
  timeBudgetMs?: number;
  ignoreRobots?: boolean;
  executablePath?: string;
}
