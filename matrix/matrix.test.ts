import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { actualOf, cellOf, exitCodeOf, rowsOf, totalsOf, type ClauseLike, type ReportLike } from './cells';
import { MATRIX_SCHEMA_VERSION, type Matrix, type MatrixColumn } from './model';
import { renderMatrixHtml, renderMatrixMarkdown } from './render';
import { ROOT } from '../spec/root';

const clauses: ClauseLike[] = [
  { id: 'R2.5', title: 'Global failure page', kind: 'normative', modes: ['static', 'server'], parts: [
    { id: 'client', text: 'client text' },
    { id: 'server', text: 'server text', modes: ['server'] },
    { id: 'digest', text: 'It may add a digest line.', optional: true, modes: ['server'] },
  ] },
  { id: 'K9.5', title: 'Prefetching runs 5 requests at a time', kind: 'normative', modes: ['static', 'server'] },
  { id: 'P1', title: 'Purpose', kind: 'pending', modes: ['static', 'server'] },
];
const column = (over: Partial<MatrixColumn> = {}): MatrixColumn => ({
  id: 'next-16-static', implementation: 'next-16', build: 'next-16-static', next: '16.4.6', config: 'default',
  mode: 'static', host: 'serve-handler', status: 'judged', report: 'next-16-static/conformance.html', ...over,
});
const report: ReportLike = {
  clauses: [
    { id: 'R2.5', results: { static: { verdict: 'failed', reason: 'said "This page couldn’t load"', parts: [{ id: 'client', verdict: 'failed', reason: 'said "This page couldn’t load"' }] } } },
    { id: 'K9.5', results: { static: { verdict: 'failed', reason: 'at most 4 in flight' } } },
  ],
};

describe('matrix rows', () => {
  it('are the normative clauses, each followed by its parts', () => {
    expect(rowsOf(clauses).map((r) => r.id)).toEqual(['R2.5', 'R2.5/client', 'R2.5/server', 'R2.5/digest', 'K9.5']);
    expect(rowsOf(clauses).find((r) => r.id === 'R2.5/digest')?.optional).toBe(true);
  });
});

describe('reading a run\'s report', () => {
  const rows = rowsOf(clauses);
  const row = (id: string) => rows.find((r) => r.id === id)!;

  it('takes a clause verdict from results[mode] and a part verdict from its parts', () => {
    expect(actualOf(report, row('K9.5'), 'static', clauses).verdict).toBe('failed');
    expect(actualOf(report, row('R2.5/client'), 'static', clauses)).toEqual({ verdict: 'failed', reason: 'said "This page couldn’t load"' });
  });

  it('counts a part outside its modes as inapplicable when the report leaves it out', () => {
    expect(actualOf(report, row('R2.5/server'), 'static', clauses).verdict).toBe('inapplicable');
  });

  it('leaves a part unknown when a report without parts (schema 1.0) does not list it', () => {
    const old: ReportLike = { clauses: [{ id: 'R2.5', results: { static: { verdict: 'passed' } } }] };
    expect(actualOf(old, row('R2.5/client'), 'static', clauses)).toEqual({});
  });
});

describe('comparing a cell with its expected verdict', () => {
  const [r] = rowsOf(clauses).filter((x) => x.id === 'K9.5');
  const exp = { verdict: 'failed' as const, because: 'at most 4 prefetches in flight', cite: ['dist/client/components/segment-cache/scheduler.js:243'] };

  it('is expected when the verdicts are equal', () => {
    expect(cellOf(r, column(), { verdict: 'failed' }, exp).match).toBe('expected');
  });

  it('is unexpected when they differ, and keeps both with the citation', () => {
    const c = cellOf(r, column(), { verdict: 'passed' }, exp);
    expect(c).toMatchObject({ match: 'unexpected', verdict: 'passed', expected: 'failed', cite: exp.cite });
    expect(exitCodeOf([c], [column()])).toBe(1);
  });

  it('is not reported when the run gave no verdict, and not judged when the column has no report', () => {
    expect(cellOf(r, column(), {}, exp).match).toBe('not-reported');
    expect(cellOf(r, column({ status: 'build-failed' }), undefined, exp).match).toBe('not-judged');
  });

  it('makes the matrix fail when a selected column could not be judged', () => {
    expect(exitCodeOf([], [column({ status: 'run-failed' })])).toBe(1);
    expect(exitCodeOf([cellOf(r, column(), { verdict: 'failed' }, exp)], [column()])).toBe(0);
  });
});

