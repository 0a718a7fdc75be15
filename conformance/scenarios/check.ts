/**
 * What a scenario's pre-flight check is given (conformance/preflight/preflight.ts implements it):
 * plain HTTP against the target, no browser. A check says `bad` when the route cannot serve the
 * scenario, `unsure` when raw HTML cannot settle it (links a script adds later).
 */
export interface FetchedPage { status: number; html: string; error?: string }

export interface CheckTools {
  /** The page at `path` (fetched once per pre-flight); `error` when it could not be fetched. */
  get(path: string): Promise<FetchedPage>;
  /**
   * The page, noted as bad when it cannot be fetched, answers an error status, or is not a page of
   * this site (observers/site-page.ts: the same words as the tests' `untested`).
   */
  answers(path: string): Promise<FetchedPage>;
  /**
   * A page on an error path (an unknown path, a status page, a broken link's target): any status
   * will do, but it must be a page of this site; noted as bad otherwise, in the tests' words.
   */
  answersAsSite(path: string): Promise<FetchedPage>;
  /** Notes as unsure when `from` (or, given several, each of them that answers) answers but no HTML of them has a link to `href`. */
  linksTo(from: string | readonly string[], href: string): Promise<void>;
  /** The route cannot serve the scenario; `path`: the page that cannot, which the tests then leave alone. */
  bad(note: string, path?: string): void;
  unsure(note: string): void;
}

/** The text of the first <title> element outside <svg>, or '' when there is none. */
export function titleOf(html: string): string {
  const m = /<title\b[^>]*>([^<]*)<\/title>/i.exec(html.replace(/<svg\b[\s\S]*?<\/svg>/gi, ''));
  return m ? m[1].trim() : '';
}
