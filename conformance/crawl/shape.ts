/**
 * Route shapes: /posts/1 and /posts/2 are one shape, /posts/:id. A segment is an id when it is a
 * number, a UUID, a long hex string, or a slug ending in a number of 3+ digits; the rest stay as
 * written, so /demos/plain and /demos/tall remain two shapes. Shared with the observations
 * (request path shapes), so one rule decides everywhere.
 */

const ID_SEGMENT = [
  /^\d+$/,                                                     // 42
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, // UUID
  /^[0-9a-f]{12,}$/i,                                          // hashes, object ids
  /^[A-Za-z0-9_-]*\d{3,}[A-Za-z0-9_-]*$/,                     // slug-12345, a1b2c3d4e5
];

export function isIdSegment(segment: string): boolean {
  return ID_SEGMENT.some((re) => re.test(segment));
}

/** /posts/1/comments/7 → /posts/:id/comments/:id. */
export function routeShape(path: string): string {
  const segs = path.split('/');
  return segs.map((s) => (s && isIdSegment(s) ? ':id' : s)).join('/') || '/';
}

/**
 * Groups paths by shape and keeps at most `perShape` of each (in the order given: the crawl's
 * breadth-first order, so the first-found, best-linked pages are kept).
 */
export function groupByShape(paths: readonly string[], perShape = 3): { shape: string; paths: string[]; kept: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const p of paths) {
    const shape = routeShape(p);
    const g = groups.get(shape);
    if (g) { if (!g.includes(p)) g.push(p); } else groups.set(shape, [p]);
  }
  return [...groups].map(([shape, ps]) => ({ shape, paths: ps, kept: ps.slice(0, perShape) }));
}
