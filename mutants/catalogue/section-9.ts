import type { Mutant } from './model';
import { SHARED_CHUNK, MAIN_CHUNK, staleTimes } from './anchors';

/** The mutants of: 9. Business constants and limits (joined in mutants/catalogue.ts). */
export const SECTION_9: Mutant[] = [
  // ── 9. Business constants and limits ──────────────────────────────────────────────────────
  // 9000 / 1000: far from 3.8 s; 4500 / 3000: just past each side of the 3.7 s / 3.9 s observation.
  ...([9000, 1000, 4500, 3000] as const).map((ms): Mutant => ({
    id: `K9.1-timeout-${ms}`, mode: 'static', declared: ['K9.1'], quick: ms === 9000,
    description: `The route-load timeout of the Pages Router is ${ms} ms instead of 3800 ms.`,
    text: [{
      what: 'MS_MAX_IDLE_DELAY of loadRoute',
      path: MAIN_CHUNK, kinds: ['js'],
      find: /,3800(,[\w$]+\(Object\.defineProperty\(Error\("Route did not complete loading: ")/,
      replace: `,${ms}$1`,
      count: 1,
    }],
  })),
  {
    id: 'K9.2-no-retry', mode: 'server', declared: ['K9.2'],
    description: 'Page-data fetches of the Pages Router make one attempt only: no retry on 5xx.',
    text: [{
      what: 'fetchRetry attempts (isServerRender ? 3 : 1)',
      path: MAIN_CHUNK, kinds: ['js'],
      find: /\}\)\(([\w$]+),([\w$]+)\?3:1,\{headers:/,
      replace: '})($1,$2?1:1,{headers:',
      count: 1,
    }],
  },
  // K9.3 (spec/clauses.ts readings): data a navigation fetched for a page rendered per request is kept
  // fresh for staleTimes.dynamic after its first use, then fetched anew (server: /demos/no-prefetch →
  // /demos/dynamic); a full prefetch is kept until staleTimes.static whatever staleTimes.dynamic says.
  {
    id: 'K9.3-prefetch-stale-20s', mode: 'server', declared: ['K9.3', 'K9.4'],
    description: 'Page data counts as fresh for 20 s and expires after 20 s instead of 30 s and 5 min (staleTimes { dynamic: 20, static: 20 }): a navigation 29 s after a prefetch, or after the navigation that fetched the data, fetches it again; a prefetch is fetched anew at 299 s.',
    text: staleTimes('staleTimes { dynamic: 30, static: 300 }', 20, 20),
  },
  {
    // Was an allowed change while K9.3 judged prefetched data only; read against Next 14.2, data a
    // navigation fetched is page data the client holds, and 10 s of freshness contradicts 30 s.
    id: 'K9.3-navigation-data-10s', mode: 'server', declared: ['K9.3'],
    description: 'Data fetched by a navigation (and automatic prefetches) counts as fresh for 10 s instead of 30 s (staleTimes.dynamic 10; full prefetches stay reusable until staleTimes.static): the dynamic page opened again from /demos/no-prefetch 29 s after its data was fetched is fetched again, so fresh-29 fails.',
    text: staleTimes('staleTimes.dynamic (30 s)', 10, 300),
  },
  // The 30 s window moved just past each side of the 29 s / 31 s observation.
  ...([25, 35] as const).map((sec): Mutant => ({
    id: `K9.3-window-${sec}s`, mode: 'server', declared: ['K9.3'],
    description: `Page data counts as fresh for ${sec} s instead of 30 s (staleTimes { dynamic: ${sec}, static: 300 }): ${sec < 30 ? 'the dynamic page opened again 29 s after a navigation fetched its data is fetched again (fresh-29 fails)' : 'the dynamic page opened again 31 s after a navigation fetched its data is still not fetched anew (stale-31 fails)'}.`,
    text: staleTimes('staleTimes.dynamic (30 s)', sec, 300),
  })),
  // 10 min: still kept at 301 s (expired-301 fails); 4 min: already fetched anew at 299 s (kept-299 fails).
  ...([[10, 600], [4, 240]] as const).map(([min, sec]): Mutant => ({
    id: `K9.4-expiry-${min}min`, mode: 'static', declared: ['K9.4'],
    description: `Prefetched page data expires after ${min} minutes instead of 5 (staleTimes.static ${sec}).`,
    text: staleTimes('staleTimes.static (300 s)', 30, sec),
  })),
  // 8 / 3: far from 5; 6 / 4: one more (never more than 5 fails), one fewer (reaching exactly 5 fails).
  ...([8, 3, 6, 4] as const).map((n): Mutant => ({
    id: `K9.5-concurrency-${n}`, mode: 'static', declared: ['K9.5'], quick: n === 8,
    description: `Prefetching runs ${n} requests at a time instead of 5.`,
    text: [{
      what: 'prefetchQueue = new PromiseQueue(5)',
      path: SHARED_CHUNK, kinds: ['js'],
      find: /new ([\w$]+)\.PromiseQueue\(5\)/,
      replace: `new $1.PromiseQueue(${n})`,
      count: 1,
    }],
  })),
];
