import type { TestInfo } from '@playwright/test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CantTellRetry, Observer } from '../harness/observe';
import { classifyTest } from '../outcome/classify';
import { useSlow } from '../run/slow';

/** As much of Playwright's TestInfo as the Observer uses. */
function info(retry: number, retries = 1): TestInfo & { skipped?: string } {
  const i = {
    annotations: [] as { type: string; description?: string }[], retry, project: { retries }, status: 'passed',
    skip(_c: boolean, why: string) { (i as { skipped?: string }).skipped = why; throw new Error(`Test is skipped: ${why}`); },
  };
  return i as unknown as TestInfo & { skipped?: string };
}

describe('an observation that could not complete is tried once more (issue 38)', () => {
  // The words name the bound as scaled: pinned at 1 here, whatever run another test file left behind (one process runs many files).
  beforeEach(() => useSlow({ factor: 1, source: 'flag' }));
  afterEach(() => useSlow(undefined));

  it('with a retry left, cantTell ends the attempt as a failure carrying its cantTell verdict and words', async () => {
    const i = info(0);
    const obs = new Observer(i);
    const err = await obs.waitFor('/x to start', () => new Promise(() => undefined), 20).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CantTellRetry);
    expect(i.skipped).toBeUndefined();
    expect(i.annotations).toEqual([{ type: 'verdict', description: 'cantTell' }, { type: 'verdict-reason', description: 'could not complete the observation: waited 0.0 s for /x to start' }]);
  });

  it('on the last attempt it ends as before: skipped, cantTell', async () => {
    const i = info(1);
    const err = await new Observer(i).waitFor('/x to start', () => new Promise(() => undefined), 20).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(CantTellRetry);
    expect(i.skipped).toMatch(/^cantTell: could not complete the observation: waited/);
  });

  it('untested is never retried: a missing precondition stays missing', () => {
    const i = info(0);
    expect(() => new Observer(i).untested('no scenario', 'add it')).toThrow(/skipped/);
    expect(i.skipped).toMatch(/^untested/);
  });

  it('a part that could not complete makes the attempt fail at its end, while a retry is left', async () => {
    const i = info(0);
    const obs = new Observer(i);
    await obs.part('scripts', () => obs.cantTell('no answer to /a.js within 10 s'));
    expect(() => obs.finish()).toThrow(CantTellRetry);
    const last = info(1);
    const again = new Observer(last);
    await again.part('scripts', () => again.cantTell('no answer'));
    expect(() => again.finish()).not.toThrow();
  });

  it('the bound in the words is the scaled one', async () => {
    useSlow({ factor: 2, source: 'flag' });
    try {
      const i = info(1);
      await new Observer(i).waitFor('/x', () => new Promise(() => undefined), 10).catch(() => undefined);
      expect(i.skipped).toMatch(/waited 0\.0 s \(0\.0 s × 2, the harness's patience on this machine\) for \/x/);
    } finally {
      useSlow({ factor: 1, source: 'flag' });
    }
  });

  it('the first attempt\'s cantTell and a passed retry are counted passed on retry', () => {
    const first = info(0);
    try { new Observer(first).cantTell('waited 30 s for /x'); } catch { /* the attempt ends */ }
    const r = classifyTest({ attempts: [{ status: 'failed', annotations: first.annotations, errors: [{ message: 'cantTell, tried once more: waited 30 s for /x' }] }, { status: 'passed', annotations: [], errors: [] }] });
    expect(r).toMatchObject({ verdict: 'passed', retry: { cause: 'harness', counted: 'passed' } });
  });
});
