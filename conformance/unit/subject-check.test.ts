import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NORMATIVE } from '../../spec/clauses';
import { judgeClause, type JudgedTest } from '../outcome/clause-verdict';
import type { Count } from '../outcome/subject';
import type { Verdict } from '../outcome/verdict';
import { passedWithoutSubject, subjectCheckMessage, type ReportWithCounts } from '../report/subject-check';
import { ROOT } from '../../spec/root';

const seen: Count[] = [{ noun: 'page', n: 2, where: ['/a', '/b'] }];

describe('a test over report JSON: no passed part or clause with a zero count', () => {
  it('finds a passed clause or part with nothing counted beside it, and nothing else', () => {
    const report: ReportWithCounts = {
      clauses: [
        { id: 'R2.7', results: { static: { verdict: 'passed', observed: seen }, server: { verdict: 'passed' } } },
        { id: 'R2.6', results: { static: { verdict: 'passed', observed: seen, parts: [{ id: 'addresses', verdict: 'passed', observed: seen }, { id: 'grouped-pages', verdict: 'passed', observed: [{ noun: 'page', n: 0 }] }] } } },
        { id: 'C7.2', results: { static: { verdict: 'untested', parts: [{ id: 'text-suffix', verdict: 'untested' }] }, server: { verdict: 'inapplicable' } } },
      ],
    };
    expect(passedWithoutSubject(report)).toEqual(['R2.7 (server)', 'R2.6/grouped-pages (static)']);
    expect(subjectCheckMessage(report, 'x.json')).toMatch(/^x\.json has 2 passed clause\(s\) or part\(s\) with nothing observed/);
    expect(subjectCheckMessage({ clauses: [] })).toBeUndefined();
  });

  it('holds for any report the judge can write (property)', () => {
    const arbVerdict = fc.constantFrom<Verdict>('passed', 'failed', 'cantTell', 'untested', 'inapplicable');
    const arbCounts = fc.array(fc.record({ noun: fc.constantFrom<Count['noun']>('page', 'request'), n: fc.nat({ max: 2 }) }), { maxLength: 2 });
    fc.assert(fc.property(fc.constantFrom(...NORMATIVE), fc.array(fc.record({ verdict: arbVerdict, observed: arbCounts, title: fc.constant('t') }), { maxLength: 4 }), (clause, ways) => {
      const parts = clause.parts?.map((p) => p.id) ?? [];
      const tests: JudgedTest[] = ways.map((w, i) => ({ ...w, staticParts: parts.length ? [parts[i % parts.length]] : undefined }));
      const r = judgeClause(tests, clause.parts, 'server', clause.subject);
      expect(passedWithoutSubject({ clauses: [{ id: clause.id, results: { server: r } }] })).toEqual([]);
    }), { numRuns: 300 });
  });

  it('holds for every report written under reports/ in this checkout', () => {
    const found: string[] = [];
    const walk = (dir: string, depth: number): void => {
      let names: string[];
      try { names = readdirSync(dir); } catch { return; }
      for (const n of names) {
        const p = join(dir, n);
        if (n === 'conformance.json') found.push(p);
        else if (depth < 4 && !n.startsWith('.') && n !== 'evidence' && statSync(p).isDirectory()) walk(p, depth + 1);
      }
    };
    walk(join(ROOT, 'reports'), 0);
    for (const f of found) {
      const report = JSON.parse(readFileSync(f, 'utf8')) as ReportWithCounts;
      // Reports written before counts existed (schema < 1.3.0) carry none to check.
      if (!report.schemaVersion || report.schemaVersion < '1.3.0') continue;
      expect(passedWithoutSubject(report), f).toEqual([]);
    }
  });
});
