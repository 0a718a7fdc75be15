import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { rootCertificates, type TLSSocket } from 'node:tls';
import { accessHeadersFor, currentAccess, spkiHash, type Access } from './access';

/**
 * fetch() for Node's own requests to a target (probe, pre-flight, discovery), on node:http/https
 * so that the run's trust reaches them: Node 20's fetch (its bundled undici) takes no CA and no
 * "insecure" per call, and NODE_EXTRA_CA_CERTS is read only when a process starts. The run's CA is
 * added to the usual roots (`ca`), --insecure skips verification (`rejectUnauthorized: false`),
 * and the credentials and headers go only to the run's target origins, hop by hop through
 * redirects. The subset of fetch the callers use: method, headers, body, redirect, signal.
 * Failures reject as fetch does (TypeError "fetch failed" with the cause; the signal's reason).
 */
export interface SiteRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  redirect?: 'follow' | 'manual';
  signal?: AbortSignal;
}

export type SiteFetch = (input: URL, init: SiteRequest) => Promise<Response>;

/** The public keys of the certificates each origin presented and Node accepted (verified, or --insecure): Chromium is told to accept them too. */
export const acceptedKeys = new Map<string, Set<string>>();

const agents = new Map<string, https.Agent>();
const seenSockets = new WeakSet<TLSSocket>();

function agentFor(access: Access | undefined): https.Agent {
  const insecure = !!access?.facts.trust.insecure;
  const key = `${insecure}\0${access?.caPem ?? ''}`;
  let agent = agents.get(key);
  if (!agent) {
    const extra = !insecure && access?.caPem ? { ca: [...rootCertificates, access.caPem] } : {};
    agent = new https.Agent({ keepAlive: true, rejectUnauthorized: !insecure, ...extra });
    agents.set(key, agent);
  }
  return agent;
}

export async function siteFetch(input: string | URL, init: SiteRequest = {}): Promise<Response> {
  const access = currentAccess();
  let url = new URL(input);
  let method = (init.method ?? 'GET').toUpperCase();
  let body = init.body;
  for (let hops = 0; ; hops++) {
    const res = await once(url, method, body, init, access);
    const location = res.headers.get('location');
    // As fetch does: the answer says which address it came from, the last of the redirects.
    if (init.redirect === 'manual' || !location || ![301, 302, 303, 307, 308].includes(res.status)) return Object.defineProperty(res, 'url', { value: url.href });
    await res.body?.cancel();
    if (hops >= 20) throw Object.assign(new TypeError('fetch failed'), { cause: new Error('redirect count exceeded') });
    url = new URL(location, url);
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
    }
  }
}

function once(url: URL, method: string, body: string | undefined, init: SiteRequest, access: Access | undefined): Promise<Response> {
  if (!/^https?:$/.test(url.protocol)) return Promise.reject(Object.assign(new TypeError('fetch failed'), { cause: new Error(`unsupported protocol ${url.protocol}`) }));
  const secure = url.protocol === 'https:';
  // The secret headers are recomputed for every hop: a redirect to another origin gets none.
  const headers = { 'accept-encoding': 'identity', ...init.headers, ...accessHeadersFor(url, access), ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) };
  return new Promise<Response>((resolve, reject) => {
    if (init.signal?.aborted) return reject(init.signal.reason);
    const req = (secure ? https : http).request(url, { method, headers, ...(secure ? { agent: agentFor(access) } : {}), signal: init.signal }, (res) => {
      const h = new Headers();
      for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) h.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
      const status = res.statusCode ?? 0;
      const empty = method === 'HEAD' || [101, 103, 204, 205, 304].includes(status);
      if (empty) res.resume();
      resolve(new Response(empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), { status: status < 200 ? 200 : status, statusText: res.statusMessage, headers: h }));
    });
    req.on('socket', (socket) => {
      const tls = socket as TLSSocket;
      // Once per connection: a kept-alive socket comes back for later requests, its key already noted.
      if (!secure || seenSockets.has(tls)) return;
      seenSockets.add(tls);
      tls.once('secureConnect', () => noteKey(url.origin, tls, !!access?.facts.trust.insecure));
    });
    req.on('error', (e) => reject(init.signal?.aborted ? init.signal.reason : Object.assign(new TypeError('fetch failed'), { cause: e })));
    req.end(body);
  });
}

function noteKey(origin: string, socket: TLSSocket, insecure: boolean): void {
  if (!socket.authorized && !insecure) return;
  const cert = socket.getPeerX509Certificate();
  if (!cert) return;
  if (!acceptedKeys.has(origin)) acceptedKeys.set(origin, new Set());
  acceptedKeys.get(origin)!.add(spkiHash(cert));
}

/** Closes the kept-alive connections (the end of the CLI's checks: nothing may hold the process). */
export function closeSiteConnections(): void {
  for (const a of agents.values()) a.destroy();
  agents.clear();
}

/** Node's codes of a certificate it does not accept, with the message it gives. */
const CERT_CODES = /^(DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT(_LOCALLY)?|CERT_HAS_EXPIRED|CERT_NOT_YET_VALID|CERT_UNTRUSTED|CERT_REVOKED|CERT_SIGNATURE_FAILURE|CERT_REJECTED|ERR_TLS_CERT_ALTNAME_INVALID|HOSTNAME_MISMATCH|INVALID_CA|INVALID_PURPOSE)$/;

/** The certificate problem behind a failed request, in Node's words; undefined when it was something else. */
export function certificateProblem(e: unknown): string | undefined {
  const cause = (e as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code && CERT_CODES.test(cause.code) ? (cause.message ?? cause.code) : undefined;
}
