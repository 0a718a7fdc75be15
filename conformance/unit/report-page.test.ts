import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, lookupChromium } from '../setup/browser';
import { BROKEN_404, R22_SAW, writeRedReport } from './red-report.fixture';

// The HTML report of a red run as an auditor sees it, in a real Chromium: on a desktop, a phone and on paper.
const found = lookupChromium();

describe.skipIf(!found.ok)('the HTML report of a red run', () => {
  let browser: Browser;
  let page: Page;
  const dir = mkdtempSync(join(tmpdir(), 'report-page-'));
  let html = '';
  let md = '';
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: found.ok ? found.choice.executablePath : undefined, args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: 640, height: 400 } });
    await page.setContent(BROKEN_404);
    writeRedReport(dir, await page.screenshot());
    html = readFileSync(join(dir, 'conformance.html'), 'utf8');
    md = readFileSync(join(dir, 'conformance.md'), 'utf8');
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens with the gate, then the failure in one line of expected vs observed, its screenshot inline and its trace command', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(pathToFileURL(join(dir, 'conformance.html')).href);
    const first = page.locator('ol.answer > li').first();
    expect(await first.innerText()).toContain(`R2.2 (static) failed: ${R22_SAW}`);
    const img = first.locator('a.shot > img');
    expect(await img.isVisible()).toBe(true);
    // The screenshot is in the page, loaded from the report's own folder, and opens full size.
    expect(await img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(640);
    expect(await first.locator('a.shot').getAttribute('href')).toMatch(/^evidence\/static\/[0-9a-f]{16}-screenshot\.png$/);
    expect(await first.innerText()).toMatch(/npx spec-conformance --show-trace evidence\/static\/[0-9a-f]{16}-trace\.zip/);
    // The gate comes first, then the failures, then what was not judged, then what was accepted.
    const text = await page.locator('header').innerText();
    const at = (s: string) => text.indexOf(s);
    expect(at('Gate FAILED')).toBeGreaterThanOrEqual(0);
    expect([at('Gate FAILED'), at('Failed and cantTell'), at('Not judged'), at('Accepted')].every((x, i, xs) => x >= 0 && (i === 0 || x > xs[i - 1]))).toBe(true);
    expect(text).not.toMatch(/expect\(received\)|Received:|deep equality/);
    // The per-mode list names the failed clause; the failed clause's details are open, with the request log in the page.
    expect(await page.locator('ul.coverage').innerText()).toContain('R2.2 failed');
    expect(await page.locator('tbody.clause').filter({ has: page.locator('th[id="R2.2"]') }).locator('details').first().getAttribute('open')).toBe('');
    expect(html).toContain('conformance-no-such-page');
  });

  it('fits 360 px without horizontal scroll', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(pathToFileURL(join(dir, 'conformance.html')).href);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await page.locator('ol.answer a.shot > img').first().isVisible()).toBe(true);
    // Every fold open, and the page beside it, too.
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.goto(pathToFileURL(join(dir, 'about-this-report.html')).href);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it('prints the failing reason (Chromium\'s PDF of the page)', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(pathToFileURL(join(dir, 'conformance.html')).href);
    await page.emulateMedia({ media: 'print' });
    // What the PDF holds is what print media shows: the failed clause's details among it.
    const printed = await page.locator('body').innerText();
    expect(printed).toContain(R22_SAW);
    // Not only in the answer at the top: the failed clause's own details are open on paper, its reason in them.
    expect(await page.locator('th[id="R2.2"] ~ td > details').innerText()).toContain(R22_SAW);
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await page.emulateMedia({ media: 'screen' });
    expect(await page.locator('tbody.clause details[open]').count()).toBeGreaterThan(0);
  });

  it('shows the spec text and the page beside it as rendered Markdown, with a permalink for every clause and part', async () => {
    await page.goto(pathToFileURL(join(dir, 'conformance.html')).href);
    const quotes = await page.locator('tbody.clause blockquote').allInnerTexts();
    for (const q of quotes) expect(q).not.toMatch(/^#{1,6} |^\|.*\|$|\*\*|\]\(/m);
    expect(await page.locator('th[id="R2.3"] ~ td blockquote table th').first().innerText()).toBe('Status code');
    for (const id of await page.locator('tbody.clause th[scope=row][id]').evaluateAll((xs) => xs.map((x) => x.id))) {
      expect(await page.locator(`th[id="${id}"] > a.permalink`).getAttribute('href')).toBe(`#${id}`);
    }
    const parts = page.locator('table.parts tr[id]');
    expect(await parts.count()).toBeGreaterThan(0);
    for (const id of await parts.evaluateAll((xs) => xs.map((x) => x.id))) expect(html).toContain(`href="#${id}"`);
    await page.goto(pathToFileURL(join(dir, 'about-this-report.html')).href);
    const about = await page.locator('body').innerText();
    expect(about).not.toMatch(/\*judged\*|<!--|\*\*|^#{1,6} /m);
    expect(await page.locator('h3#the-answer-first').isVisible()).toBe(true);
  });

  it('the Markdown opens with the answer: the failure first, in the test\'s words, with its evidence', () => {
    const lines = md.split('\n');
    expect(lines[0]).toBe('## Conformance: gate FAILED');
    const first = lines.find((l) => l.startsWith('- ❌'));
    expect(first).toMatch(/^- ❌ R2\.2 \(static\) failed: expected the message .* saw the text: .* — \[screenshot\]\(evidence\/static\/[0-9a-f]{16}-screenshot\.png\) · \[trace\]/);
    expect(md).not.toMatch(/expect\(received\)|Received:|deep equality/);
  });
});
