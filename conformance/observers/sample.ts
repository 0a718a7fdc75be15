import { patience } from '../run/slow';
import { timed } from './timing';

/**
 * How often a reading is taken: every `everyMs` for the first second, then every `slowerMs`. A
 * reading of the page costs round trips to the browser (a status page's view: eight), and a state
 * that has not come in its first second is mostly one that never comes (a missing page, a mutant):
 * read ten times a second for the whole bound (up to 20 s on a busy runner), such waits were most of
 * the CPU of the runs that end untested. The states waited for stay once reached.
 */
export const SAMPLE_PACE = { fastForMs: 1_000, slowerMs: 300 };

/**
 * Reads `read()` until `ok` holds or `timeoutMs` has passed, and returns the last reading either
 * way: the caller judges it, so a failure message can say what was observed ("saw headings: …")
 * rather than only that a wait ran out. A reading that throws (the page was being replaced) is
 * tried again; if the last one threw, its error is thrown (the observation did not complete).
 * The last reading is taken when the bound runs out (SAMPLE_PACE for the readings before it).
 */
export function sample<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 7_000, everyMs = 100): Promise<T> {
  return timed('wait', () => sampleNow(read, ok, patience(timeoutMs), everyMs));
}

async function sampleNow<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number, everyMs: number): Promise<T> {
  const started = Date.now();
  const deadline = started + timeoutMs;
  const pause = () => {
    const every = Date.now() - started < SAMPLE_PACE.fastForMs ? everyMs : Math.max(everyMs, SAMPLE_PACE.slowerMs);
    return new Promise((r) => setTimeout(r, Math.min(every, Math.max(0, deadline - Date.now()))));
  };
  for (;;) {
    let value: T;
    try {
      value = await read();
    } catch (e) {
      if (Date.now() >= deadline) throw e;
      await pause();
      continue;
    }
    if (ok(value) || Date.now() >= deadline) return value;
    await pause();
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
