/**
 * The matrix as one value (reports/matrix/matrix.json): every column's cells, each clause or part's
 * verdict in that run's report beside the verdict matrix/expected.ts gives its build.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLAUSES } from '../spec/clauses';
import { ROOT } from '../spec/root';
import { actualOf, cellOf, rowsOf, totalsOf, type ClauseLike, type ReportLike } from './cells';
import { contextOf, expectationsFor } from './expected';
import { MATRIX_SCHEMA_VERSION, type Matrix, type MatrixCell, type MatrixColumn } from './model';
import type { BuildPlan } from './versions';

export function assemble(columns: MatrixColumn[], reports: Map<string, ReportLike>, builds: BuildPlan[], timings: Matrix['timings']): Matrix {
  const clauses = CLAUSES as unknown as ClauseLike[];
  const rows = rowsOf(clauses);
  const cells: MatrixCell[] = [];
  for (const col of columns) {
    const build = builds.find((b) => b.id === col.build)!;
    const expected = expectationsFor(contextOf(build));
    const report = reports.get(col.id);
    for (const row of rows) cells.push(cellOf(row, col, report ? actualOf(report, row, col.mode, clauses) : undefined, expected[row.id]));
  }
  const gitSha = suiteSha();
  return {
    schema: 'spec-conformance-matrix', schemaVersion: MATRIX_SCHEMA_VERSION, generatedAt: new Date().toISOString(),
    suite: gitSha ? { gitSha } : {}, columns, rows, cells, totals: totalsOf(cells), timings,
  };
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
