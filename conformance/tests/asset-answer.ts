/**
 * C7.4's judgement of one script or stylesheet answer ("It loads script and stylesheet assets",
 * read as: each answered 2xx with a JavaScript or CSS content type), for the first loads and the
 * every-page walk alike. Only the site's answers are judged:
 * - an asset of another origin is no observation of the site's delivery: listed apart (loaded,
 *   failed, unreachable), never the site's `failed`;
 * - the answer judged is the one the page used: a redirect hop is not judged, the end of its chain
 *   is; a revalidated answer (304) is the cached one, with the cached status and headers;
 * - a request the browser cancelled (observers/cancelled.ts) has no answer of the site and is set
 *   apart in the evidence, and one still on its way when the bound ran out is pending (the
 *   observation did not complete) — neither is ever "not answered".
 */
export interface AssetAnswer {
  url: string;
  type: 'script' | 'stylesheet';
  status?: number;
  contentType?: string;
  /** A network error, or the browser refusing an answer it got. */
  failure?: string;
  /** Cancelled by the browser before any answer came: who did, in words. */
  cancelled?: string;
  pending?: boolean;
  /** The address the page asked for, when the browser followed redirects to `url` (the chain's end). */
  redirectedFrom?: string;
  /** A hop of a redirect chain (its answer is a redirect to this address): the chain's end is judged instead. */
  redirectedTo?: string;
}

const JS_TYPE = /^(application|text)\/(javascript|ecmascript|x-javascript)\b/i;
const CSS_TYPE = /^text\/css\b/i;
/** Chromium's words for a host that could not be reached at all (no answer of any server). */
const UNREACHABLE = /ERR_NAME_NOT_RESOLVED|ERR_NAME_RESOLUTION_FAILED|ERR_CONNECTION_REFUSED|ERR_CONNECTION_TIMED_OUT|ERR_TIMED_OUT|ERR_ADDRESS_UNREACHABLE|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_RESET|ERR_CONNECTION_CLOSED|ERR_NETWORK_ACCESS_DENIED|ERR_PROXY_CONNECTION_FAILED|ERR_CERT_|ERR_SSL_/;

export type ForeignState = 'loaded' | 'failed' | 'unreachable' | 'pending';

export type AssetJudgement =
  | { kind: 'ok' }
  /** An answer of the site that contradicts the clause, in words. */
  | { kind: 'bad'; words: string }
  /** No answer came within the bound: the observation did not complete. */
  | { kind: 'pending'; words: string }
  /** No answer of the site to judge: the browser cancelled the request. */
  | { kind: 'cancelled'; words: string }
  /** A hop of a redirect chain: its end is judged. */
  | { kind: 'hop' }
  /** Another origin's asset: listed apart, never judged for the site. */
  | { kind: 'foreign'; state: ForeignState; words: string };

/** The origin whose asset this is: where the page asked for it (the start of a redirect chain). */
export function assetOrigin(a: Pick<AssetAnswer, 'url' | 'redirectedFrom'>): string | undefined {
  try { return new URL(a.redirectedFrom ?? a.url).origin; } catch { return undefined; }
}

/**
 * `siteOrigins`: the origins of the site's own delivery (observers/site-page.ts siteOriginsFor); an
 * asset the page asked another origin for is listed apart. Without them every asset is judged.
 */
export function judgeAsset(a: AssetAnswer, siteOrigins?: readonly string[]): AssetJudgement {
  if (a.redirectedTo !== undefined) return { kind: 'hop' };
  const via = a.redirectedFrom ? ` (redirected from ${a.redirectedFrom})` : '';
  const origin = assetOrigin(a);
  if (siteOrigins !== undefined && (origin === undefined || !siteOrigins.includes(origin))) return foreign(a, via);
  // An answer that came is judged, whatever happened to the request after it.
  if (a.status === undefined) {
    if (a.cancelled) return { kind: 'cancelled', words: `${a.type} ${a.url}: ${a.cancelled}` };
    if (a.failure === undefined || a.pending) return { kind: 'pending', words: `${a.type} ${a.url}: no answer within the bound` };
    return { kind: 'bad', words: `${a.type} ${a.url}${via}: not answered (${a.failure})` };
  }
  const refused = a.failure ? ` (the browser then refused it: ${a.failure})` : '';
  if (!answeredOk(a.status)) return { kind: 'bad', words: `${a.type} ${a.url}${via}: answered ${a.status}${refused}` };
  if (a.status === 304 && !a.contentType) return { kind: 'ok' };
  const re = a.type === 'script' ? JS_TYPE : CSS_TYPE;
  if (!re.test(a.contentType ?? '')) return { kind: 'bad', words: `${a.type} ${a.url}${via}: answered with content type "${a.contentType || '(none)'}", expected ${a.type === 'script' ? 'a JavaScript type' : 'text/css'}${refused}` };
  return { kind: 'ok' };
}

/** 2xx, or 304 without the cached answer's headers: the browser reuses its stored copy, which was answered 2xx before. */
const answeredOk = (status: number): boolean => (status >= 200 && status < 300) || status === 304;

function foreign(a: AssetAnswer, via: string): AssetJudgement {
  const of = `${a.type} ${a.url}${via} (another origin: not the site's delivery)`;
  if (a.status !== undefined) {
    return answeredOk(a.status) ? { kind: 'foreign', state: 'loaded', words: `${of}: answered ${a.status}` } : { kind: 'foreign', state: 'failed', words: `${of}: answered ${a.status}` };
  }
  if (a.cancelled) return { kind: 'foreign', state: 'failed', words: `${of}: ${a.cancelled}` };
  if (a.failure === undefined || a.pending) return { kind: 'foreign', state: 'pending', words: `${of}: no answer within the bound` };
  if (UNREACHABLE.test(a.failure)) return { kind: 'foreign', state: 'unreachable', words: `${of}: its host could not be reached (${a.failure})` };
  return { kind: 'foreign', state: 'failed', words: `${of}: not answered (${a.failure})` };
}

/** Other origins' assets, for the evidence: each state with its words. */
export function foreignList(judged: AssetJudgement[]): Partial<Record<ForeignState, string[]>> | undefined {
  const out: Partial<Record<ForeignState, string[]>> = {};
  for (const j of judged) if (j.kind === 'foreign') (out[j.state] ??= []).push(j.words);
  return Object.keys(out).length ? out : undefined;
}
