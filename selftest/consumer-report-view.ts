/**
 * The HTML report a step of the consumer walk wrote, as an auditor opens it: in this repository's
 * Chromium (one launch, one page), the file the step's console named ("Report: …html"). Checks that
 * the failing clause's item at the top holds its screenshot, loaded, from the report's own folder;
 * that the printed page (Chromium's PDF, print media) holds the clause's reason with what was seen;
 * that the page fits 360 px with that clause's details open; that no raw Markdown is left in the
 * quoted spec text nor in the page beside it (about-this-report.html). One result per check.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, lookupChromium } from '../conformance/setup/browser';
import type { Report } from '../conformance/report/model';

/** What a step's report must show: the clause failing, with this text seen in its reason. */
export interface ReportView {
  clause: string;
  saw: string;
}

export interface ViewResult {
  name: string;
  ok: boolean;
  detail: string;
}

/** The 360 px a phone gives the page; the report must fit it without horizontal scroll. */
const PHONE = 360;
/** Every wait of the view, bounded: a page of a local folder opens, and its image loads, within this. */
const LOAD_MS = 15_000;

/** The HTML report a run's console names ("Report: reports/conformance.html …"), from the folder the command ran in. */
export function reportPathOf(output: string, cwd: string): string | undefined {
  const m = /^Report: (\S+\.html)\b/m.exec(output);
  return m ? resolve(cwd, m[1]) : undefined;
}

/**
 * What reads as Markdown not rendered, line by line: a heading's `#`, a table's `|---|`, `**` or a
 * `*word*` pair, an HTML comment. Returns the first offending line, or undefined.
 */
export function rawMarkdown(text: string): string | undefined {
  const raw = [/^\s*#{1,6}\s/, /\|\s*:?-{3,}:?\s*\|/, /\*\*/, /(^|[\s(])\*[^\s*][^*\n]*?[^\s*]\*(?=$|[\s.,;:)])/, /<!--/];
  return text.split('\n').find((l) => raw.some((re) => re.test(l)));
}

/** The text of a PDF, page after page (pdf.js, legacy build: the one for Node). */
export async function pdfText(data: Uint8Array): Promise<{ pages: number; text: string }> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data, isEvalSupported: false, useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((x) => ('str' in x ? `${x.str}${x.hasEOL ? '\n' : ''}` : '')).join(''));
  }
  await doc.destroy();
  return { pages: doc.numPages, text: pages.join('\n') };
}

/** Without white space: a line the PDF broke is still the same text. */
const squeeze = (s: string) => s.replace(/\s+/g, '');

/** The trace commands a run's console printed, each as the trace file it names (from the folder it ran in). */
export function consoleTraces(output: string, cwd: string): string[] {
  return [...output.matchAll(/^ +trace: npx spec-conformance --show-trace (\S+)$/gm)].map((m) => resolve(cwd, m[1]));
}

