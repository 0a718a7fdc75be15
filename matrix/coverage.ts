/**
 * How much of the spec a column is judged on: of the normative clauses that apply in its mode,
 * how many got a verdict of their own observation (passed or failed), which parts were judged, and
 * why each other clause was not (its untested or cantTell reason, shortened as the suite's headline
 * shortens it). One count for a run's cells (matrix.json: `npm run matrix:coverage`) and for the
 * expected cells (docs/implementations.md's table of the ordinary sites). Pure.
 */
import { lacks } from '../conformance/report/coverage';
import type { MatrixRow, Verdict } from './model';

/** A cell: a run's verdict and reason (matrix.json), or an expected verdict and its because (expected.ts). */
export interface RowVerdict { verdict?: Verdict; reason?: string; because?: string }

export interface ColumnCoverage {
  /** Normative clauses that apply in the column's mode (not inapplicable). */
  applicable: number;
  passed: number;
  failed: number;
  /** The parts judged (passed or failed), "R2.3/404". */
  partsJudged: string[];
  /** Parts that apply (not inapplicable). */
  partsApplicable: number;
  /** Each applicable clause not judged: its verdict and what it lacks. */
  notJudged: { id: string; verdict: Verdict | 'not reported'; why: string }[];
}

const judged = (v?: Verdict) => v === 'passed' || v === 'failed';

export function columnCoverage(rows: readonly MatrixRow[], of: (row: MatrixRow) => RowVerdict): ColumnCoverage {
  const c: ColumnCoverage = { applicable: 0, passed: 0, failed: 0, partsJudged: [], partsApplicable: 0, notJudged: [] };
  for (const row of rows) {
    const r = of(row);
    if (r.verdict === 'inapplicable') continue;
    if (row.part) {
      c.partsApplicable++;
      if (judged(r.verdict)) c.partsJudged.push(row.id);
      continue;
    }
    c.applicable++;
    if (r.verdict === 'passed') c.passed++;
    else if (r.verdict === 'failed') c.failed++;
    else c.notJudged.push({ id: row.id, verdict: r.verdict ?? 'not reported', why: r.verdict ? lacks(r.reason ?? r.because, 160) : 'the run reported no verdict' });
  }
  return c;
}

/** "judged 9 of 15 applicable clauses (8 passed, 1 failed); parts judged 14 of 27". */
export function coverageHeadline(c: ColumnCoverage): string {
  return `judged ${c.passed + c.failed} of ${c.applicable} applicable clauses (${c.passed} passed, ${c.failed} failed); parts judged ${c.partsJudged.length} of ${c.partsApplicable}`;
}
