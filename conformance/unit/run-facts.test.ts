import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunFactsNote } from '../setup/run-facts';
import { defaultRun, RUN_ENV, useRunFile, writeRunFile } from '../run/channel';
import { FACTS_ATTACHMENT, parseFacts, type RunFacts } from '../run/facts';

// The run facts ride on each worker's first test (setup/run-facts.ts): once per worker, and once
// more when a later test's page gives the framework version the first one could not.
const URL_ = 'http://127.0.0.1:9';

const page = (version: string | undefined, url = `${URL_}/about`): Page =>
  ({ isClosed: () => false, url: () => url, evaluate: async () => version }) as unknown as Page;

/** A browser whose home-page load gives `home` (undefined: the load fails). */
const browser = (home?: string): Browser => ({
  browserType: () => ({ name: () => 'chromium' }),
  version: () => '156.0',
  newContext: async () => ({
    newPage: async () => ({ ...page(home, `${URL_}/`), goto: async () => { if (!home) throw new Error('no answer'); } }),
    close: async () => undefined,
  }),
}) as unknown as Browser;

function info(): TestInfo & { facts: RunFacts[] } {
  const facts: RunFacts[] = [];
  return {
    facts,
    config: { shard: { current: 1, total: 2 } },
    attach: async (name: string, a: { body: string }) => { if (name === FACTS_ATTACHMENT) facts.push(parseFacts(a.body)!); },
  } as unknown as TestInfo & { facts: RunFacts[] };
}

let dir: string;
const before = process.env[RUN_ENV];
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'run-facts-'));
  const target = { mode: 'static' as const, profile: { path: 'profile.json', source: 'file' as const, content: { name: 'test', scenarios: {} } }, url: URL_, reference: false, probe: { isThisKind: true, kindReason: 'test', buildId: 'b1' } };
  useRunFile(writeRunFile(defaultRun({ out: dir, targets: [target], browser: { source: 'PATH' } })));
});
afterAll(() => {
  if (before === undefined) delete process.env[RUN_ENV];
  else process.env[RUN_ENV] = before;
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('run facts on the first test of a worker', () => {
  it('are attached once, with the version of the page the test left open', async () => {
    const note = new RunFactsNote();
    const first = info();
    await note.after(first, 'static', browser('0.0-home'), page('15.5.29'));
    const later = info();
    await note.after(later, 'static', browser('0.0-home'), page('15.5.29'));
    expect(first.facts).toHaveLength(1);
    expect(first.facts[0]).toMatchObject({ mode: 'static', url: URL_, frameworkVersion: '15.5.29', shard: { current: 1, total: 2 }, browser: { name: 'chromium', version: '156.0' } });
    expect(later.facts).toEqual([]);
  });

  it('take the version from the home page when the first test left no page of the target', async () => {
    const note = new RunFactsNote();
    const first = info();
    await note.after(first, 'static', browser('14.2.35'), page('99', 'about:blank'));
    expect(first.facts.map((f) => f.frameworkVersion)).toEqual(['14.2.35']);
  });

  it('are attached again, with the version, after a later test whose page shows it', async () => {
    const note = new RunFactsNote();
    const tests = [info(), info(), info(), info()];
    await note.after(tests[0], 'static', browser(undefined), undefined);
    await note.after(tests[1], 'static', browser(undefined), page(undefined));
    await note.after(tests[2], 'static', browser(undefined), page('16.4.6'));
    await note.after(tests[3], 'static', browser(undefined), page('16.4.6'));
    expect(tests.map((t) => t.facts.map((f) => f.frameworkVersion ?? 'none'))).toEqual([['none'], [], ['16.4.6'], []]);
  });

  it('are not attached for a mode the run has no target for', async () => {
    const t = info();
    await new RunFactsNote().after(t, 'server', browser('1'), page('1'));
    expect(t.facts).toEqual([]);
  });
});
