import type { Page } from '@playwright/test';

/**
 * Only the site's failures count. A request the browser cancelled — Chromium's
 * `net::ERR_ABORTED`, Firefox's NS_BINDING_ABORTED, WebKit's "cancelled" — was not refused by the
 * site: the browser dropped it, because its document went away or a script stopped it. When the
 * harness itself made the document go away (its navigation, the walk moving on to the next page,
 * a page or context it closed, the reset between tests, the end of a test or its time-out) the
 * request is no observation of the site at all, and the evidence says so in those words — never
 * "not answered". A network error (refused, reset, empty answer, blocked) is the site's.
 *
 * The harness's moves are noted per page (`movesOf`): its own page.goto/goBack/goForward/reload/
 * setContent/close calls, and moves it names itself (`noteMove`). A cancelled request that was in
 * flight when a move began was cancelled by that move.
 */

const ABORTED = /\bnet::ERR_ABORTED\b|\bNS_BINDING_ABORTED\b|^cancell?ed\b|\bLoad request cancelled\b/i;

/** The browser cancelled the request (an abort), as opposed to a network error of the site. */
export function isAbort(errorText: string | undefined): boolean {
  return !!errorText && ABORTED.test(errorText);
}

export interface Move {
  /** In words: "the harness's navigation to /x", "the walk moving on from /a", "the end of the test". */
  what: string;
  /** When the harness began it (ms since the epoch). */
  at: number;
  /** When it was over (a navigation that committed); absent: the page never came back from it. */
  until?: number;
}

/** Who cancelled a request, in words for the evidence. */
export interface Cancelled { by: 'harness' | 'page'; why: string }

/**
 * Why a request that failed with `errorText` did so, when the browser cancelled it; undefined for
 * a network error (the site's) or no failure. `startedAt` and `failedAt` are when the harness saw
 * the request start and fail (ms since the epoch): a move begun before the failure, and not over
 * before the request started, cancelled it.
 */
export function cancellation(errorText: string | undefined, startedAt: number, failedAt: number, moves: readonly Move[]): Cancelled | undefined {
  if (!isAbort(errorText)) return undefined;
  const move = [...moves].reverse().find((m) => m.at <= failedAt && (m.until === undefined || m.until >= startedAt));
  if (move) return { by: 'harness', why: `cancelled by the harness (${errorText}): ${move.what} while it was in flight — no observation of the site` };
  return { by: 'page', why: `cancelled in the browser (${errorText}) while the page was still open: the page dropped it itself — no answer of the site to judge` };
}

/** The harness's moves on one page. */
export class Moves {
  readonly list: Move[] = [];

  /** Notes a move that begins now; call the returned function when it is over. */
  begin(what: string): () => void {
    const m: Move = { what, at: Date.now() };
    this.list.push(m);
    this.trim();
    return () => { m.until = Date.now(); };
  }

  /** A move with no end (the test ended, the page or context was closed). */
  note(what: string): void {
    this.list.push({ what, at: Date.now() });
    this.trim();
  }

  /** A page reused across tests keeps only its recent moves: a request outlives a few at most. */
  private trim(): void {
    if (this.list.length > 64) this.list.splice(0, this.list.length - 64);
  }

  /** Why a request of this page that failed now, having started at `startedAt`, failed (see cancellation()). */
  cancellation(errorText: string | undefined, startedAt: number, failedAt = Date.now()): Cancelled | undefined {
    return cancellation(errorText, startedAt, failedAt, this.list);
  }
}

const byPage = new WeakMap<Page, Moves>();

/** Moves of `page`, its navigation calls noted from now on (wrapped once per page). */
export function movesOf(page: Page): Moves {
  let m = byPage.get(page);
  if (m) return m;
  m = new Moves();
  byPage.set(page, m);
  const moves = m;
  const wrap = (name: 'goto' | 'goBack' | 'goForward' | 'reload' | 'setContent' | 'close', words: (args: unknown[]) => string) => {
    const original = (page[name] as (...a: unknown[]) => Promise<unknown>).bind(page);
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const done = name === 'close' ? (moves.note(words(args)), () => undefined) : moves.begin(words(args));
      try {
        return await original(...args);
      } finally {
        done();
      }
    };
  };
  wrap('goto', (a) => `the harness's navigation to ${pathOf(String(a[0]))}`);
  wrap('goBack', () => 'the harness\'s history Back');
  wrap('goForward', () => 'the harness\'s history Forward');
  wrap('reload', () => 'the harness\'s reload');
  wrap('setContent', () => 'the harness replacing the document');
  wrap('close', () => 'the harness closing the page');
  return moves;
}

/** Notes a move of the harness on `page` that no page call shows (the end of a test, a context reset). */
export function noteMove(page: Page, what: string): void {
  movesOf(page).note(what);
}

function pathOf(url: string): string {
  if (url === 'about:blank') return 'about:blank (leaving the page)';
  try {
    const u = new URL(url, 'http://x');
    return u.pathname + u.search;
  } catch {
    return url;
  }
}
