// npm run matrix:coverage [-- --out <dir>] [--all] — per column of a matrix run (reports/matrix/matrix.json):
// "judged N of M applicable clauses", the parts judged, and each clause not judged with the reason the run gave.
// By default the columns of the sites judged zero-config (the ordinary sites); --all: every column.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../spec/root';
import { columnCoverage, coverageHeadline } from './coverage';
import type { Matrix } from './model';
import { zeroConfig } from './template';

const USAGE = 'Usage: npm run matrix:coverage [-- --out <dir> (default reports/matrix)] [--all (every column, not only the zero-config ones)]';

function main(): number {
  let opts;
  try {
    opts = parseArgs({ options: { out: { type: 'string' }, all: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }).values;
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  if (opts.help) {
    console.log(USAGE);
    return 0;
  }
  const file = join(resolve(opts.out ?? join(ROOT, 'reports', 'matrix')), 'matrix.json');
  if (!existsSync(file)) {
    console.error(`No ${file}: run npm run matrix -- --only <column> first.`);
    return 2;
  }
  const m = JSON.parse(readFileSync(file, 'utf8')) as Matrix;
  const columns = m.columns.filter((c) => opts.all || zeroConfig(c.site ?? 'app'));
  if (!columns.length) console.log(`No ${opts.all ? '' : 'zero-config '}column in ${file}${opts.all ? '' : ' (--all for every column)'}.`);
  for (const col of columns) {
    if (col.status !== 'judged') {
      console.log(`${col.id} (${col.mode}, ${col.host}): not judged — ${col.status}${col.error ? `: ${col.error.split('\n')[0]}` : ''}`);
      continue;
    }
    const cells = new Map(m.cells.filter((c) => c.column === col.id).map((c) => [c.row, c]));
    const c = columnCoverage(m.rows, (row) => cells.get(row.id) ?? {});
    console.log(`${col.id} (${col.mode}, ${col.host}): ${coverageHeadline(c)}`);
    console.log(`  parts judged: ${c.partsJudged.join(', ') || 'none'}`);
    for (const n of c.notJudged) console.log(`  not judged ${n.id} (${n.verdict}): ${n.why}`);
  }
  return 0;
}

process.exit(main());
