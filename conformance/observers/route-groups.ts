import type { Page } from '@playwright/test';
import { readPageData, type RequestLike } from './page-data';

/**
 * Route groups seen black-box (R2.6's subject: a page inside a route group). A group never shows
 * in an address, but the App Router names it in what it sends:
 *  - the flight data of a page's HTML (`self.__next_f`): the page's router tree, whose segments
 *    include "(site)" when the page lives in that group;
 *  - the Next-Router-State-Tree header of a page-data request: the tree of the page navigated from;
 *  - Next 16's per-segment prefetch files, whose names carry the segment path (base64url-encoded
 *    groups, decoded by page-data.ts).
 * The Pages Router has no route groups: a site that is only Pages Router shows none of these.
 */

const GROUP = /^\(.+\)$/;

/** Group segments in a router tree ([segment, { key: tree … }, …]) as JSON. */
export function groupsInTree(tree: unknown): string[] {
  const out = new Set<string>();
  const walk = (node: unknown, depth: number): void => {
    if (depth > 64 || !Array.isArray(node)) return;
    const [segment, children] = node as [unknown, unknown];
    if (typeof segment === 'string' && GROUP.test(segment)) out.add(segment);
    if (children && typeof children === 'object' && !Array.isArray(children)) for (const c of Object.values(children)) walk(c, depth + 1);
  };
  walk(tree, 0);
  return [...out];
}

/** Group segments of the page a request was sent from: its router-state header (the tree of the page being left). */
export function groupsInStateTree(r: RequestLike): string[] {
  const header = Object.entries(r.headers).find(([k]) => k.toLowerCase() === 'next-router-state-tree')?.[1];
  if (!header) return [];
  try {
    return groupsInTree(JSON.parse(decodeURIComponent(header)));
  } catch {
    return []; // not URL-encoded JSON: C7.3 judges that
  }
}

/** Group segments of the page a request fetches: a per-segment file's name (Next 16) or segment header. */
export function groupsInSegment(r: RequestLike): string[] {
  return [...new Set((readPageData(r)?.segment ?? '').split('/').filter((seg) => GROUP.test(seg)))];
}

/**
 * Group segments in flight text, written where the router tree names a segment, so a parenthesised
 * word in the page's text is not taken for one: as the first item of a tree node followed by its
 * children object (`["(site)",{"children":…`, Next.js 14.2–15.5), or as a node's segment field
 * (`["children",{"s":"(site)","h":…`, Next.js 16).
 */
export function groupsInFlightText(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/\[\s*\\?"(\([^"()\\/]+\))\\?"\s*,\s*\{/g)) out.add(m[1]);
  for (const m of text.matchAll(/\{\s*\\?"s\\?"\s*:\s*\\?"(\([^"()\\/]+\))\\?"/g)) out.add(m[1]);
  return [...out];
}

/**
 * The route groups the current document's flight data names (its own router tree); [] on a page
 * without any. Read from `self.__next_f` and from the inline scripts that fill it (Next.js 16 does
 * not keep the chunks in the array once it has read them).
 */
export async function groupsOfDocument(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    const f = (window as unknown as { __next_f?: unknown[] }).__next_f;
    const chunks = Array.isArray(f) ? f.map((x) => (Array.isArray(x) && typeof x[1] === 'string' ? x[1] : '')) : [];
    const inline = Array.from(document.querySelectorAll('script:not([src])')).map((s) => s.textContent ?? '').filter((t) => t.includes('__next_f'));
    return [...chunks, ...inline].join('\n');
  }).catch(() => '');
  return groupsInFlightText(text);
}

/**
 * What the untested reason says of the profile's grouped pages: those whose own router tree did
 * not name their group ("<path> in <group>"), or `none` when the profile named none.
 */
export function profileGroupsNote(unconfirmed: ReadonlySet<string>, none: string): string {
  return unconfirmed.size ? `the profile's ${[...unconfirmed].join(', ')} are not in their router trees` : none;
}

