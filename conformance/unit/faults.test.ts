import { describe, expect, it } from 'vitest';
import type { Route } from '@playwright/test';
import { Hold } from '../harness/faults';

function fakeRoute(log: string[], name: string): Route {
  return { continue: async () => { log.push(name); } } as unknown as Route;
}

describe('fault injection: hold', () => {
  it('keeps requests until the test releases them, oldest first', async () => {
    const log: string[] = [];
    const h = new Hold();
    h.add(fakeRoute(log, 'a'));
    h.add(fakeRoute(log, 'b'));
    h.add(fakeRoute(log, 'c'));
    expect(h.pending).toBe(3);
    expect(await h.release(1)).toBe(1);
    expect(log).toEqual(['a']);
    expect(await h.release()).toBe(2);
    expect(log).toEqual(['a', 'b', 'c']);
    expect(h.caught).toBe(3);
    expect(h.pending).toBe(0);
  });

  it('wakes a waiter as soon as enough requests are caught, and times out with a message otherwise', async () => {
    const h = new Hold();
    const waiting = h.waitForCaught(2, 2000);
    h.add(fakeRoute([], 'a'));
    h.add(fakeRoute([], 'b'));
    await expect(waiting).resolves.toBeUndefined();
    await expect(h.waitForCaught(3, 50)).rejects.toThrow(/expected 3 requests to be caught, saw 2/);
  });
});
