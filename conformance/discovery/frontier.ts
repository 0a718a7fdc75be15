import { routeShape } from '../crawl/shape';
import type { WayIn } from '../crawl/model';

/** Paths that are files, not pages: not worth a browser load. */
export const NOT_A_PAGE = /\.(pdf|zip|gz|png|jpe?g|gif|svg|webp|avif|ico|css|js|mjs|map|json|xml|txt|rss|atom|mp[34]|webm|woff2?|ttf|otf|csv|webmanifest)$/i;

/**
 * The crawl's queue: breadth-first, each path once, at most `perShape` pages of one route shape
 * loaded (so /posts/1…/posts/5000 cost a few loads), every shape counted.
 */
export class Frontier {
  private readonly queue: string[] = [];
  private readonly seen = new Set<string>();
  private readonly found = new Map<string, number>();
  private readonly taken = new Map<string, number>();
  private readonly ways = new Map<string, WayIn>();
  /** Every page path queued, in order, and those handed out to be loaded. */
  private readonly pages: string[] = [];
  private readonly handedOut = new Set<string>();
  readonly skipped: string[] = [];

  constructor(private readonly allowed: (path: string) => boolean, private readonly perShape = 10) {}

  /** Queues `path` unless known; `way` is how it was found (the first way counts). */
  add(path: string, way: WayIn = 'link'): void {
    if (this.seen.has(path)) return;
    this.seen.add(path);
    this.ways.set(path, way);
    if (NOT_A_PAGE.test(path)) return;
    if (!this.allowed(path)) { this.skipped.push(path); return; }
    const shape = routeShape(path);
    this.found.set(shape, (this.found.get(shape) ?? 0) + 1);
    this.queue.push(path);
    this.pages.push(path);
  }

  /** How the crawl first came to `path`. */
  wayOf(path: string): WayIn | undefined {
    return this.ways.get(path);
  }

  /** Marks a path as known without queueing it (e.g. where a redirect ended). */
  markSeen(path: string): void {
    this.seen.add(path);
  }

  /** The next path to load, skipping shapes that already had their share. */
  next(): string | undefined {
    while (this.queue.length) {
      const path = this.queue.shift()!;
      const shape = routeShape(path);
      const n = this.taken.get(shape) ?? 0;
      if (n >= this.perShape) continue;
      this.taken.set(shape, n + 1);
      this.handedOut.add(path);
      return path;
    }
    return undefined;
  }

  /** Pages found but never handed out to be loaded: beyond their shape's share, or still queued. */
  unvisited(): string[] {
    return this.pages.filter((p) => !this.handedOut.has(p));
  }

  get pending(): number {
    return this.queue.length;
  }

  shapes(): { shape: string; found: number; visited: number }[] {
    return [...this.found].map(([shape, found]) => ({ shape, found, visited: this.taken.get(shape) ?? 0 }));
  }
}

/**
 * The crawl's pages in breadth-first order from its seeds over the links each page led to: the order a
 * one-tab crawl reads them in, whichever of the tabs side by side finished first. The pickers take the
 * first page that fits, so a second run of the same site picks the same pages. Pages the walk does not
 * reach keep their place after the rest.
 */
export function crawlOrder<P extends { path: string }>(pages: P[], seeds: string[], ledTo: ReadonlyMap<string, string[]>): P[] {
  const rank = new Map<string, number>();
  const queue = [...seeds];
  for (let i = 0; i < queue.length; i++) {
    const path = queue[i];
    if (rank.has(path)) continue;
    rank.set(path, rank.size);
    queue.push(...(ledTo.get(path) ?? []));
  }
  const at = (p: P) => rank.get(p.path) ?? Number.MAX_SAFE_INTEGER;
  return [...pages].sort((a, b) => at(a) - at(b));
}
