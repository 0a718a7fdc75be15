// Compares a run made with a hand-written profile with a run of the same target made without one
// (discovery), from their report folders; prints the table and writes it with --out.
//   tsx matrix/compare-cli.ts --profile-run <dir> --discovery-run <dir> --mode static|server [--id name] [--out file.md]
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { renderComparisonMarkdown, unexplained, type DiscoveryComparison } from './discovery-compare';
import { compareRunFolders } from './discovery-runs';

const USAGE = 'Usage: tsx matrix/compare-cli.ts --profile-run <report dir> --discovery-run <report dir> --mode static|server [--id <name>] [--out <file.md>]';

function main(): number {
  let values;
  try {
    ({ values } = parseArgs({ options: { 'profile-run': { type: 'string' }, 'discovery-run': { type: 'string' }, mode: { type: 'string' }, id: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) { console.log(USAGE); return 0; }
  const mode = values.mode;
  if (!values['profile-run'] || !values['discovery-run'] || (mode !== 'static' && mode !== 'server')) { console.error(`--profile-run, --discovery-run and --mode static|server are needed.\n${USAGE}`); return 2; }
  let c: DiscoveryComparison;
  try {
    c = compareRunFolders(values.id ?? mode, mode, values['profile-run'], values['discovery-run']);
  } catch (e) {
    console.error((e as Error).message);
    return 2;
  }
  const md = renderComparisonMarkdown([c]);
  console.log(md);
  if (values.out) writeFileSync(values.out, md);
  return unexplained(c).length ? 1 : 0;
}

process.exit(main());
