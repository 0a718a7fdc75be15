/**
 * The matrix as one value (reports/matrix/matrix.json): every column's cells, each clause or part's
 * verdict in that run's report beside the verdict matrix/expected.ts gives its build.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLAUSES } from '../spec/clauses';
import { ROOT } from '../spec/root';
import { actualOf, cellOf, rowsOf, totalsOf, type ClauseLike, type ReportLike } from './cells';
import { expectationsForRun } from './expected-hosts';
import type { Expectation } from './expected-model';
import { MATRIX_SCHEMA_VERSION, type Matrix, type MatrixCell, type MatrixColumn } from './model';
import type { BuildPlan, RunPlan } from './versions';

export function assemble(columns: MatrixColumn[], reports: Map<string, ReportLike>, builds: BuildPlan[], timings: Matrix['timings']): Matrix {
  const cells = columns.flatMap((col) => columnCells(col, reports.get(col.id), builds.find((b) => b.id === col.build)!));
  const gitSha = suiteSha();
  return {
    schema: 'spec-conformance-matrix', schemaVersion: MATRIX_SCHEMA_VERSION, generatedAt: new Date().toISOString(),
    suite: gitSha ? { gitSha } : {}, columns, rows: rowsOf(CLAUSES as unknown as ClauseLike[]), cells, totals: totalsOf(cells), timings,
  };
}

/** A column before it is judged: what its run builds and serves. */
export function columnOf(r: RunPlan): MatrixColumn {
  return {
    id: r.id, implementation: r.build.implementation, build: r.build.id, next: r.build.pin.next, config: r.build.config,
    site: r.build.site, mode: r.build.mode, host: r.host, status: 'not-run',
  };
}

/** A column's cells: each row's verdict in its report beside the verdict matrix/expected.ts gives its build on its host (expected-hosts.ts). */
export function columnCells(col: MatrixColumn, report: ReportLike | undefined, build: BuildPlan): MatrixCell[] {
  const clauses = CLAUSES as unknown as ClauseLike[];
  const expected: Record<string, Expectation> = expectationsForRun({ host: col.host, build });
  return rowsOf(clauses).map((row) => cellOf(row, col, report ? actualOf(report, row, col.mode, clauses) : undefined, expected[row.id]));
}

/** The commit the suite ran from, read from .git (undefined outside a plain checkout). */
function suiteSha(): string | undefined {
  try {
    const head = readFileSync(join(ROOT, '.git', 'HEAD'), 'utf8').trim();
    return head.startsWith('ref: ') ? readFileSync(join(ROOT, '.git', head.slice(5)), 'utf8').trim() : head;
  } catch {
    return undefined;
  }
}
