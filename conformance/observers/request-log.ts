import type { Page, Request, Response } from '@playwright/test';
import { type Moves, movesOf } from './cancelled';
import { redactHeaders } from '../run/access';
import { currentAccess } from '../access/access';
import { isPageDataRequest, readPageData } from './page-data';

// The page-data shapes live in page-data.ts; re-exported for older importers.
export { isPageDataRequest, isPageDataRequestOf, pageDataPath } from './page-data';

/** One request as the browser made it, with its answer when one arrived. */
export interface LoggedRequest {
  seq: number;
  /** Wall-clock ms since the log started (real time, not the page's fake clock). */
  t: number;
  method: string;
  url: string;
  resourceType: string;
  /** A main-frame navigation: the browser asked for a whole document. */
  isDocument: boolean;
  headers: Record<string, string>;
  status?: number;
  responseHeaders?: Record<string, string>;
  tResponse?: number;
  failure?: string;
  /**
   * The browser cancelled it before an answer came (observers/cancelled.ts): who did, in words. Not
   * an answer of the site: no clause judges it as one.
   */
  cancelled?: string;
  cancelledBy?: 'harness' | 'page';
  /** Neither answered nor failed when the test ended: the harness stopped watching it (not the site's doing). */
  unfinished?: string;
  /** A hop of a redirect chain: its answer redirected the browser to this address (the chain's end is another entry). */
  redirectedTo?: string;
  /** The address the page asked for, when the browser followed redirects to this one. */
  redirectedFrom?: string;
}

/** The request got no answer because the browser cancelled it (its `failure` is then no answer of the site). */
export function wasCancelled(e: Pick<LoggedRequest, 'status' | 'cancelled'>): boolean {
  return e.status === undefined && e.cancelled !== undefined;
}

/** Records every request of a page: timestamps, method, URL, headers, status, resource type. */
export class RequestLog {
  readonly entries: LoggedRequest[] = [];
  private readonly byRequest = new Map<Request, LoggedRequest>();
  private readonly t0 = Date.now();
  private readonly moves: Moves;

  constructor(page: Page) {
    this.moves = movesOf(page);
    page.on('request', (r) => this.onRequest(page, r));
    page.on('response', (r) => this.onResponse(r));
    page.on('requestfailed', (r) => {
      const e = this.byRequest.get(r);
      if (!e) return;
      e.failure = r.failure()?.errorText ?? 'failed';
      // Cancelled with no answer: who cancelled it, never "not answered" (observers/cancelled.ts).
      const c = e.status === undefined ? this.moves.cancellation(e.failure, this.t0 + e.t) : undefined;
      if (c) { e.cancelled = c.why; e.cancelledBy = c.by; }
    });
  }

  /**
   * The test is over (the fixture's teardown): requests still in flight are marked as the harness
   * no longer watching them, and any cancelled from now on was cancelled by the harness.
   */
  close(why = 'the end of the test'): void {
    this.moves.note(why);
    for (const e of this.entries) if (e.status === undefined && e.failure === undefined) e.unfinished = `still in flight at ${why}: not waited for by the harness`;
  }

  private onRequest(page: Page, r: Request): void {
    const entry: LoggedRequest = {
      seq: this.entries.length,
      t: Date.now() - this.t0,
      method: r.method(),
      url: r.url(),
      resourceType: r.resourceType(),
      isDocument: r.isNavigationRequest() && r.frame() === page.mainFrame(),
      headers: r.headers(),
    };
    // The browser followed a redirect: the hop before is marked, and this entry keeps where the chain began.
    const hop = r.redirectedFrom();
    const before = hop ? this.byRequest.get(hop) : undefined;
    if (hop) {
      if (before) before.redirectedTo = entry.url;
      entry.redirectedFrom = before?.redirectedFrom ?? hop.url();
    }
    this.entries.push(entry);
    this.byRequest.set(r, entry);
  }

  private onResponse(res: Response): void {
    const e = this.byRequest.get(res.request());
    if (!e) return;
    e.status = res.status();
    e.responseHeaders = res.headers();
    e.tResponse = Date.now() - this.t0;
  }

  /** A position in the log; pass it to since() to see only what came after. */
  mark(): number {
    return this.entries.length;
  }

  since(mark: number): LoggedRequest[] {
    return this.entries.slice(mark);
  }

  documents(from = 0): LoggedRequest[] {
    return this.since(from).filter((e) => e.isDocument);
  }

  pageData(from = 0): LoggedRequest[] {
    return this.since(from).filter(isPageDataRequest);
  }

  /** URLs of the page-data requests for one page path since a mark. */
  pageDataFor(path: string, from = 0): string[] {
    return this.pageData(from).filter((e) => readPageData(e)?.page === path).map((e) => e.url);
  }

  /** The page-data requests a navigation to `path` made of its own (not prefetches) since a mark. */
  fetchesFor(path: string, from = 0): LoggedRequest[] {
    return this.pageData(from).filter((e) => { const d = readPageData(e); return d?.page === path && !d.prefetch; });
  }

  /** A compact extract for the report's evidence. */
  extract(from = 0): object[] {
    return this.since(from).map((e) => ({
      t: e.t, method: e.method, url: e.url, type: e.resourceType, document: e.isDocument || undefined,
      status: e.status, failure: e.failure, cancelled: e.cancelled, unfinished: e.unfinished,
      headers: pickHeaders(e.headers),
      contentType: e.responseHeaders?.['content-type'],
    }));
  }
}

/** Request headers worth keeping as evidence (the page-delivery ones), secrets redacted. */
const EVIDENCE_HEADERS = /^(rsc|next-|x-deployment-id|x-build-id|x-nextjs|purpose$|accept$|content-type$|referer$)/;
function pickHeaders(h: Record<string, string>): Record<string, string> | undefined {
  const kept = Object.fromEntries(Object.entries(h).filter(([k]) => EVIDENCE_HEADERS.test(k)));
  return Object.keys(kept).length ? evidenceHeaders(kept) : undefined;
}

/**
 * Request headers as evidence may show them: the values of credentials, cookies and the run's own
 * extra headers (run/access.ts) replaced, whatever the browser reported. Every extract of requests
 * goes through here.
 */
export function evidenceHeaders(h: Record<string, string>): Record<string, string> {
  return redactHeaders(h, currentAccess()?.facts);
}
