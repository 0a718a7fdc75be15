/**
 * The implementation matrix (reports/matrix/matrix.json). Schema: spec/schemas/matrix-schema.json — bump
 * MATRIX_SCHEMA_VERSION on any change a reader could notice.
 */
import type { Mode } from '../spec/clauses';
import type { Verdict } from '../conformance/outcome/verdict';
import type { Host, SiteKind } from './versions';

export const MATRIX_SCHEMA_VERSION = '1.4.0';

/** The verdict words (conformance/outcome/verdict.ts) and the registry's delivery modes (spec/clauses.ts), re-exported for the matrix's importers. */
export type { Mode, Verdict };

/** A column: one build of the matrix site served by one host and judged once. */
export interface MatrixColumn {
  id: string;
  implementation: string;
  build: string;
  next: string;
  config: string;
  /** The site built: the App Router template (app), the Pages Router template (pages-router), or both routers (mixed). Since 1.1.0; since 1.4.0 also the ordinary sites judged with no profile (ordinary, ordinary-pages). */
  site?: SiteKind;
  mode: Mode;
  /** Since 1.3.0 also the hosts teams use (matrix/versions.ts). */
  host: Host;
  /** judged: the run wrote its report; the others say which step failed (error has why). */
  status: 'judged' | 'build-failed' | 'serve-failed' | 'run-failed' | 'not-run';
  error?: string;
  /** The report of the run that judged this column, relative to the matrix folder; since 1.2.0 an implementation's static and server columns share one (matrix/groups.ts). */
  report?: string;
  /** Wall time of that run (the same for the columns of one run). */
  durationMs?: number;
}

/** A row: a normative clause, or one part of it ("R2.5/client"). */
export interface MatrixRow {
  id: string;
  clause: string;
  part?: string;
  title: string;
  optional?: boolean;
}

/**
 * One cell. `verdict` is what the run reported (absent: the report has no such clause or part,
 * e.g. a part not yet reported by this suite version). `match` compares it with the expected
 * verdict of docs/implementations.md.
 */
export interface MatrixCell {
  row: string;
  column: string;
  verdict?: Verdict;
  reason?: string;
  expected?: Verdict;
  because?: string;
  cite?: string[];
  match: 'expected' | 'unexpected' | 'not-reported' | 'no-expectation' | 'not-judged';
}

export interface Matrix {
  schema: 'spec-conformance-matrix';
  schemaVersion: string;
  generatedAt: string;
  suite: { gitSha?: string };
  columns: MatrixColumn[];
  rows: MatrixRow[];
  cells: MatrixCell[];
  totals: Record<MatrixCell['match'], number>;
  /** Wall time of the whole matrix command and of each step. */
  timings: { totalMs: number; steps: { step: string; ms: number }[] };
}
