import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judgeClause, judgeWhole, type JudgedTest, type PartDef } from '../outcome/clause-verdict';
import type { Verdict } from '../outcome/verdict';

const ROWS: PartDef[] = ['400', '404', '405', '500', 'other'].map((id) => ({ id, text: id }));
const R25: PartDef[] = [
  { id: 'client', text: 'client' },
  { id: 'server', text: 'server', modes: ['server'] },
  { id: 'digest', text: 'digest', optional: true, modes: ['server'] },
];
const t = (verdict: Verdict, staticParts?: string[], extra: Partial<JudgedTest> = {}): JudgedTest => ({ title: `${verdict} ${staticParts?.join(',') ?? ''}`, verdict, staticParts, ...extra });
const arbVerdict = fc.constantFrom<Verdict>('passed', 'failed', 'cantTell', 'untested', 'inapplicable');

describe('a clause with parts', () => {
  it('is untested, not passed, when only some rows were observed (R2.3 on a 14.2 export)', () => {
    const r = judgeClause([t('passed', ['404']), t('untested', ['400'], { reason: 'no 400 page' })], ROWS, 'static');
    expect(r.verdict).toBe('untested');
    expect(r.reason).toContain('parts passed: 404');
    expect(r.reason).toContain('400 (no 400 page');
    expect(r.parts?.find((p) => p.id === '404')?.verdict).toBe('passed');
  });

  it('passes when every part that applies passed', () => {
    expect(judgeClause(ROWS.map((p) => t('passed', [p.id])), ROWS, 'server').verdict).toBe('passed');
    expect(judgeClause([t('passed', ['client'])], R25, 'static').verdict).toBe('passed');
  });

  it('does not let an optional part that is absent keep the clause from passing', () => {
    const r = judgeClause([t('passed', ['client']), t('passed', ['server']), t('untested', ['digest'], { reason: 'no digest line' })], R25, 'server');
    expect(r.verdict).toBe('passed');
    expect(r.parts?.find((p) => p.id === 'digest')?.verdict).toBe('inapplicable');
  });

  it('fails when a part is contradicted, whatever the others say', () => {
    fc.assert(fc.property(fc.array(fc.tuple(arbVerdict, fc.constantFrom(...ROWS.map((p) => p.id)))), fc.constantFrom(...ROWS.map((p) => p.id)), (others, bad) => {
      const r = judgeClause([...others.map(([v, p]) => t(v, [p])), t('failed', [bad])], ROWS, 'server');
      expect(r.verdict).toBe('failed');
    }));
  });

  it('is never passed unless every required part has a passed observation and none failed or could not complete', () => {
    fc.assert(fc.property(fc.array(fc.tuple(arbVerdict, fc.constantFrom(...ROWS.map((p) => p.id)))), (obs) => {
      const r = judgeClause(obs.map(([v, p]) => t(v, [p])), ROWS, 'server');
      if (r.verdict === 'passed') {
        for (const p of ROWS) expect(obs.some(([v, id]) => id === p.id && v === 'passed')).toBe(true);
        expect(obs.some(([v]) => v === 'failed' || v === 'cantTell')).toBe(false);
      }
    }));
  });

  it('takes part outcomes recorded inside a test over the test\'s own verdict', () => {
    const r = judgeClause([t('failed', undefined, { outcomes: [{ part: '400', verdict: 'passed' }, { part: '405', verdict: 'failed', reason: 'saw "Method Not Supported"' }] })], ROWS, 'server');
    expect(r.verdict).toBe('failed');
    expect(r.reason).toContain('part 405 failed: saw "Method Not Supported"');
  });

  it('keeps a failure outside any part as the clause\'s failure', () => {
    const r = judgeClause([t('failed', undefined, { reason: 'boom', outcomes: [{ part: 'client', verdict: 'passed' }] })], R25, 'static');
    expect(r.verdict).toBe('failed');
  });

  it('is cantTell when a part could not be observed to the end', () => {
    const r = judgeClause([t('passed', ['client']), t('cantTell', ['server'], { reason: 'waited 10 s for the page' })], R25, 'server');
    expect(r.verdict).toBe('cantTell');
  });
});

describe('a clause without parts', () => {
  it('follows failed > cantTell > untested > passed > inapplicable', () => {
    expect(judgeWhole([]).verdict).toBe('untested');
    expect(judgeWhole([t('passed'), t('untested')]).verdict).toBe('untested');
    expect(judgeWhole([t('passed'), t('cantTell'), t('untested')]).verdict).toBe('cantTell');
    expect(judgeWhole([t('passed'), t('failed'), t('cantTell')]).verdict).toBe('failed');
    expect(judgeWhole([t('passed'), t('inapplicable')]).verdict).toBe('passed');
    expect(judgeWhole([t('inapplicable')]).verdict).toBe('inapplicable');
  });

  it('never passes a clause with a test that did not pass or was not inapplicable', () => {
    fc.assert(fc.property(fc.array(arbVerdict, { minLength: 1 }), (vs) => {
      const r = judgeWhole(vs.map((v) => t(v)));
      if (r.verdict === 'passed') expect(vs.every((v) => v === 'passed' || v === 'inapplicable')).toBe(true);
      if (vs.includes('failed')) expect(r.verdict).toBe('failed');
    }));
  });
});
