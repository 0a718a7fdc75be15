import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InflightCounter } from '../observers/inflight';

/** Random request intervals [start, end) on a shared timeline. */
const intervals = fc.array(fc.tuple(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 200 })), { maxLength: 40 })
  .map((xs) => xs.map(([s, d], i) => ({ key: `r${i}`, start: s, end: s + d })));

function trueMaxOverlap(xs: { start: number; end: number }[]): number {
  let max = 0;
  for (const a of xs) max = Math.max(max, xs.filter((b) => b.start <= a.start && a.start < b.end).length);
  return max;
}

describe('in-flight counter', () => {
  it('its maximum equals the true maximum overlap and it never goes negative', () => {
    fc.assert(fc.property(intervals, (xs) => {
      const c = new InflightCounter(() => 0);
      // Ends before starts at the same instant: an answer that arrived frees its slot first.
      const events = xs.flatMap((x) => [{ t: x.start, kind: 1, key: x.key }, { t: x.end, kind: 0, key: x.key }])
        .sort((a, b) => a.t - b.t || a.kind - b.kind);
      for (const e of events) {
        if (e.kind === 1) c.start(e.key);
        else c.end(e.key);
        expect(c.current).toBeGreaterThanOrEqual(0);
      }
      expect(c.max).toBe(trueMaxOverlap(xs));
      expect(c.current).toBe(0);
      expect(c.started).toBe(xs.length);
    }));
  });

  it('ignores ends it never saw start, and double ends', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom('a', 'b', 'c', 'd')), fc.array(fc.constantFrom('a', 'b', 'c', 'd')), (starts, ends) => {
      const c = new InflightCounter(() => 0);
      for (const s of starts) c.start(s);
      for (const e of ends) c.end(e);
      expect(c.current).toBe(new Set(starts.filter((s) => !ends.includes(s))).size);
    }));
  });
});
