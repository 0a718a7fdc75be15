import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judgeClause, judgeWhole, type JudgedTest, type PartDef } from '../outcome/clause-verdict';
import { total, type Count } from '../outcome/subject';
import type { Verdict } from '../outcome/verdict';

const ROWS: PartDef[] = ['400', '404', '405', '500', 'other'].map((id) => ({ id, text: id }));
const R25: PartDef[] = [
  { id: 'client', text: 'client' },
  { id: 'server', text: 'server', modes: ['server'] },
  { id: 'digest', text: 'digest', optional: true, modes: ['server'] },
];
/** A test's observation; one that passed saw its subject once unless told otherwise. */
const SEEN: Count[] = [{ noun: 'page', n: 1, where: ['/x'] }];
const t = (verdict: Verdict, staticParts?: string[], extra: Partial<JudgedTest> = {}): JudgedTest => ({ title: `${verdict} ${staticParts?.join(',') ?? ''}`, verdict, staticParts, ...(verdict === 'passed' ? { observed: SEEN } : {}), ...extra });
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

  // A required part every way of which is inapplicable here is one this deployment cannot show (a static
  // export answers no 400): not asked of it once another part passed (docs/report.md), and never passed itself.
  it('is never passed unless every required part this deployment can show has a passed observation and none failed or could not complete', () => {
    fc.assert(fc.property(fc.array(fc.tuple(arbVerdict, fc.constantFrom(...ROWS.map((p) => p.id)))), (obs) => {
      const r = judgeClause(obs.map(([v, p]) => t(v, [p])), ROWS, 'server');
      if (r.verdict === 'passed') {
        const ways = (id: string) => obs.filter(([, p]) => p === id).map(([v]) => v);
        for (const p of ROWS) {
          const shown = !(ways(p.id).length > 0 && ways(p.id).every((v) => v === 'inapplicable'));
          if (shown) expect(ways(p.id), `part ${p.id}`).toContain('passed');
          else expect(r.parts?.find((x) => x.id === p.id)?.notJudged).toBe('deployment');
        }
        expect(obs.some(([v]) => v === 'passed')).toBe(true);
        expect(obs.some(([v]) => v === 'failed' || v === 'cantTell')).toBe(false);
      }
    }), { numRuns: 2000 });
  });

  it('takes part outcomes recorded inside a test over the test\'s own verdict', () => {
    const r = judgeClause([t('failed', undefined, { outcomes: [{ part: '400', verdict: 'passed', observed: SEEN }, { part: '405', verdict: 'failed', reason: 'saw "Method Not Supported"' }] })], ROWS, 'server');
    expect(r.verdict).toBe('failed');
    expect(r.reason).toContain('part 405 failed: saw "Method Not Supported"');
  });

  it('keeps a failure that no part explains as the clause\'s, even when every static part was observed one by one', () => {
    const r = judgeClause([t('failed', ['client'], { reason: 'timed out after the parts', outcomes: [{ part: 'client', verdict: 'passed', observed: SEEN }] })], R25, 'static');
    expect(r.verdict).toBe('failed');
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
  it('follows failed > cantTell > passed > untested > inapplicable: its tests are ways of observing one subject', () => {
    expect(judgeWhole([]).verdict).toBe('untested');
    // A way the site does not offer (untested) is reported, not required.
    expect(judgeWhole([t('passed'), t('untested')]).verdict).toBe('passed');
    expect(judgeWhole([t('untested'), t('inapplicable')]).verdict).toBe('untested');
    expect(judgeWhole([t('passed'), t('cantTell'), t('untested')]).verdict).toBe('cantTell');
    expect(judgeWhole([t('passed'), t('failed'), t('cantTell')]).verdict).toBe('failed');
    expect(judgeWhole([t('passed'), t('inapplicable')]).verdict).toBe('passed');
    expect(judgeWhole([t('inapplicable')]).verdict).toBe('inapplicable');
  });

  it('never passes a clause with a test that failed or could not complete', () => {
    fc.assert(fc.property(fc.array(arbVerdict, { minLength: 1 }), (vs) => {
      const r = judgeWhole(vs.map((v) => t(v)));
      if (r.verdict === 'passed') expect(vs.every((v) => v !== 'failed' && v !== 'cantTell') && vs.includes('passed')).toBe(true);
      if (vs.includes('failed')) expect(r.verdict).toBe('failed');
    }));
  });
});

