/**
 * C7.4's judgement of one script or stylesheet answer ("It loads script and stylesheet assets",
 * read as: each answered 2xx with a JavaScript or CSS content type), for the first loads and the
 * every-page walk alike. Only the site's answers are judged: a request the browser cancelled
 * (observers/cancelled.ts) has no answer of the site and is set apart in the evidence, and one still
 * on its way when the bound ran out is pending (the observation did not complete) — neither is
 * ever "not answered".
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
}

const JS_TYPE = /^(application|text)\/(javascript|ecmascript|x-javascript)\b/i;
const CSS_TYPE = /^text\/css\b/i;

export type AssetJudgement =
  | { kind: 'ok' }
  /** An answer of the site that contradicts the clause, in words. */
  | { kind: 'bad'; words: string }
  /** No answer came within the bound: the observation did not complete. */
  | { kind: 'pending'; words: string }
  /** No answer of the site to judge: the browser cancelled the request. */
  | { kind: 'cancelled'; words: string };

export function judgeAsset(a: AssetAnswer): AssetJudgement {
  // An answer that came is judged, whatever happened to the request after it.
  if (a.status === undefined) {
    if (a.cancelled) return { kind: 'cancelled', words: `${a.type} ${a.url}: ${a.cancelled}` };
    if (a.failure === undefined || a.pending) return { kind: 'pending', words: `${a.type} ${a.url}: no answer within the bound` };
    return { kind: 'bad', words: `${a.type} ${a.url}: not answered (${a.failure})` };
  }
  const refused = a.failure ? ` (the browser then refused it: ${a.failure})` : '';
  // 304: the browser reuses its stored copy, which was answered 2xx before.
  const okStatus = (a.status >= 200 && a.status < 300) || a.status === 304;
  if (!okStatus) return { kind: 'bad', words: `${a.type} ${a.url}: answered ${a.status}${refused}` };
  if (a.status === 304 && !a.contentType) return { kind: 'ok' };
  const re = a.type === 'script' ? JS_TYPE : CSS_TYPE;
  if (!re.test(a.contentType ?? '')) return { kind: 'bad', words: `${a.type} ${a.url}: answered with content type "${a.contentType || '(none)'}", expected ${a.type === 'script' ? 'a JavaScript type' : 'text/css'}${refused}` };
  return { kind: 'ok' };
}
