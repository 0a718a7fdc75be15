/**
 * A rewriting reverse proxy on 127.0.0.1: forwards every request to an upstream server (the
 * reference site in either mode) and rewrites the answers that a mutant's rules select — their
 * body (text rules, by URL path and content type) and their headers (header rules). Answers no
 * rule selects stream through untouched, so streaming pages keep streaming.
 *
 * It counts, per rule, how many places (text) or answers (headers) it changed, so the runner can
 * prove at preflight that every rule still matches the build.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { listenOn } from '../../launcher/http';
import { applyHeaders, applyText, kindOfContentType, matches, ruleApplies, type HeaderRule, type RuleContext, type TextRule } from './rules';

export interface ProxyOptions {
  /** Base URL of the upstream, e.g. http://127.0.0.1:3000. */
  upstream: string;
  /** Port to listen on (default: any free one). */
  port?: number;
  text?: TextRule[];
  headers?: HeaderRule[];
}

export interface RunningProxy {
  url: string;
  /** Places changed per text rule, in rule order. */
  textHits: number[];
  /** Answers changed per header rule, in rule order. */
  headerHits: number[];
  stop(): Promise<void>;
}

/** Hop-by-hop headers: never forwarded as they are. */
const HOP = ['connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer'];

function decode(body: Buffer, encoding: string | undefined): Buffer {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case '':
    case 'identity': return body;
    case 'gzip':
    case 'x-gzip': return zlib.gunzipSync(body);
    case 'br': return zlib.brotliDecompressSync(body);
    case 'deflate': return zlib.inflateSync(body);
    default: throw new Error(`cannot decode content-encoding "${encoding}"`);
  }
}

export async function startProxy(opts: ProxyOptions): Promise<RunningProxy> {
  const upstream = new URL(opts.upstream);
  const textRules = opts.text ?? [];
  const headerRules = opts.headers ?? [];
  const textHits = textRules.map(() => 0);
  const headerHits = headerRules.map(() => 0);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let ctx: RuleContext = { port: 0 };

  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://proxy.invalid').pathname;
    const mayRewrite = textRules.some((r) => matches(r.path, pathname));
    const headers: http.OutgoingHttpHeaders = { ...req.headers };
    for (const h of HOP) delete headers[h];
    if (mayRewrite) {
      // Plain bodies, and no 304s that would skip the rewrite.
      headers['accept-encoding'] = 'identity';
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
    }
    const up = http.request({
      protocol: upstream.protocol, hostname: upstream.hostname, port: upstream.port, agent,
      method: req.method, path: req.url, headers,
    }, (upRes) => {
      const status = upRes.statusCode ?? 502;
      const out: Record<string, string | string[] | undefined> = { ...upRes.headers };
      for (const h of HOP) delete out[h];
      const kind = kindOfContentType(upRes.headers['content-type']);
      const rules = textRules.map((r, i) => [r, i] as const).filter(([r]) => ruleApplies(r, pathname, kind));
      const bodyless = req.method === 'HEAD' || status === 204 || status === 304;
      if (!rules.length || bodyless) {
        applyHeaders(headerRules, pathname, kind, out, headerHits);
        res.writeHead(status, upRes.statusMessage, out as http.OutgoingHttpHeaders);
        upRes.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      upRes.on('data', (c: Buffer) => chunks.push(c));
      upRes.on('error', () => res.destroy());
      upRes.on('end', () => {
        try {
          let text = decode(Buffer.concat(chunks), upRes.headers['content-encoding']).toString('utf8');
          for (const [rule, i] of rules) {
            const r = applyText(rule, text, ctx);
            text = r.text;
            textHits[i] += r.hits;
          }
          const body = Buffer.from(text, 'utf8');
          delete out['content-encoding'];
          delete out['transfer-encoding'];
          delete out['etag'];
          out['content-length'] = String(body.length);
          applyHeaders(headerRules, pathname, kind, out, headerHits);
          res.writeHead(status, upRes.statusMessage, out as http.OutgoingHttpHeaders);
          res.end(body);
        } catch (e) {
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
          res.end(`mutant proxy: ${(e as Error).message}\n`);
        }
      });
    });
    up.on('error', (e) => {
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`mutant proxy: upstream ${opts.upstream} failed: ${e.message}\n`);
      } else {
        res.destroy();
      }
    });
    // A browser that gives up (aborted prefetch, page closed) must not leave the upstream request hanging.
    res.on('close', () => { if (!res.writableFinished) up.destroy(); });
    req.pipe(up);
  });
  const listening = await listenOn(server, { port: opts.port });
  const url = listening.url;
  ctx = { port: Number(new URL(url).port) };
  let stopped: Promise<void> | undefined;
  return {
    url, textHits, headerHits,
    stop() {
      stopped ??= listening.stop().then(() => agent.destroy());
      return stopped;
    },
  };
}
