import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, lookupChromium } from '../setup/browser';
import type { Outcomes } from '../observers/outcomes';
import { errorScreenOf, requireNoErrorScreen } from '../observers/site-page';

// A page showing the framework's failure screen is the subject of R2.4 and R2.5 only: every other
// clause's test ends untested on it, naming it, instead of judging the crash screen (an empty
// title, a heading that is the error text) as the page.
const found = lookupChromium();

/** The framework's own screens, as Next renders them (no title; the text as a heading). */
const CLIENT = '<div><h2>Application error: a client-side exception has occurred (see the browser console for more information).</h2></div>';
const GLOBAL = '<h2>Application error: a server-side exception has occurred (see the server logs for more information).</h2><p>Digest: 123</p>';
/** A page of the site quoting the text in its prose is no failure screen. */
const QUOTING = '<h1>Crash demo</h1><p>The button makes the page throw; the framework shows “Application error: a client-side exception has occurred”.</p>';

const outcomes = (): Outcomes & { ended: string[] } => {
  const ended: string[] = [];
  const end = (why: string): never => { ended.push(why); throw new Error(why); };
  return { ended, untested: end, cantTell: end, waitFor: (_w, fn) => fn(), until: async () => undefined };
};

describe.skipIf(!found.ok)('the framework\'s failure screen is no subject outside R2.4 and R2.5', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: found.ok ? found.choice.executablePath : undefined, args: CHROMIUM_ARGS });
    page = await browser.newPage();
  }, 30_000);
  afterAll(async () => { await browser?.close(); });

  it('the client-side exception screen and the global failure page end the test untested, naming the screen', async () => {
    for (const html of [CLIENT, GLOBAL]) {
      await page.setContent(html);
      const obs = outcomes();
      await expect(requireNoErrorScreen(page, obs, '/crash')).rejects.toThrow();
      expect(obs.ended[0]).toMatch(/^\/crash shows the framework's failure screen \("Application error: a (client|server)-side exception has occurred/);
    }
  });

  it('an ordinary page, and one quoting the text in its prose, are subjects as before', async () => {
    for (const html of ['<title>About</title><h1>About</h1>', QUOTING]) {
      await page.setContent(html);
      expect(await errorScreenOf(page)).toBeUndefined();
      const obs = outcomes();
      await requireNoErrorScreen(page, obs, '/about');
      expect(obs.ended).toEqual([]);
    }
  });
});
