import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { type Mode } from '../../spec/clauses';
import { knownDeviation, presetsFor } from '../expectations/known';
import { loadPresets, resolveExpectations } from '../expectations/model';
import { markdownToHtml } from '../report/markdown-html';
import { renderHtml } from '../report/html';
import { renderJUnit } from '../report/junit';
import { renderMarkdown } from '../report/markdown';
import { ROOT } from '../../spec/root';
import { next16, report, test, tests } from './report-fixture';

const reportSchema = new Ajv({ allErrors: true }).compile(JSON.parse(readFileSync(join(ROOT, 'spec', 'schemas', 'report-schema.json'), 'utf8')));
const fileSchema = new Ajv({ allErrors: true }).compile(JSON.parse(readFileSync(join(ROOT, 'spec', 'schemas', 'expectations.schema.json'), 'utf8')));
const dir = mkdtempSync(join(tmpdir(), 'expectations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Files are named relative to where the command was started: here, the test's own folder.
const resolve = (...inputs: Parameters<typeof resolveExpectations>[0]) => resolveExpectations(inputs, dir, undefined, dir);
const file = (name: string, data: unknown) => {
  writeFileSync(join(dir, name), JSON.stringify(data));
  return name;
};

describe('expectations: resolve and validate', () => {
  it('loads the shipped presets with their source, reason, cite and link', () => {
    const list = resolve('next@16');
    expect(list.map((e) => `${e.clause}${e.mode ? ` ${e.mode}` : ''}`)).toEqual(['R2.5/client', 'R2.5/server', 'R2.5', 'K9.3/fresh-29 static', 'K9.3/fresh-29 server', 'K9.3 static', 'K9.3 server', 'K9.5']);
    for (const e of list) {
      expect(e.source).toBe('preset next@16');
      expect(e.verdict).toBe('failed');
      expect(e.cite?.[0]).toMatch(/^next@16\.\d+\.\d+ dist\/.+\.js:\d+$/);
      expect(e.link).toMatch(/^https:\/\/unpkg\.com\/next@16\./);
    }
    expect(resolve('next@14.2')).toEqual([]);
    // 15.5 fails K9.3 in server delivery with the default next.config only: one preset per config.
    expect(resolve('next@15.5').map((e) => `${e.clause}${e.mode ? ` ${e.mode}` : ''}`)).toEqual(['R2.5/client', 'R2.5/server', 'R2.5', 'K9.3/fresh-29 server', 'K9.3 server']);
    expect(resolve('next@15.5+stale').map((e) => e.clause)).toEqual(['R2.5/client', 'R2.5/server', 'R2.5']);
  });

  it('reads a file (a list, or an object with a list) relative to the base folder, in order', () => {
    const a = file('a.json', [{ clause: 'C7.3', verdict: 'untested', reason: 'no deploymentId' }]);
    const b = file('b.json', { expectations: [{ clause: 'C7.3/build-id', mode: 'static', verdict: 'untested', reason: 'no deploymentId', link: 'https://example.com' }] });
    const list = resolve('next@16', a, b, [{ clause: 'K9.5', verdict: 'passed', reason: 'fixed here', source: 'config: x.json' }]);
    expect(list.slice(-3).map((e) => e.clause)).toEqual(['C7.3', 'C7.3/build-id', 'K9.5']);
    expect(list.at(-3)!.source).toBe('file: a.json');
    expect(list.at(-1)!.source).toBe('config: x.json');
  });

  it('names what is wrong, with the input and the entry', () => {
    const bad = (entry: unknown) => () => resolve(file('bad.json', [entry]));
    expect(() => resolve('next@17')).toThrow(/Unknown expectations preset "next@17": the package ships next@14.2, next@14.2\+mixed, next@14.2\+pages-router, next@15.5, next@15.5\+mixed, next@15.5\+pages-router, next@15.5\+stale, next@16/);
    expect(() => resolve('missing.json')).toThrow(/missing\.json does not exist/);
    expect(bad({ clause: 'R9.9', verdict: 'failed', reason: 'x' })).toThrow(/bad\.json, entry 1 \(R9\.9\): unknown clause "R9\.9"/);
    expect(bad({ clause: 'R2.5/foo', verdict: 'failed', reason: 'x' })).toThrow(/unknown part "foo" of R2\.5 \(its parts are client, server, digest\)/);
    expect(bad({ clause: 'P1', verdict: 'failed', reason: 'x' })).toThrow(/P1 is pending: only normative clauses are judged/);
    expect(bad({ clause: 'R2.5/server', mode: 'static', verdict: 'failed', reason: 'x' })).toThrow(/R2\.5\/server does not apply in static delivery/);
    expect(bad({ clause: 'C7.5', mode: 'static', verdict: 'failed', reason: 'x' })).toThrow(/C7\.5 does not apply in static delivery/);
    expect(bad({ clause: 'R2.5', verdict: 'fail', reason: 'x' })).toThrow(/"verdict" must be one of passed, failed, cantTell, inapplicable, untested, not "fail"/);
    expect(bad({ clause: 'R2.5', verdict: 'failed' })).toThrow(/"reason" is required/);
    expect(bad({ clause: 'R2.5', verdict: 'failed', reason: 'x', because: 'y' })).toThrow(/unknown key "because"/);
    expect(bad({ clause: 'R2.5', mode: 'both', verdict: 'failed', reason: 'x' })).toThrow(/"mode" must be static or server/);
  });

  it('the shipped presets and the fixture follow spec/schemas/expectations.schema.json', () => {
    for (const p of loadPresets().values()) expect(fileSchema(p), JSON.stringify(fileSchema.errors)).toBe(true);
    const fixture = JSON.parse(readFileSync(join(ROOT, 'fixtures', 'implementations', 'expectations.json'), 'utf8'));
    expect(fileSchema(fixture), JSON.stringify(fileSchema.errors)).toBe(true);
    const site = resolveExpectations([join(ROOT, 'fixtures', 'implementations', 'expectations.json')], ROOT, undefined, ROOT);
    expect(site.map((e) => e.clause)).toEqual(['C7.3', 'C7.3/build-id']);
    // A relative link is read from the file's folder and named from where the command was started (no path of this machine).
    expect(site[0].link).toBe(join('docs', 'implementations.md'));
    expect(existsSync(join(ROOT, site[0].link!))).toBe(true);
  });
});

describe('expectations: the gate', () => {
  it('without expectations a Next 16 site fails the gate, each known deviation named', () => {
    const r = report(tests(['static'], next16), { modes: ['static'], version: '16.4.6' });
    expect(r.gate.passed).toBe(false);
    expect(r.gate.reasons).toHaveLength(3);
    expect(r.gate.reasons[0]).toMatch(/^R2\.5\/client \(static\) is failed \(a known deviation of Next 16\.4: the default global error reads "This page couldn’t load", not the spec's text \(next@16\.4\.6 dist\/client\/components\/builtin\/global-error\.js:46\); expect it with --expectations next@16\)/);
    const r25 = r.clauses.find((c) => c.id === 'R2.5')!.results.static!;
    expect(r25.gate).toBe('unexpected');
    expect(r25.knownDeviations!.map((d) => d.of)).toEqual(['R2.5', 'R2.5/client']);
    expect(r.expectations).toBeUndefined();
    expect(reportSchema(r), JSON.stringify(reportSchema.errors)).toBe(true);
  });

  it('with the Next 16 preset the same site passes, its failures kept apart as expected', () => {
    const r = report(tests(['static', 'server'], next16), { expectations: resolve('next@16'), version: '16.4.6' });
    expect(r.gate.reasons).toEqual([]);
    expect(r.gate.passed).toBe(true);
    expect(r.totals.all.failed).toBe(6); // verdicts are unchanged: R2.5, K9.3 and K9.5 in both modes
    expect(r.expectations!.expected).toEqual({ static: 3, server: 3, all: 6 });
    expect(r.expectations!.unused).toEqual([]);
    expect(r.gate.expected!.some((x) => /^R2\.5\/server \(server\) is failed, as expected: .*\[preset next@16\]$/.test(x))).toBe(true);
    expect(r.clauses.find((c) => c.id === 'R2.5')!.results.server!.gate).toBe('expected');
    expect(r.clauses.find((c) => c.id === 'R2.2')!.results.server!.gate).toBe('ok');
    expect(reportSchema(r), JSON.stringify(reportSchema.errors)).toBe(true);
  });

  it('fails on an unexpected pass, naming the clause or part and saying to remove its expectation', () => {
    const r = report(tests(['static'], { 'K9.5': next16['K9.5'] }), { modes: ['static'], expectations: resolve('next@16') });
    expect(r.gate.passed).toBe(false);
    expect(r.gate.reasons).toContain('R2.5/client (static) now passes: remove its expectation (expected failed: the default global error reads "This page couldn’t load", not the spec\'s text; preset next@16)');
    expect(r.gate.reasons.some((x) => x.startsWith('R2.5 (static) now passes: remove its expectation'))).toBe(true);
    expect(r.clauses.find((c) => c.id === 'K9.5')!.results.static!.gate).toBe('expected');
    const html = renderHtml(r);
    expect(html).toContain('unexpected pass');
    expect(renderMarkdown(r)).toContain('— **unexpected pass**');
    expect(renderJUnit(r)).toMatch(/<testcase classname="conformance.static" name="R2.5 [^"]*" time="[^"]*"><failure type="passed" message="R2.5 \(static\) now passes: remove its expectation/);
  });

  it('fails on a verdict other than the expected one (untested where failed is expected)', () => {
    const r = report(tests(['static'], { ...next16, 'K9.5': (m) => [test(m, 'K9.5', 'untested', { reason: 'no page left waiting' })] }), { modes: ['static'], expectations: resolve('next@16') });
    expect(r.gate.reasons).toEqual(['K9.5 (static) is untested (not set up by the run), not failed as expected (the segment-cache scheduler runs at most 4 prefetches at a time (12 for a hovered link); preset next@16): no page left waiting']);
  });

  it('waives only the parts it names: another part failing under a waived clause fails the gate', () => {
    const list = resolve([{ clause: 'R2.5/client', verdict: 'failed', reason: 'framework text' }]);
    const ok = report(tests(['server'], { 'R2.5': (m) => [test(m, 'R2.5', 'failed', { partOutcomes: [{ part: 'client', verdict: 'failed' }, { part: 'server', verdict: 'passed' }] })] }), { modes: ['server'], expectations: list });
    expect(ok.gate.reasons).toEqual([]);
    expect(ok.clauses.find((c) => c.id === 'R2.5')!.results.server!.gate).toBe('expected');
    const bad = report(tests(['server'], next16), { modes: ['server'], expectations: list });
    expect(bad.gate.reasons.join('\n')).toMatch(/^R2\.5\/server \(server\) is failed, and no expectation of R2\.5 covers it/m);
    expect(bad.gate.reasons.join('\n')).toMatch(/^K9\.5 \(server\) is failed/m);
  });

  it('a mode-specific expectation holds in that mode only; later inputs override earlier ones', () => {
    const list = resolve('next@16', [{ clause: 'K9.5', mode: 'server', verdict: 'passed', reason: 'our site raises the limit' }]);
    const r = report(tests(['static', 'server'], { ...next16, 'K9.5': (m) => [test(m, 'K9.5', m === 'static' ? 'failed' : 'passed')] }), { expectations: list });
    expect(r.gate.reasons).toEqual([]);
    expect(r.clauses.find((c) => c.id === 'K9.5')!.results.server!.gate).toBe('ok');
  });

  it('a site expectation of untested (C7.3 with no deploymentId) is expected, and shown apart in every format', () => {
    const list = resolveExpectations([join(ROOT, 'fixtures', 'implementations', 'expectations.json')], ROOT);
    const c73 = (m: Mode) => [test(m, 'C7.3', 'untested', { partOutcomes: [{ part: 'target', verdict: 'passed' }, { part: 'current', verdict: 'passed' }, { part: 'router-state', verdict: 'passed' }, { part: 'build-id', verdict: 'untested', reason: 'no build identifier' }] })];
    const r = report(tests(['static'], { 'C7.3': c73 }), { modes: ['static'], expectations: list, version: '14.2.35' });
    expect(r.gate.passed).toBe(true);
    expect(r.expectations!.expected.all).toBe(1);
    const junit = renderJUnit(r);
    expect(junit).not.toContain('<failure');
    expect(junit).toMatch(/name="C7.3 [^"]*" time="[^"]*"><skipped message="expected untested \(accepted\): C7.3 untested: /);
    const md = renderMarkdown(r);
    // The answer first: judged 16 of 17 … with C7.3 not judged, as the team accepted; the accepted verdicts apart, with their reason.
    expect(md.split('\n').slice(0, 8).join('\n')).toMatch(/\*\*static\*\*.*: judged \d+ of \d+ applicable clauses \(\d+ of \d+ parts\): \d+ passed, 0 failed; 1 not judged \(untested 1: 1 not set up by the run; 1 of them expected\)/);
    expect(md).toMatch(/\*\*Accepted\*\*, not counted against the gate \(2\):\n- C7\.3 \(static\) untested, accepted: [^\n]*\n- C7\.3\/build-id \(static\) untested, accepted: /);
    expect(md).toMatch(/Accepted by the team, not passed \(2\):/);
    expect(md).toContain('⏸ untested · not set up by the run (accepted)');
    const html = renderHtml(r);
    expect(html).toContain('Expected verdicts — accepted by the team or known deviations of the framework, not counted against the gate (2)');
    expect(html).toContain('<span class="badge expected"');
    expect(reportSchema(r), JSON.stringify(reportSchema.errors)).toBe(true);
  });

  it('lists expectations that applied to nothing judged (a mode not run, a clause outside the selection)', () => {
    const r = report(tests(['static'], next16), { modes: ['static'], expectations: resolve('next@16') });
    expect(r.expectations!.unused.map((e) => `${e.clause}${e.mode ? ` ${e.mode}` : ''}`)).toEqual(['R2.5/server', 'K9.3/fresh-29 server', 'K9.3 server']);
    const sel = report([test('static', 'R2.2', 'passed', { parts: ['direct', 'link'] })], { modes: ['static'], scope: 'selected', expectations: resolve('next@16') });
    expect(sel.gate.passed).toBe(true);
    expect(sel.expectations!.unused).toHaveLength(8);
    expect(sel.clauses.find((c) => c.id === 'R2.5')!.results.static!.gate).toBe('ungated');
  });
});

describe('known deviations and the legend', () => {
  it('matches a detected version to the preset of its table key', () => {
    const presets = [...loadPresets().values()];
    expect(presetsFor(presets, '16.4.6').map((p) => p.preset)).toEqual(['next@16']);
    expect(presetsFor(presets, '16.1.0').map((p) => p.preset)).toEqual(['next@16']);
    expect(presetsFor(presets, '15.5.29').map((p) => p.preset)).toEqual(['next@15.5', 'next@15.5+mixed', 'next@15.5+pages-router', 'next@15.5+stale']);
    expect(knownDeviation(presetsFor(presets, '15.5.29'), 'K9.3', 'server', '15.5.29')!.note).toMatch(/^a known deviation of Next 15\.5 with the default next\.config: /);
    expect(knownDeviation(presetsFor(presets, '15.5.29'), 'K9.3', 'static', '15.5.29')).toBeUndefined();
    expect(presetsFor(presets, '15.4.0')).toEqual([]);
    expect(presetsFor(presets, undefined)).toEqual([]);
    expect(knownDeviation(presetsFor(presets, '16.1.0'), 'K9.5', 'static', '16.1.0')!.note).toMatch(/^a known deviation of Next 16\.1 \(seen in next@16\.4\.6; this site runs 16\.1\.0\): the segment-cache scheduler/);
    expect(knownDeviation(presetsFor(presets, '16.4.6'), 'R2.2', 'static', '16.4.6')).toBeUndefined();
  });

  it('the HTML has a legend of every verdict word and of expected failures, and links the page explaining the report', () => {
    const html = renderHtml(report(tests(['static']), { modes: ['static'] }));
    // A legend entry may name two words of one kind (accepted and known deviation share one meaning).
    const badge = '<span class="badge [a-zA-Z]+">[^<]+</span>';
    for (const w of ['passed', 'failed', 'cantTell', 'untested', 'inapplicable', 'accepted', 'known deviation', 'unexpected pass']) {
      expect(html).toMatch(new RegExp(`<dt>(?:${badge} )*<span class="badge [a-zA-Z]+">${w}</span>(?: ${badge})*</dt><dd>`));
    }
    expect(html).toContain('<a href="about-this-report.html">how to read this report</a>');
  });

  it('renders docs/report.md (the page the report links to) as HTML', () => {
    const page = markdownToHtml(readFileSync(join(ROOT, 'docs', 'report.md'), 'utf8'));
    expect(page).toContain('<h1 id="reading-the-conformance-report">');
    expect(page).toMatch(/<table>\s*<thead>\s*<tr>\s*<th>verdict<\/th>/);
    expect(page).toContain('<code>cantTell</code>');
    expect(page).toContain('<em>judged</em>');
    // No Markdown left as text, and no raw comment of the generated sections.
    expect(page).not.toMatch(/\]\(|\*\*|\*judged\*|<!--|&lt;!--/);
  });
});
