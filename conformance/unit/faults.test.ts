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
});