/** Any test list: verdicts, parts (static or one by one) and counts, zero included. */
const arbCounts = fc.array(fc.record({ noun: fc.constantFrom<Count['noun']>('page', 'request', 'navigation'), n: fc.nat({ max: 3 }) }), { maxLength: 2 });
const arbTest = fc.record({
  verdict: arbVerdict,
  staticParts: fc.option(fc.subarray(ROWS.map((p) => p.id)), { nil: undefined }),
  observed: fc.option(arbCounts, { nil: undefined }),
  outcomes: fc.option(fc.array(fc.record({ part: fc.constantFrom(...ROWS.map((p) => p.id)), verdict: arbVerdict, observed: fc.option(arbCounts, { nil: undefined }) }), { maxLength: 4 }), { nil: undefined }),
  title: fc.string({ maxLength: 8 }),
}).map((x): JudgedTest => x);

describe('a pass needs its subject (outcome/subject.ts)', () => {
  it('is untested, naming the subject, when every way passed over nothing', () => {
    const r = judgeWhole([{ title: 'every page-data request has a .txt path', verdict: 'passed', observed: [] }], 'a page-data request made by a navigation');
    expect(r.verdict).toBe('untested');
    expect(r.reason).toContain('a page-data request made by a navigation');
    const p = judgeClause([{ title: 'no parenthesised segment', verdict: 'passed', staticParts: ['addresses'] }], [{ id: 'addresses', text: 'addresses', subject: 'a page inside a route group' }], 'static');
    expect(p.verdict).toBe('untested');
    expect(p.parts?.[0].reason).toContain('a page inside a route group');
  });

  it('shows the count a pass rests on', () => {
    const r = judgeClause([t('passed', ['400'], { observed: [{ noun: 'page', n: 2 }, { noun: 'request', n: 31 }] })], [ROWS[0]], 'static');
    expect(r.verdict).toBe('passed');
    expect(r.parts?.[0].reason).toBe('observed on 2 pages, 31 requests');
    expect(total(r.observed)).toBe(33);
  });

  it('never gives a clause or part `passed` with a zero count', () => {
    fc.assert(fc.property(fc.array(arbTest, { maxLength: 6 }), (tests) => {
      const r = judgeClause(tests, ROWS, 'server');
      for (const p of r.parts ?? []) if (p.verdict === 'passed') expect(total(p.observed)).toBeGreaterThan(0);
      if (r.verdict === 'passed') expect(total(r.observed)).toBeGreaterThan(0);
      const w = judgeWhole(tests);
      if (w.verdict === 'passed') expect(total(w.observed)).toBeGreaterThan(0);
    }), { numRuns: 500 });
  });

  it('rests a pass on the ways that passed: what an unfinished way counted is no observation', () => {
    const stopped: JudgedTest = { title: 'stopped', verdict: 'untested', reason: 'no route group was seen', staticParts: ['400'], observed: [{ noun: 'page', n: 3 }] };
    const r = judgeClause([stopped, { title: 'over nothing', verdict: 'passed', staticParts: ['400'], observed: [] }], [ROWS[0]], 'static');
    expect(r.parts?.[0].verdict).toBe('untested');
    expect(judgeWhole([{ title: 'stopped', verdict: 'untested', observed: [{ noun: 'page', n: 3 }] }, { title: 'over nothing', verdict: 'passed' }]).verdict).toBe('untested');
  });

  it('passes a part when one way observed it and none contradicted it; a way not offered is reported', () => {
    const r = judgeClause([t('untested', ['400'], { reason: 'the site has no broken link' }), t('passed', ['400'])], [ROWS[0]], 'static');
    expect(r.verdict).toBe('passed');
    expect(r.parts?.[0].ways?.map((w) => w.verdict)).toEqual(['untested', 'passed']);
    expect(r.parts?.[0].ways?.[0].reason).toBe('the site has no broken link');
  });
});
