import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLAUSES, type Mode } from '../../spec/clauses';
import { buildReport, selectionKey, type CollectedTest } from '../report/build-report';
import { diffReports, renderDiff } from '../report/diff';
import { renderHtml } from '../report/html';
import { renderJUnit } from '../report/junit';
import { renderMarkdown } from '../report/markdown';
import type { Report } from '../report/model';
import { ROOT } from '../../spec/root';

const schema = JSON.parse(readFileSync(join(ROOT, 'spec', 'schemas', 'report-schema.json'), 'utf8'));
const validate = new Ajv({ allErrors: true }).compile(schema);

function test(mode: Mode, id: string, outcome: CollectedTest['outcome'], extra: Partial<CollectedTest> = {}): CollectedTest {
  const verdict = outcome === 'passed' ? 'passed' : outcome === 'failed' ? 'failed' : outcome === 'flaky' ? 'cantTell' : (extra.skipVerdict ?? 'untested');
  // A test that passed saw its subject (a pass needs one: outcome/subject.ts).
  const observed = verdict === 'passed' ? { observed: [{ noun: 'page' as const, n: 3, where: ['/a', '/b', '/c'] }] } : {};
  return { mode, clauseIds: [id], title: `${id} ${outcome}`, file: 'x.spec.ts', line: 1, outcome, verdict, durationMs: 10, attempts: 1, evidence: [], ...observed, ...extra };
}

function report(tests: CollectedTest[], modes: Mode[] = ['static', 'server'], scope: 'all' | 'selected' = 'all'): Report {
  const selected = new Set(tests.flatMap((t) => t.clauseIds.map((id) => selectionKey(id, t.mode))));
  return buildReport({
    tests, modes, selected, gateScope: scope, targets: modes.map((mode) => ({ mode, url: `http://127.0.0.1/${mode}`, reference: true, profile: 'p.json' })),
    suite: { name: 's', version: '1' }, startedAt: new Date(0), finishedAt: new Date(1000),
  });
}

/** One passing test per applicable normative clause and mode, observing every part that applies. */
const allPassing = (modes: Mode[]) => CLAUSES.filter((c) => c.kind === 'normative').flatMap((c) => modes.filter((m) => c.modes.includes(m)).map((m) => {
  const parts = c.parts?.filter((p) => !p.modes || p.modes.includes(m)).map((p) => p.id);
  return test(m, c.id, 'passed', parts?.length ? { parts } : {});
}));

describe('report', () => {
  it('validates against spec/schemas/report-schema.json', () => {
    const r = report([...allPassing(['static', 'server']), test('static', 'R2.2', 'failed', { error: 'boom', evidence: [{ name: 'screenshot', contentType: 'image/png', path: 'evidence/a.png', sha256: 'a'.repeat(64), bytes: 3 }] })]);
    expect(validate(r), JSON.stringify(validate.errors)).toBe(true);
  });

  it('carries the harness\'s patience and the words of a retry, in the JSON (schema 1.7.0 and later), the HTML and the Markdown', () => {
    const retry = { first: { verdict: 'cantTell' as const, reason: 'waited 30 s for /x' }, runner: { load1: 6.2, cores: 2, factor: 2, source: 'measured' }, cause: 'harness' as const, why: 'the first attempt could not complete its observation: waited 30 s for /x. … counted passed on retry.', counted: 'passed' as const };
    const r = report([...allPassing(['static']).map((t) => (t.clauseIds[0] === 'R2.2' ? { ...t, outcome: 'flaky' as const, attempts: 2, retry } : t))], ['static']);
    r.slow = { factor: 2, source: 'measured', machine: { computeMs: 818, threads: 2, nodeStartMs: 120, computeRatio: 2, nodeStartRatio: 1.85, load1: 1.2, cores: 2, tookMs: 900 } };
    expect(validate(r), JSON.stringify(validate.errors)).toBe(true);
    expect(r.schemaVersion).toBe('1.9.0');
    const html = renderHtml(r);
    expect(html).toMatch(/<dt>Harness patience<\/dt><dd>× 2, measured at the start: reference work took 2× as long/);
    expect(html).toMatch(/Tried again \(1\)[^]*R2\.2[^]*passed on retry[^]*counted passed on retry\./);
    const md = renderMarkdown(r);
    expect(md).toMatch(/- harness patience: × 2, measured at the start/);
    expect(md).toMatch(/### Tried again \(1\)[^]*\*\*R2\.2\*\* \(static\) .* counted \*\*passed on retry\*\* \(the runner's\)/);
  });

  it('passes the gate only when every applicable normative clause passed', () => {
    expect(report(allPassing(['static', 'server'])).gate.passed).toBe(true);
    const r = report(allPassing(['static', 'server']).filter((t) => !(t.clauseIds[0] === 'K9.5' && t.mode === 'server')));
    expect(r.gate.passed).toBe(false);
    expect(r.gate.reasons.join()).toMatch(/K9\.5 \(server\) is untested/);
  });

  it('never reports a pending clause as passed, and marks out-of-mode clauses inapplicable', () => {
    const r = report(allPassing(['static', 'server']));
    for (const c of r.clauses.filter((x) => x.kind === 'pending')) expect(c.results.static!.verdict).toBe('untested');
    expect(r.clauses.find((c) => c.id === 'C7.5')!.results.static!.verdict).toBe('inapplicable');
  });

  it('gates only the selected clauses in a partial run', () => {
    const r = report([test('static', 'K9.5', 'passed')], ['static'], 'selected');
    expect(r.gate.passed).toBe(true);
    expect(r.clauses.find((c) => c.id === 'R2.2')!.results.static!.verdict).toBe('untested');
  });

  it('counts every clause once per mode in the totals', () => {
    fc.assert(fc.property(fc.subarray(allPassing(['static', 'server'])), (tests) => {
      const r = report(tests);
      const sum = (t: Record<string, number>) => Object.values(t).reduce((a, b) => a + b, 0);
      expect(sum(r.totals.static!)).toBe(CLAUSES.length);
      expect(sum(r.totals.all)).toBe(2 * CLAUSES.length);
    }), { numRuns: 30 });
  });

  it('renders HTML, Markdown and JUnit that carry every clause', () => {
    const r = report(allPassing(['static', 'server']));
    const html = renderHtml(r);
    const md = renderMarkdown(r);
    const junit = renderJUnit(r);
    for (const c of CLAUSES) expect(html).toContain(`id="${c.id}"`);
    expect(html).not.toMatch(/<(script|link)[^>]+src=|<link[^>]+href=/); // self-contained
    expect(md).toContain('| K9.5 |');
    expect(junit.match(/<testcase /g)!.length).toBe(2 * CLAUSES.length);
    expect(junit).not.toContain('<failure');
  });

  it('escapes what a target could inject into the HTML', () => {
    const r = report([test('static', 'R2.2', 'failed', { error: '<img src=x onerror=alert(1)>' })], ['static']);
    expect(renderHtml(r)).not.toContain('<img src=x');
  });

  it('lists clauses whose verdict changed between two reports', () => {
    const a = report(allPassing(['static', 'server']));
    const b = report(allPassing(['static', 'server']).map((t) => (t.clauseIds[0] === 'R2.7' && t.mode === 'server' ? { ...t, outcome: 'failed' as const, verdict: 'failed' as const } : t)));
    expect(diffReports(a, a)).toEqual([]);
    expect(diffReports(a, b)).toEqual([{ id: 'R2.7', mode: 'server', before: 'passed', after: 'failed' }]);
    expect(renderDiff(diffReports(a, b))).toMatch(/R2\.7\s+server\s+passed → failed/);
  });
});
