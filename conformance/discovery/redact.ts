import type { PayloadShape } from '../crawl/model';
import { routeShape } from '../crawl/shape';

/**
 * Nothing the crawl keeps may carry a value a user or the site put in: query values, cookies,
 * header values, form values and payload values are dropped here, before anything is stored.
 */

/** An href or URL with every query value replaced by "…" and the fragment kept (it names a place, not data). */
export function redactQuery(href: string): string {
  const q = href.indexOf('?');
  if (q < 0) return href;
  const hash = href.indexOf('#', q);
  const query = href.slice(q + 1, hash < 0 ? undefined : hash);
  const keys = query.split('&').filter(Boolean).map((kv) => `${kv.split('=')[0]}=…`);
  return `${href.slice(0, q)}?${keys.join('&')}${hash < 0 ? '' : href.slice(hash)}`;
}

/** The shape of a request's path: same origin → /api/items/:id; other origin → "other origin /shape". */
export function pathShapeOf(url: string, origin: string): { pathShape: string; sameOrigin: boolean } {
  const u = new URL(url);
  const sameOrigin = u.origin === origin;
  const shape = routeShape(u.pathname);
  return { pathShape: sameOrigin ? shape : `${u.protocol}//${u.host}${shape}`, sameOrigin };
}

const MAX_DEPTH = 4;

/** Keys and types of a JSON value, never its values. */
export function shapeOfValue(v: unknown, depth = 0): PayloadShape {
  if (v === null) return 'null';
  if (Array.isArray(v)) return depth >= MAX_DEPTH || v.length === 0 ? 'array' : [shapeOfValue(v[0], depth + 1)];
  if (typeof v === 'object') {
    if (depth >= MAX_DEPTH) return 'object';
    return Object.fromEntries(Object.keys(v as object).slice(0, 50).map((k) => [k, shapeOfValue((v as Record<string, unknown>)[k], depth + 1)]));
  }
  return typeof v;
}

/**
 * A request body's shape: JSON → keys and types; form-encoded → its keys; multipart → its field
 * names; anything else → its content type and size.
 */
export function payloadShape(body: string | null | undefined, contentType: string | undefined): PayloadShape | undefined {
  if (!body) return undefined;
  const ct = (contentType ?? '').toLowerCase();
  if (ct.includes('json') || /^\s*[[{]/.test(body)) {
    try { return shapeOfValue(JSON.parse(body)); } catch { /* not JSON after all */ }
  }
  if (ct.includes('x-www-form-urlencoded')) {
    return Object.fromEntries([...new URLSearchParams(body).keys()].map((k) => [k, 'string']));
  }
  if (ct.includes('multipart/form-data')) {
    const names = [...body.matchAll(/name="([^"]*)"/g)].map((m) => m[1]);
    return Object.fromEntries(names.map((n) => [n, 'field']));
  }
  return `${ct.split(';')[0] || 'unknown type'}, ${body.length} bytes`;
}
