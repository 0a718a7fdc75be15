import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TestRecord } from '../report/model';
import { aggregate, gates } from '../report/verdicts';

type T = Pick<TestRecord, 'outcome' | 'skipVerdict' | 'reason' | 'title'>;
const arbTest: fc.Arbitrary<T> = fc.oneof(
  fc.constant<T>({ title: 'p', outcome: 'passed' }),
  fc.constant<T>({ title: 'f', outcome: 'failed' }),
  fc.constant<T>({ title: 'k', outcome: 'flaky' }),
  fc.constant<T>({ title: 'i', outcome: 'skipped', skipVerdict: 'inapplicable', reason: 'not here' }),
  fc.constant<T>({ title: 'u', outcome: 'skipped', skipVerdict: 'untested', reason: 'no scenario' }),
  fc.constant<T>({ title: 's', outcome: 'skipped' }),
);

describe('verdict aggregation', () => {
  it('any failed test makes the clause failed', () => {
    fc.assert(fc.property(fc.array(arbTest), fc.integer(), (tests, at) => {
      const withFail = [...tests];
      withFail.splice(Math.abs(at) % (tests.length + 1), 0, { title: 'x', outcome: 'failed' });
      expect(aggregate(withFail).verdict).toBe('failed');
    }));
  });

  it('flaky without failures gives cantTell', () => {
    fc.assert(fc.property(fc.array(arbTest.filter((t) => t.outcome !== 'failed')), (tests) => {
      expect(aggregate([...tests, { title: 'k', outcome: 'flaky' }]).verdict).toBe('cantTell');
    }));
  });

  it('no executed test is untested, never passed', () => {
    expect(aggregate([]).verdict).toBe('untested');
    fc.assert(fc.property(fc.array(arbTest.filter((t) => t.outcome === 'skipped' && t.skipVerdict !== 'inapplicable'), { minLength: 1 }), (tests) => {
      expect(aggregate(tests).verdict).toBe('untested');
    }));
  });

  it('only inapplicable tests give inapplicable', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 20 }), (n) => {
      const tests = Array.from({ length: n }, (): T => ({ title: 'i', outcome: 'skipped', skipVerdict: 'inapplicable' }));
      expect(aggregate(tests).verdict).toBe('inapplicable');
    }));
  });

  it('passed only when something passed and nothing failed, was flaky or went untested', () => {
    fc.assert(fc.property(fc.array(arbTest), (tests) => {
      const v = aggregate(tests).verdict;
      const passedOk = tests.some((t) => t.outcome === 'passed')
        && tests.every((t) => t.outcome === 'passed' || (t.outcome === 'skipped' && t.skipVerdict === 'inapplicable'));
      expect(v === 'passed').toBe(passedOk);
    }));
  });

  it('the gate fails exactly on failed, cantTell and untested', () => {
    expect(['passed', 'failed', 'cantTell', 'inapplicable', 'untested'].filter((v) => gates(v as never))).toEqual(['failed', 'cantTell', 'untested']);
  });
});
