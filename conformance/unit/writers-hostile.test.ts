import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { summaryLines } from '../cli/summary';
import { loadPresets } from '../expectations/model';
import { CONSOLE_MAX, consoleLine, escapeHref, escapeMarkdown, printable } from '../report/escape';
import { renderAbout } from '../report/about';
import { renderHtml } from '../report/html';
import { renderJUnit } from '../report/junit';
import { renderMarkdown } from '../report/markdown';
import type { Report } from '../report/model';
import { ROOT } from '../../spec/root';
import { parseMarkup, markdownSyntax } from './markup-check';
import { next16, report, test, tests } from './report-fixture';

/**
 * Every writer of the report under hostile text: markup, control characters, 10,000
 * characters, Markdown syntax, lone surrogates — as page text, reasons, titles, links AND as the
 * verdicts, kinds and gate statuses a report read back may hold. Each output must parse, hold no
 * element, attribute, line or Markdown syntax of the text's own, and show the text.
 */

const SNIPPETS = ['<img src=x onerror=alert(1)>', '<script>alert(1)</script>', '"><svg onload=alert(1)>', "' onmouseover='x", '&amp;', '&lt;', ']]>', '--', '-->',
  '<!--', '\x00', '\x08', '\x0b', '\x0c', '\x1b[31m', '\x7f', '\x85', '\r\n', '\r', '\n', '\n\n- injected', '\u2028', '\ud800', '\udfff', '\ufffe', '\uffff', '# heading',
  '- item', '1. item', '> quote', '**bold**', '`code`', '``', '| cell |', '[link](javascript:alert(1))', '![img](x)', '<details>', '</details>', '\\', '_x_',
  '~~s~~', '$x^2$', 'javascript:alert(1)', ' java\tscript:x', '😀', '\t', '</td></tr></table>', '<!doctype html>', '&#0;'];
const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));
const hostile = fc.array(fc.oneof(fc.constantFrom(...SNIPPETS), fc.string({ unit: anyUnit, maxLength: 12 })), { minLength: 1, maxLength: 8 })
  .map((xs) => xs.join('')).filter((s) => s.length > 0);
/** Texts of 10,000 characters (a page's heading, Markdown, one letter), each tried once in every property. */
const LONG: [string][] = [[`<h1>${'H'.repeat(9_991)}</h1>`], [`${'# a *b* <c>\n'.repeat(834)}`.slice(0, 10_000)], ['x'.repeat(10_000)]];

/** A report with every kind of content: failures and their parts, expectations and known deviations, a retry, errors, evidence, advisories. */
function fullReport(): Report {
  const preset = loadPresets().get('next@16')!.expectations.map((e) => ({ ...e, source: 'preset next@16' }));
  const t = tests(['static', 'server'], {
    ...next16,
    'C7.4': (m) => [test(m, 'C7.4', 'cantTell', { reason: 'r', error: 'e', evidence: [{ name: 'n', path: 'evidence/a.png', sha256: 'abc', bytes: 1, contentType: 'image/png' }],
      advisories: [{ check: 'c', ok: false, observed: 'o' }], attempts: 2, retry: { first: { verdict: 'cantTell', reason: 'f' }, cause: 'harness', why: 'w', counted: 'passed' } })],
    'R2.3': (m) => [test(m, 'R2.3', 'untested', { reason: 'precondition not met: a page. To fix: add one' })],
  });
  const r = report(t, { expectations: [...preset, { clause: 'R2.3', verdict: 'untested', reason: 'team', source: 'file: spec-conformance.expectations.json', link: 'https://example.com/x' }], version: '16.4.6' });
  r.gate.warnings = ['w'];
  r.observed = { 'P1': { summary: 's', tables: [{ caption: 'c', columns: ['a', 'b'], rows: [['1', '2']], more: 3 }] } };
  r.sampled = [{ mode: 'static', found: 10, checked: 2, how: 'h' }];
  r.mutation = { score: 0.5, killed: 1, total: 2, collateral: 0, at: 'a' };
  return r;
}
const BASE = fullReport();

