/**
 * Pure: rows of the matrix from the clause registry, cells from a run's conformance.json, and
 * their comparison with the expected verdicts.
 */
import type { MatrixCell, MatrixColumn, MatrixRow, Mode, Verdict } from './model';

/** The parts of conformance.json the matrix reads (schema 1.0 has no parts; 1.1 adds them). */
export interface ReportLike {
  schemaVersion?: string;
  clauses: {
    id: string;
    results: Partial<Record<Mode, { verdict: Verdict; reason?: string; parts?: { id: string; verdict: Verdict; reason?: string }[] }>>;
  }[];
}

/** What the matrix needs of a clause of spec/clauses.ts (parts may be absent). */
export interface ClauseLike {
  id: string;
  title: string;
  kind: string;
  modes: Mode[];
  parts?: { id: string; text: string; optional?: boolean; modes?: Mode[] }[];
}

export interface Expected { verdict: Verdict; because: string; cite: string[] }

/** Rows: each normative clause, then each of its parts. */
export function rowsOf(clauses: ClauseLike[]): MatrixRow[] {
  const rows: MatrixRow[] = [];
  for (const c of clauses.filter((x) => x.kind === 'normative')) {
    rows.push({ id: c.id, clause: c.id, title: c.title });
    for (const p of c.parts ?? []) rows.push({ id: `${c.id}/${p.id}`, clause: c.id, part: p.id, title: p.text, ...(p.optional ? { optional: true } : {}) });
  }
  return rows;
}

/**
 * The verdict a report gives a row in a mode. A part the report does not list is inapplicable
 * when the registry limits it (or its clause) to other modes, else unknown (not reported).
 */
export function actualOf(report: ReportLike, row: MatrixRow, mode: Mode, clauses: ClauseLike[]): { verdict?: Verdict; reason?: string } {
  const clause = clauses.find((c) => c.id === row.clause);
  const result = report.clauses.find((c) => c.id === row.clause)?.results[mode];
  if (!row.part) return result ? { verdict: result.verdict, reason: result.reason } : {};
  const part = result?.parts?.find((p) => p.id === row.part);
  if (part) return { verdict: part.verdict, reason: part.reason };
  const def = clause?.parts?.find((p) => p.id === row.part);
  const modes = def?.modes ?? clause?.modes;
  if (modes && !modes.includes(mode)) return { verdict: 'inapplicable', reason: `the part is for ${modes.join(', ')} delivery only` };
  if (result?.verdict === 'inapplicable') return { verdict: 'inapplicable', reason: result.reason };
  return {};
}

/** A cell: the run's verdict against the expectation. */
export function cellOf(row: MatrixRow, column: MatrixColumn, actual: { verdict?: Verdict; reason?: string } | undefined, expected: Expected | undefined): MatrixCell {
  const base: MatrixCell = { row: row.id, column: column.id, match: 'no-expectation' };
  if (expected) Object.assign(base, { expected: expected.verdict, because: expected.because, cite: expected.cite });
  if (column.status !== 'judged') return { ...base, match: 'not-judged' };
  if (!actual?.verdict) return { ...base, match: 'not-reported' };
  const cell: MatrixCell = { ...base, verdict: actual.verdict, ...(actual.reason ? { reason: actual.reason } : {}) };
  if (!expected) return cell;
  return { ...cell, match: actual.verdict === expected.verdict ? 'expected' : 'unexpected' };
}

export function totalsOf(cells: MatrixCell[]): Record<MatrixCell['match'], number> {
  const t: Record<MatrixCell['match'], number> = { expected: 0, unexpected: 0, 'not-reported': 0, 'no-expectation': 0, 'not-judged': 0 };
  for (const c of cells) t[c.match]++;
  return t;
}

/** Exit code of the matrix: 1 when a cell is unexpected or a selected column could not be judged. */
export function exitCodeOf(cells: MatrixCell[], columns: MatrixColumn[]): number {
  return cells.some((c) => c.match === 'unexpected') || columns.some((c) => c.status !== 'judged' && c.status !== 'not-run') ? 1 : 0;
}