/** `output`: what the run printed, in the folder `cwd`: its trace commands are held to the page's. */
export async function viewReport(htmlFile: string, view: ReportView, output = '', cwd = dirname(htmlFile)): Promise<ViewResult[]> {
  const results: ViewResult[] = [];
  const add = (name: string, ok: boolean, detail: string) => results.push({ name, ok, detail });
  const dir = dirname(htmlFile);
  if (!existsSync(htmlFile)) return [{ name: 'the HTML report the run named', ok: false, detail: `${htmlFile} does not exist` }];
  const report = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as Report;
  // The clause's reasons that name what was seen: the words the printed page must carry.
  const byMode = report.clauses.find((c) => c.id === view.clause)?.results ?? {};
  const reasons = Object.values(byMode)
    .flatMap((res) => (res?.tests ?? []).filter((t) => t.verdict === 'failed' && t.reason?.includes(view.saw)).map((t) => t.reason!));
  const found = lookupChromium();
  if (!found.ok) return [{ name: 'a Chromium to open the report in', ok: false, detail: found.message }];
  const browser = await chromium.launch({ executablePath: found.choice.executablePath, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.setDefaultTimeout(LOAD_MS);
    const url = pathToFileURL(htmlFile).href;
    await page.goto(url, { waitUntil: 'load', timeout: LOAD_MS });

    // The failing clause at the top, its screenshot in the page: an <img> that loaded, a file of the report's folder.
    const item = page.locator('ol.answer > li.failed').filter({ has: page.locator('a > code', { hasText: new RegExp(`^${view.clause.replace(/\./g, '\\.')}(/|$)`) }) }).first();
    const img = item.locator('a.shot > img');
    let shot = 'no <img> in its item';
    let shotOk = false;
    if (await img.count()) {
      await img.scrollIntoViewIfNeeded();
      // Bounded: a local file loads at once, or not at all.
      const loaded = await page.waitForFunction((i) => (i as HTMLImageElement).complete, await img.elementHandle(), { timeout: LOAD_MS }).then(() => true, () => false);
      const { width, src } = await img.evaluate((i: HTMLImageElement) => ({ width: i.naturalWidth, src: i.currentSrc || i.src }));
      const file = src.startsWith('file:') ? fileURLToPath(src) : '';
      const inside = !!file && !relative(dir, file).startsWith('..') && existsSync(file);
      shotOk = loaded && width > 0 && inside && /screenshot/.test(file);
      shot = `${file ? relative(dir, file) : src}: ${loaded ? `${width} px wide` : 'not loaded'}${inside ? '' : ', not a file of the report folder'}`;
    }
    add(`the HTML report: the failing ${view.clause} at the top holds its screenshot, loaded from the report's folder`, shotOk, shot);

    // Its trace: the one command the console gives, naming the same file (from the project's folder or inside the report's).
    const cmd = (await item.locator('.cmd code').allInnerTexts())[0] ?? '';
    const traced = /^npx spec-conformance --show-trace (\S+)$/.exec(cmd)?.[1];
    const printed = consoleTraces(output, cwd);
    const same = !!traced && existsSync(join(dir, traced)) && printed.includes(join(dir, traced));
    add(`the HTML report's trace command for ${view.clause} is the console's, naming a trace that exists`, same, `"${cmd}"; the console: ${printed.length ? printed.map((f) => relative(cwd, f)).join(', ') : 'no trace command'}`);

    // On paper: Chromium's PDF of the page in print media holds the clause's reason, what was seen in it.
    await page.emulateMedia({ media: 'print' });
    const started = Date.now();
    const pdf = await pdfText(new Uint8Array(await page.pdf({ format: 'A4' })));
    const onPaper = squeeze(pdf.text);
    const reason = reasons.find((r) => onPaper.includes(squeeze(r)));
    add(`the printed report (Chromium's PDF) holds ${view.clause}'s reason with "${view.saw}"`, !!reason && onPaper.includes(squeeze(view.saw)),
      reason ? `${pdf.pages} pages, "${reason.slice(0, 90)}…" among them (${Date.now() - started} ms)` : `${pdf.pages} pages; none of its ${reasons.length} reasons naming "${view.saw}" in them`);
    await page.emulateMedia({ media: 'screen' });

    // A phone: 360 px wide, the failing clause's details open, no horizontal scroll.
    await page.setViewportSize({ width: PHONE, height: 740 });
    const opened = await page.locator(`tbody.clause:has(th[id="${view.clause}"]) details`).evaluateAll((ds) => ds.map((d) => { (d as HTMLDetailsElement).open = true; return 1; }).length);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    add(`the report fits ${PHONE} px without horizontal scroll, ${view.clause}'s details open`, opened > 0 && width <= PHONE, `scrollWidth ${width} px, ${opened} details open`);

    // The spec's text and the page beside it, rendered: no Markdown left as written.
    const quotes = await page.locator('tbody.clause blockquote').allInnerTexts();
    const inQuote = quotes.map(rawMarkdown).find(Boolean);
    await page.goto(new URL('about-this-report.html', url).href, { waitUntil: 'load', timeout: LOAD_MS });
    const about = await page.locator('body').innerText();
    const inAbout = rawMarkdown(about);
    const aboutWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    add('no raw Markdown in the quoted spec text nor in about-this-report.html', quotes.length > 0 && about.length > 0 && !inQuote && !inAbout,
      inQuote ? `a spec quote: "${inQuote.slice(0, 80)}"` : inAbout ? `about-this-report.html: "${inAbout.slice(0, 80)}"` : `${quotes.length} quotes and the page beside (${about.length} characters, ${aboutWidth} px wide at ${PHONE})`);
  } finally {
    await browser.close();
  }
  return results;
}
