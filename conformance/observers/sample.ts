import { patience } from '../run/slow';
import { timed } from './timing';

/**
 * Reads `read()` until `ok` holds or `timeoutMs` has passed, and returns the last reading either
 * way: the caller judges it, so a failure message can say what was observed ("saw headings: …")
 * rather than only that a wait ran out. A reading that throws (the page was being replaced) is
 * tried again; if the last one threw, its error is thrown (the observation did not complete).
 */
export function sample<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 7_000, everyMs = 100): Promise<T> {
  return timed('wait', () => sampleNow(read, ok, patience(timeoutMs), everyMs));
}

async function sampleNow<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number, everyMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let value: T;
    try {
      value = await read();
    } catch (e) {
      if (Date.now() >= deadline) throw e;
      await new Promise((r) => setTimeout(r, everyMs));
      continue;
    }
    if (ok(value) || Date.now() >= deadline) return value;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * Polls a predicate in real time; false when the bound runs out (the caller decides what that
 * means). The bound is the harness's patience (`ms` × the run's factor), never a time of the spec.
 */
export function within(ms: number, predicate: () => boolean | Promise<boolean>): Promise<boolean> {
  return timed('wait', () => withinNow(patience(ms), predicate));
}

async function withinNow(ms: number, predicate: () => boolean | Promise<boolean>): Promise<boolean> {
  const end = Date.now() + ms;
  while (!(await predicate())) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

/** The page's path, decoded, for messages ("/über" rather than "/%C3%BCber"). */
export function pathOf(page: { url(): string }): string {
  try { return decodeURI(new URL(page.url()).pathname); } catch { return page.url(); }
}