/** The words a report's own code decides on (verdicts, kinds, content types): kept by withText(text, KEEP_WORDS). */
const KEEP_WORDS = ['verdict', 'skipVerdict', 'outcome', 'kind', 'gate', 'contentType', 'expected', 'observed', 'counted', 'cause', 'of', 'id', 'part', 'parts'];

/** The same report with every string it holds replaced by `text` — but the modes, which key its results, and the keys named. */
function withText(text: string, keep: readonly string[] = []): Report {
  const walk = (v: unknown, key: string): unknown => {
    if (typeof v === 'string') return key === 'mode' || key === 'modes' || keep.includes(key) ? v : text;
    if (Array.isArray(v)) return v.map((x) => walk(x, key));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    return v;
  };
  return walk(BASE, '') as Report;
}

/** What a reader of Markdown gets back from escaped text: its escapes and entities undone. */
const unMarkdown = (s: string) => s.replace(/\\([\\`*_[\]|~$#+=.)-])/g, '$1').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const oneLine = (s: string) => printable(s).replace(/\r\n|[\r\n\u2028\u2029]/g, ' ');
/** A line's own syntax: its block marker, and the inline syntax characters left once code spans and escapes are set aside. */
const syntaxOf = (line: string) => `${/^\s*(#{1,6}(?=\s|$)|[-+*](?=\s|$)|>|\d{1,9}[.)](?=\s|$)|=+\s*$)?/.exec(line)![1] ?? ''}|${markdownSyntax(line).replace(/[^<>|*_[\]~$]/g, '')}`;

const RUNS = { numRuns: 25, examples: LONG };
// Each property renders a whole report per run: given room beyond vitest's default on a loaded machine.
const ROOM = 120_000;
const benign = withText('x');
/** A text whose links are dropped (javascript:, data:, blank) or whose caption is blank is compared with a benign text that loses them too. */
const unlinked = withText('javascript:x');
const blank = withText(' ');
const benignFor = (h: string, keep: readonly string[] = []) => (keep.length ? withText(!printable(h).trim() ? ' ' : escapeHref(h) === '#' ? 'javascript:x' : 'x', keep)
  : !printable(h).trim() ? blank : escapeHref(h) === '#' ? unlinked : benign);

describe('every writer under hostile text (as text, reasons and verdicts)', () => {
  it('conformance.html parses, holds only the writer\'s elements and attributes, and shows the text', () => {
    const own = parseMarkup(renderHtml(benign), 'html').elements;
    fc.assert(fc.property(hostile, (h) => {
      const got = parseMarkup(renderHtml(withText(h)), 'html');
      expect(got.elements).toEqual(own);
      expect([...got.texts, ...got.values].some((t) => t.includes(printable(h)))).toBe(true);
    }), RUNS);
  }, ROOM);

  it('conformance.html with its own verdicts (failures open, the answer first, screenshots inline) holds only the writer\'s elements and shows the text', () => {
    const page = renderHtml(withText('x', KEEP_WORDS));
    expect(page).toMatch(/<details open>/);
    expect(page).toMatch(/<ol class="answer">/);
    expect(page).toMatch(/<img src="x"/);
    expect(renderMarkdown(withText('x', KEEP_WORDS))).toMatch(/^- ❔ C7\.4 \(static\) cantTell: x — \[screenshot\]\(x\)/m);
    const own = parseMarkup(page, 'html').elements;
    fc.assert(fc.property(hostile, (h) => {
      const got = parseMarkup(renderHtml(withText(h, KEEP_WORDS)), 'html');
      expect(got.elements).toEqual(own);
      expect([...got.texts, ...got.values].some((t) => t.includes(printable(h)))).toBe(true);
    }), RUNS);
  }, ROOM);

  it('junit.xml is well-formed XML 1.0 with the writer\'s elements only, and shows the text', () => {
    const own = parseMarkup(renderJUnit(benign), 'xml').elements;
    fc.assert(fc.property(hostile, (h) => {
      const got = parseMarkup(renderJUnit(withText(h)), 'xml');
      expect(got.elements).toEqual(own);
      expect(got.values.some((t) => t.includes(printable(h)))).toBe(true);
    }), RUNS);
  }, ROOM);

  it.each([['as text', []], ['with its own verdicts (the answer\'s failures and evidence)', KEEP_WORDS]] as const)('conformance.md (the job summary) keeps every value on its line, shows no raw HTML or syntax of the text\'s, and shows the text: %s', (_n, keep) => {
    fc.assert(fc.property(hostile, (h) => {
      const own = renderMarkdown(benignFor(h, keep)).split('\n');
      const md = renderMarkdown(withText(h, keep));
      const lines = md.split('\n');
      expect(lines.length).toBe(own.length);
      lines.forEach((line, i) => expect(syntaxOf(line), `line ${i + 1}: ${line.slice(0, 300)}`).toBe(syntaxOf(own[i])));
      expect(md).toContain(escapeMarkdown(h));
      expect(unMarkdown(escapeMarkdown(h))).toBe(oneLine(h));
    }), RUNS);
  }, ROOM);

  it('about-this-report.html (a Markdown page as HTML) parses under hostile Markdown, with only its own elements', () => {
    // The page's own elements, and the rest of what the Markdown library writes for Markdown syntax (never an attribute that runs anything).
    const syntax = ['blockquote[]', 'em[]', 'del[]', 'ol[]', 'ol[start]', 'hr[]', 'br[]', 'input[checked,disabled,type]', 'input[disabled,type]', 'th[align]', 'td[align]', 'pre[]',
      ...[1, 2, 3, 4, 5, 6].map((n) => `h${n}[id]`)];
    const own = new Set([...parseMarkup(renderAbout(readFileSync(join(ROOT, 'docs', 'report.md'), 'utf8'), 's'), 'html').elements, ...syntax]);
    fc.assert(fc.property(hostile, (h) => {
      const page = `# ${h}\n\n${h}\n\n- ${h}\n  ${h}\n\n| a | ${h} |\n|---|---|\n| ${h} | \`${h}\` |\n\n\`\`\`\n${h}\n\`\`\`\n\n[l](${h}) **${h}** [${h}](https://x.test/)\n`;
      const got = parseMarkup(renderAbout(page, h), 'html');
      for (const e of got.elements) expect(own, e).toContain(e);
      expect([...got.texts, ...got.values].some((t) => t.includes(printable(h)))).toBe(true);
    }), RUNS);
  }, ROOM);

  const dir = mkdtempSync(join(tmpdir(), 'writers-hostile-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('the console prints each text once, on one line, cut once, with no control characters', () => {
    fc.assert(fc.property(hostile, (h) => {
      writeFileSync(join(dir, 'conformance.json'), JSON.stringify(withText(h)));
      const lines = summaryLines(dir, dir);
      for (const line of lines) {
        expect(line).not.toMatch(/[\x00-\x08\x0a-\x1f\x7f-\x9f]/);
        expect(line.length).toBeLessThanOrEqual(CONSOLE_MAX + 60);
      }
      // A 10,000-character text is shown in a few short lines, never in full again and again.
      expect(lines.join('\n').length).toBeLessThan(lines.length * (CONSOLE_MAX + 60));
      const start = consoleLine(h, Infinity).slice(0, 40).trimEnd();
      if (start) expect(lines.some((l) => l.includes(start))).toBe(true);
    }), RUNS);
  }, ROOM);

  it('a console line is cut once, at a character, saying how much more the report has', () => {
    const long = `${'a'.repeat(CONSOLE_MAX - 1)}😀${'b'.repeat(9_000)}`;
    const line = consoleLine(long);
    expect(line).toBe(`${'a'.repeat(CONSOLE_MAX - 1)}… (9,002 more characters in the report)`);
    expect(consoleLine('a\x1b[31mb\nc')).toBe('a\ufffd[31mb c');
  });
});
