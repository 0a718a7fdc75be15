// npm run conformance:diff <old.json> <new.json> — lists clauses whose verdict changed.
// Exit status: 0 when nothing changed, 1 when something did, 2 on bad input.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { diffReports, renderDiff } from '../report/diff';
import type { Report } from '../report/model';

function load(file: string): Report {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8')) as Report;
    if (r.schema !== 'spec-conformance-report') throw new Error('not a conformance report (schema field missing)');
    return r;
  } catch (e) {
    console.error(`Cannot read ${file}: ${(e as Error).message}`);
    process.exit(2);
  }
}

let files: string[] = [];
try {
  files = parseArgs({ args: process.argv.slice(2), allowPositionals: true, strict: true, options: {} }).positionals;
} catch (e) {
  console.error(`${(e as Error).message.split('.')[0]}.`);
  process.exit(2);
}
const [a, b] = files;
if (!a || !b || files.length > 2) {
  console.error('Usage: npm run conformance:diff -- <old conformance.json> <new conformance.json>');
  process.exit(2);
}
const changes = diffReports(load(a), load(b));
console.log(renderDiff(changes));
process.exit(changes.length ? 1 : 0);