function sample(): Matrix {
  const rows = rowsOf(clauses);
  const col = column();
  const cells = rows.map((row) => cellOf(row, col, actualOf(report, row, 'static', clauses), row.id === 'K9.5' ? { verdict: 'passed', because: 'a queue of 5', cite: ['dist/x.js:1'] } : undefined));
  return {
    schema: 'spec-conformance-matrix', schemaVersion: MATRIX_SCHEMA_VERSION, generatedAt: '2025-01-01T00:00:00.000Z', suite: { gitSha: 'abc123' },
    columns: [col, column({ id: 'next-16-server', build: 'next-16-server', mode: 'server', host: 'next-start', status: 'build-failed', error: 'next build failed', report: undefined })],
    rows, cells, totals: totalsOf(cells), timings: { totalMs: 61_000, steps: [{ step: 'next-16-static: build', ms: 17_000 }] },
  };
}

describe('matrix.json', () => {
  it('is valid against spec/schemas/matrix-schema.json', () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'spec', 'schemas', 'matrix-schema.json'), 'utf8'));
    const validate = new Ajv({ allErrors: true }).compile(schema);
    const ok = validate(JSON.parse(JSON.stringify(sample())));
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
    const withSite = sample();
    withSite.columns[0].site = 'mixed';
    expect(validate(JSON.parse(JSON.stringify(withSite)))).toBe(true);
    (withSite.columns[0] as { site: string }).site = 'other';
    expect(validate(JSON.parse(JSON.stringify(withSite)))).toBe(false);
  });
});

describe('matrix rendering', () => {
  it('Markdown has a row per clause and part, a column per run linking to its report, and lists unexpected cells', () => {
    const md = renderMatrixMarkdown(sample());
    expect(md).toContain('[next-16-static](next-16-static/conformance.html)');
    expect(md).toMatch(/\| \*\*K9\.5\*\* Prefetching runs 5 requests at a time \| \*\*FAIL\*\* ⚠ \(expected pass\) \|/);
    expect(md).toContain('&nbsp;&nbsp;R2.5/client');
    expect(md).toContain('## Unexpected cells');
    expect(md).toContain('- next-16-server: build-failed — next build failed');
  });

  it('HTML is one self-contained page whose verdicts link to the run\'s report', () => {
    const page = renderMatrixHtml(sample());
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).not.toMatch(/<script|<link |src="http/);
    expect(page).toContain('href="next-16-static/conformance.html#K9.5"');
    expect(page).toContain('class="v failed unexpected"');
  });

  it('names the site of a Pages Router or mixed column (header and Markdown legend)', () => {
    const m = sample();
    m.columns[0] = { ...m.columns[0], id: 'next-14.2-pages-static', site: 'pages-router' };
    expect(renderMatrixHtml(m)).toContain('<div class="sub">Pages Router · serve-handler</div>');
    expect(renderMatrixHtml(m)).toContain('Pages Router template · static');
    expect(renderMatrixMarkdown(m)).toContain('Sites: pages-router = Pages Router template (next-14.2-pages-static)');
    expect(renderMatrixMarkdown(sample())).not.toContain('Sites:');
  });

  it('HTML escapes texts from reports', () => {
    const m = sample();
    m.cells[0].reason = '<img src=x onerror=alert(1)>';
    expect(renderMatrixHtml(m)).not.toContain('<img src=x');
  });
});
