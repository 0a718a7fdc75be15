/**
 * A link discovery clicked after the crawl, to tell a router link that never prefetches
 * (prefetch={false}) from a plain <a> that reloads the page. Links only: buttons are never clicked.
 */
export interface ClickFact {
  from: string;
  to: string;
  /** The address became `to` without a document load. */
  clientSide: boolean;
  /** The navigation itself asked for `to`'s page data (a fetch, not a prefetch): the link is the router's, and its data was not cached. */
  pageData: boolean;
  /** How that request looked (observers/page-data.ts): text-suffix, rsc-query, pages-data. */
  pageDataShape?: string;
  /** `to`'s page data was prefetched while `from` sat in view before the click (so the click needed no fetch). */
  prefetched?: boolean;
  /** The click was a step of a walk along a chain: `from` was reached by the click before it, not loaded. */
  walked?: boolean;
  /** Why the click could not be made or judged. */
  error?: string;
}

/**
 * A link proven the router's by a click: the address changed without a document load (a plain <a>
 * is a document load). Whether the click fetched the page data is `pageData`.
 */
export const provenClientSide = (c: ClickFact | undefined): boolean => !!c && !c.error && c.clientSide;
