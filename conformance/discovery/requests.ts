import { readPageData, type RequestLike } from '../observers/page-data';

/**
 * Which requests are page delivery and which are not, from the wire alone. Page delivery: the
 * document, scripts, stylesheets, fonts, images, media, manifests, /_next/ files, and page data
 * and prefetches (recognised in one place: observers/page-data.ts). Everything else is a call the
 * product makes (C7.1's open question).
 */

const DELIVERY_TYPES = new Set(['document', 'script', 'stylesheet', 'image', 'font', 'media', 'manifest', 'texttrack', 'other', 'ping', 'websocket', 'eventsource']);

/** The page path a page-data or prefetch request is for, or undefined when it is not one. */
export function pageDataTarget(r: RequestLike): string | undefined {
  return readPageData(r)?.page;
}

/** A request the page-delivery layer makes (not a product call). */
export function isPageDelivery(r: RequestLike, origin: string): boolean {
  if (DELIVERY_TYPES.has(r.resourceType)) return true;
  if (readPageData(r)) return true;
  const u = new URL(r.url);
  if (u.origin === origin && u.pathname.startsWith('/_next/')) return true;
  // Server functions are page delivery of their own kind (C7.5), not product calls.
  if (r.headers['next-action']) return true;
  return false;
}
