import type { Mode } from '../../spec/clauses';
import { routeShape } from './shape';
import type { ClickFact } from './clicks';

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
  /** It opens another window or tab (a target other than _self) or downloads: following it leaves the page where it is. */
  opensElsewhere?: boolean;
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
  /**
   * How far the page scrolls in the low window R2.8's test opens a short page in, measured there:
   * only for a page no taller than the crawl's window (its content height is unknown there).
   */
  lowWindowScroll?: number;
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
  /** Same-origin script paths the document's own HTML names (`<script src>`): the page's, not its links' prefetches. */
  htmlScripts?: string[];
  /** The document answer said it is rendered per request (cache-control no-store or private). */
  dynamic: boolean;
  /** Selectors of elements that show results (output, role=status, aria-live). */
  resultSelectors: string[];
  /** App Router: route-group segments ("(site)") in the router tree the page was delivered with. */
  routeGroups: string[];
  /** App Router: the values its router tree names as dynamic segments (which parts of the path a [param] route filled). */
  dynamicSegments?: string[];
  /** Pages Router: the route facts of __NEXT_DATA__ (pattern, rendering; never its props). */
  nextData?: NextDataFacts;
  /** The first lines of visible text of its <main> (else body), shortened (P1: what a visitor reads first). */
  leadText?: string[];
  /** Route shape, e.g. /posts/:id. */
  shape: string;
  /** A load error instead of a page (timeout, connection refused). */
  error?: string;
  /** How the crawl first came to this path (crawler.ts): the ways in are counted per way. */
  foundBy?: WayIn;
  /** The build identifier the page names (__NEXT_DATA__.buildId, or the App Router's flight data). */
  buildId?: string;
  /** App Router: same-origin paths named as `href` in the page's flight data but rendered as no link (e.g. a closed menu's items). */
  flightLinks?: string[];
  /** Same-origin paths of links that showed only once a menu button was opened (menus.ts). */
  menuLinks?: string[];
  /** Accessible names of the menu buttons the crawl pressed on this page (the only buttons it ever presses). */
  menusPressed?: string[];
  /**
   * App Router: route groups named by the paths of the code chunks the page loaded
   * (`/_next/static/chunks/app/(marketing)/about/page-….js`): the group and the route it holds,
   * written without the group (`/about`). A lead, not a verdict: R2.6 judges addresses and router state.
   */
  chunkGroups?: { group: string; route: string }[];
}

/**
 * How the crawl came to a path: the start page, a link on a page reached, the sitemap, the Pages
 * Router's build manifest (every Pages Router route, linked or not), an `href` only in the App
 * Router's flight data, a link inside a menu that opens on a button.
 */
export type WayIn = 'start' | 'link' | 'sitemap' | 'build manifest' | 'flight data' | 'menu';

export { provenClientSide, type ClickFact } from './clicks';

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
  /**
   * With --all-pages: the pages the crawl found (by a link of a page it read, or in the sitemap) but did
   * not read itself — beyond its share of a route shape, or after it stopped. The every-page checks load them too.
   */
  allPages?: { unvisited: string[] };
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
  /** What the framework alone provides, looked for after the crawl (framework.ts); absent in crawls made before it. */
  framework?: FrameworkFacts;
  durationMs: number;
}

/**
 * Subjects the framework provides on any site it serves, with no link to them: its
 * build manifest, its own not-found page, and, in server delivery, its real error answers. Every
 * guess was checked by a request; the pickers use only what answered as guessed.
 */
export interface FrameworkFacts {
  /** The build identifier read from a page (see CrawledPage.buildId). */
  buildId?: string;
  /** Routes of /_next/static/<buildId>/_buildManifest.js (`sortedPages`), the framework's own (_app, _error, _document) left out. */
  manifestRoutes?: string[];
  /** Pages loaded because the framework has them, not because a link led there: `/404`, a made-up unknown path. */
  pages: CrawledPage[];
  /** Requests sent to see the framework's own error answers (server delivery). */
  requests: FrameworkRequest[];
}

/** The answer each guess expects (with the generic error page): 405 for the POST, 400 for the malformed segment. */
export const GUESSED_STATUS = { 'post-to-static-file': 405, 'malformed-segment': 400 } as const;

/** One request sent to check a guess about the framework's own answers, and what came back. */
export interface FrameworkRequest {
  /** The guess: a POST to a file the framework serves as is answers 405; a malformed segment of a dynamic route answers 400. */
  guess: keyof typeof GUESSED_STATUS;
  method: 'GET' | 'POST';
  path: string;
  /** HTTP status answered (0: no answer). */
  status: number;
  /** The answer is an HTML page that shows the status code it answered with (a generic error page). */
  showsCode: boolean;
  error?: string;
}

/** What a Pages Router page says about its route: pattern ("/retry/[slug]"), how it is rendered. */
export interface NextDataFacts { page: string; gsp: boolean; gssp: boolean; isFallback: boolean }

/** A page as the crawl keeps it before anything was read of it. */
export function emptyPage(path: string): CrawledPage {
  return {
    path, status: 0, title: '', hasTitleElement: false, firstHeading: '', headings: [], links: [], externalLinks: 0,
    scrollHeight: 0, viewportHeight: 0, forms: [], buttons: [], calls: [], errorTexts: [], signInLinks: [], limits: [],
    pagesRouter: false, appRouter: false, hydrated: false, pageDataRequested: [], pageDataOnScroll: [], scripts: [], dynamic: false,
    resultSelectors: [], routeGroups: [], shape: routeShape(path),
  };
}
