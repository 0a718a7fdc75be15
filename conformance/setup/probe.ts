import { assetPrefixOf } from '../observers/site-page';
import { patience } from '../run/slow';
import { currentAccess } from '../access/access';
import { refusalMessage, untrustedMessage } from '../access/refusal';
import { certificateProblem, siteFetch, type SiteFetch } from '../access/site-fetch';

/**
 * Looks at a target before the suite runs: is it reachable, is it this kind of site, and what can
 * be seen of it (framework, build identifier). Plain HTTP only, bounded in time and size, so that
 * bad input fails within seconds with a message that names the URL.
 */
export interface ProbeResult {
  url: string;
  reachable: boolean;
  /** Why it is unreachable, in words a user can act on. */
  error?: string;
  /** It answered, but keeps the run out (401, 403): what to give, in words a user can act on. */
  refusal?: string;
  status?: number;
  contentType?: string;
  ms: number;
  /** True when the home page looks delivered by the page-delivery layer the spec describes. */
  isThisKind: boolean;
  kindReason: string;
  framework?: string;
  buildId?: string;
  deploymentId?: string;
  /** Where the home page's scripts and stylesheets come from (observers/site-page.ts), when it loads any. */
  assetPrefix?: string;
}

export interface ProbeOptions {
  timeoutMs?: number;
  /** Bodies are read up to this many bytes; the rest is ignored. */
  maxBytes?: number;
  /** Default: siteFetch (the run's trust, credentials and headers). */
  fetchImpl?: SiteFetch;
}

export async function probeTarget(url: string, opts: ProbeOptions = {}): Promise<ProbeResult> {
  // The harness's patience: 8 s on the reference machine (run/slow.ts).
  const { timeoutMs = patience(8_000), maxBytes = 2_000_000, fetchImpl = siteFetch } = opts;
  const started = Date.now();
  const base = { url, ms: 0, isThisKind: false };
  let parsed: URL;
  try {
    parsed = new URL(url);
    if (!/^https?:$/.test(parsed.protocol)) throw new Error('only http and https are supported');
  } catch (e) {
    return { ...base, reachable: false, error: `"${url}" is not a usable URL (${(e as Error).message}). Give a full address such as http://127.0.0.1:3000.`, kindReason: 'not probed' };
  }
  let res: Response;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    res = await fetchImpl(parsed, { signal: controller.signal, redirect: 'follow', headers: { accept: 'text/html' } });
  } catch (e) {
    clearTimeout(timer);
    const cert = certificateProblem(e);
    const why = controller.signal.aborted ? `no answer within ${timeoutMs / 1000} s` : describeNetworkError(e);
    // The server answered the handshake: its certificate is the problem, not whether it runs.
    const error = cert ? untrustedMessage(url, cert, currentAccess()?.facts) : `Target ${url} is unreachable: ${why}. Check the address and that the server is running, then run again.`;
    return { ...base, ms: Date.now() - started, reachable: false, error, kindReason: 'not probed' };
  }
  // A home page sent to another origin: every page the run visits would be that origin's, judged as this target's.
  const landed = res.url ? new URL(res.url) : parsed;
  if (landed.origin !== parsed.origin) {
    clearTimeout(timer);
    controller.abort();
    const refusal = `Target ${url} redirects its home page to another origin, ${landed.href}: the run judges the pages of one origin, so give --target ${landed.origin} (or the address the site is meant to be judged at).`;
    return { ...base, ms: Date.now() - started, reachable: true, status: res.status, refusal, kindReason: `it redirects to ${landed.origin}` };
  }
  let html = '';
  try {
    html = await readLimited(res, maxBytes);
  } catch (e) {
    clearTimeout(timer);
    const why = controller.signal.aborted ? `the answer did not finish within ${timeoutMs / 1000} s` : (e as Error).message;
    return { ...base, ms: Date.now() - started, reachable: false, status: res.status, error: `Target ${url} answered but its body could not be read: ${why}.`, kindReason: 'not probed' };
  }
  clearTimeout(timer);
  controller.abort();
  const contentType = res.headers.get('content-type') ?? '';
  const refusal = refusalMessage(url, res.status, res.headers.get('www-authenticate'), currentAccess()?.facts);
  const seen = { url, reachable: true, status: res.status, contentType, ms: Date.now() - started, ...(refusal ? { refusal } : {}) };
  const kind = judgeKind(res.status, contentType, html);
  return { ...seen, ...kind, ...readIdentity(html, res.headers) };
}

function judgeKind(status: number, contentType: string, html: string): { isThisKind: boolean; kindReason: string } {
  if (status >= 500) return { isThisKind: false, kindReason: `the home page answered HTTP ${status}` };
  if (!contentType.includes('text/html')) return { isThisKind: false, kindReason: `the home page is not HTML (content-type "${contentType || 'none'}")` };
  if (!/\/_next\/static\//.test(html)) {
    return { isThisKind: false, kindReason: 'the home page loads no /_next/static/ assets, so it is not delivered by the page-delivery layer this spec describes (a Next.js-style client-side application)' };
  }
  return { isThisKind: true, kindReason: 'the home page loads its scripts from /_next/static/ (client-side application page delivery)' };
}

function readIdentity(html: string, headers: Headers): { framework?: string; buildId?: string; deploymentId?: string; assetPrefix?: string } {
  const out: { framework?: string; buildId?: string; deploymentId?: string; assetPrefix?: string } = {};
  const prefix = assetPrefixOf(html);
  if (prefix) out.assetPrefix = prefix;
  const powered = headers.get('x-powered-by');
  if (/next\.js/i.test(powered ?? '') || /\/_next\/static\//.test(html)) out.framework = powered ?? 'Next.js (from asset paths)';
  const dpl = /[?&]dpl=([A-Za-z0-9_.-]+)/.exec(html);
  if (dpl) out.deploymentId = dpl[1];
  // Pages Router: __NEXT_DATA__ holds "buildId"; App Router: the flight data holds \"b\":\"<id>\".
  const pr = /"buildId":"([^"]+)"/.exec(html);
  const ar = /\\"b\\":\\"([^\\"]+)\\"/.exec(html);
  out.buildId = pr?.[1] ?? ar?.[1];
  return out;
}

function describeNetworkError(e: unknown): string {
  const err = e as { cause?: { code?: string; message?: string }; message?: string };
  const code = err.cause?.code;
  if (code === 'ECONNREFUSED') return 'connection refused (nothing listens there)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name does not resolve';
  if (code === 'ECONNRESET') return 'the connection was reset';
  return err.cause?.message ?? err.message ?? String(e);
}

async function readLimited(res: Response, maxBytes: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < maxBytes) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  // Don't wait for the rest: an endless or huge body must not hold the probe.
  void reader.cancel().catch(() => undefined);
  return Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8');
}
