import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fitSummary, JOB_SUMMARY_LIMIT } from '../report/job-summary';
import { writeReport } from '../report/write';
import { report, test, tests } from './report-fixture';
import { command } from './command';

// Bounds with a reason: the job summary within the CI's 1 MiB, expectations deduplicated (the workers' cap: workers.test.ts).
const dir = mkdtempSync(join(tmpdir(), 'bounds-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the job summary within the CI\'s 1 MiB per step', () => {
  const big = ['## Conformance: gate FAILED', '', '<details><summary>every clause</summary>', '', '| a | b |', '|---|---|', ...Array.from({ length: 60_000 }, (_, i) => `| row ${i} | ${'x'.repeat(20)} |`), '', '</details>'].join('\n');

  it('appends a report that fits as it is', () => {
    expect(fitSummary('## small\n', 0, 'reports/conformance.md')).toEqual({ text: '## small\n\n', cut: false });
  });
  it('cuts a larger one at a line, closes its <details>, and points to the full report, within the limit with what the file holds', () => {
    for (const already of [0, 500_000, JOB_SUMMARY_LIMIT - 1_000]) {
      const { text, cut } = fitSummary(big, already, 'reports/conformance.md');
      expect(cut).toBe(true);
      expect(already + Buffer.byteLength(text)).toBeLessThanOrEqual(JOB_SUMMARY_LIMIT);
      expect(text).toMatch(/\*\*The summary is cut here\*\* to fit the CI's limit of 1,048,576 bytes per step: the full report is reports\/conformance\.md \(and conformance\.html beside it\)\.\n\n$/);
      expect(text.split('\n').filter((l) => l.startsWith('| row ')).every((l) => /^\| row \d+ \| x{20} \|$/.test(l))).toBe(true);
      if (text.includes('<details>')) expect(text).toContain('</details>');
    }
    // A file already at the limit gets nothing more.
    expect(fitSummary(big, JOB_SUMMARY_LIMIT, 'r')).toEqual({ text: '', cut: true });
  });
});

describe('the command under large inputs', () => {
  const judge = command;
  const k95 = { 'K9.5': (m: 'static' | 'server') => [test(m, 'K9.5', 'failed', { reason: 'observed 4 in flight' })] };

  it('5,000 repeated expectations: one kept, said in a line; the report and the job summary stay small', async () => {
    const cwd = mkdtempSync(join(dir, 'repeated-'));
    writeReport(report(tests(['static'], k95), { modes: ['static'] }), join(cwd, 'reports'));
    writeFileSync(join(cwd, 'team.json'), JSON.stringify(Array.from({ length: 5_000 }, () => ({ clause: 'K9.5', verdict: 'failed', reason: 'four in flight' }))));
    const summary = join(cwd, 'summary.md');
    const done = await judge(cwd, ['--from-report', '--expectations', 'team.json', '--summary', summary]);
    expect(done.code).toBe(0);
    expect(done.text).toMatch(/^Expectations: 4,999 left out, each repeated or replaced by a later one for the same clause and mode\.$/m);
    expect(statSync(join(cwd, 'reports', 'conformance.json')).size).toBeLessThan(500_000);
    expect(statSync(summary).size).toBeLessThan(50_000);
  });

  it('5,000 repeated expectations inline in a config: each source named once, in the console and the report', async () => {
    const cwd = mkdtempSync(join(dir, 'inline-'));
    writeReport(report(tests(['static'], k95), { modes: ['static'] }), join(cwd, 'reports'));
    writeFileSync(join(cwd, 'cfg.json'), JSON.stringify({ targets: [{ url: 'http://127.0.0.1:9', mode: 'static' }], expectations: Array.from({ length: 5_000 }, () => ({ clause: 'K9.5', verdict: 'failed', reason: 'four in flight' })) }));
    const done = await judge(cwd, ['--from-report', '--config', 'cfg.json']);
    expect(done.code).toBe(0);
    const line = done.text.split('\n').find((l) => l.startsWith('Expectations: ') && !l.includes('left out')) ?? '';
    expect(line).toMatch(/^Expectations: \S*cfg\.json \(1\)$/);
    expect(statSync(join(cwd, 'reports', 'conformance.json')).size).toBeLessThan(500_000);
  });

  it('a job summary file near the limit: the report cut to fit, and said so', async () => {
    const cwd = mkdtempSync(join(dir, 'summary-'));
    writeReport(report(tests(['static'], k95), { modes: ['static'] }), join(cwd, 'reports'));
    const summary = join(cwd, 'summary.md');
    writeFileSync(summary, 'x'.repeat(JOB_SUMMARY_LIMIT - 3_000));
    const done = await judge(cwd, ['--from-report', '--summary', summary]);
    expect(done.code).toBe(1);
    expect(done.text).toMatch(/^Summary: reports\/conformance\.md cut to fit the CI's 1 MiB per step, and appended to summary\.md$/m);
    expect(statSync(summary).size).toBeLessThanOrEqual(JOB_SUMMARY_LIMIT);
    expect(readFileSync(summary, 'utf8')).toMatch(/the full report is reports\/conformance\.md/);
  });
});
