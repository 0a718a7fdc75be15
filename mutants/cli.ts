/**
 * npm run mutants — runs the conformance suite against each mutant of the reference site and
 * scores the suite: a mutant is killed when every clause it declares fails; collateral is any
 * other clause that fails. The jobs: catalogue.ts (the mutants), delivery/ (serving one),
 * run.ts (the suite against each), score.ts (killed, survived, collateral; the summary).
 *
 * Writes <out>/mutants.json, <out>/mutants.md and, per mutant, <out>/<id>/ (the suite's report,
 * run.log); --out defaults to reports/mutants/. Exit code 0 only when every mutant was killed with
 * no collateral; 2 on bad input; 130/143 when stopped by SIGINT/SIGTERM.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { onStopSignal } from '../launcher';
import { mutantsOutOf } from '../conformance/report/mutation';
import { NORMATIVE } from '../spec/clauses';
import { MUTANTS, NPM_TEST_SET, TRUTHFULNESS_NPM_TEST, type Mutant } from './catalogue';
import { catalogueTable } from './catalogue-doc';
import { snapshotBuilds } from './delivery/reference';
import { runMutants, type RunOptions } from './run';
import { merge, readSummary, summarise, writeSummary, type MutantsFile } from './score';
import { ROOT } from '../spec/root';
import { seconds } from '../launcher/format';

const DEFAULT_OUT = mutantsOutOf(path.join(ROOT, 'reports'));

const USAGE = `Usage: npm run mutants -- [--quick | --absent-subject | --npm-test | --only <id,…> [--merge]] [--declared-only] [--zero-config] [--clauses <id,…>] [--check | --baseline | --list] [--timeout <s>] [--jobs <n>] [--out <dir>] [--verbose]
  (no option)        every mutant against the whole suite of its mode
  --quick            the quick set (${MUTANTS.filter((m) => m.quick).map((m) => m.id).join(', ')}), each with only its declared clauses
  --absent-subject   the absent-subject set's cheap part, run by npm test (${MUTANTS.filter((m) => m.absentSubject?.npmTest).map((m) => m.id).join(', ')}),
                     each with only its declared clauses; the whole set: --only with the ids of docs/mutants.md
  --npm-test         what npm test runs, in one pool: the quick set, the absent-subject set's cheap part and the
                     truthfulness mutants (${TRUTHFULNESS_NPM_TEST.join(', ')}), each with only its declared clauses
  --only <id,…>      only these mutants (whole suite of their mode)
  --declared-only    run each mutant with only its declared clauses (--grep); collateral is then not measured
  --zero-config      judge each mutant as a team's first run does: no profile, discovery crawls the mutant
                     (a mutant must be killed the same way as with the reference profile)
  --check            prepare each mutant and verify its edits match the current build; do not run the suite
  --list             print the catalogue and exit
  --timeout <s>      give up on one mutant's suite run after this long (default 1200)
  --verbose          show the suite's output (otherwise it goes to <out>/<id>/run.log)
  --jobs <n>         judge n mutants at the same time (default 1; a suite run mostly waits on the browser, so
                     2–3 fit on two cores for small selections such as --quick)
  --clauses <id,…>   run only these clauses' tests (e.g. with --baseline); collateral is then measured on them only
  --out <dir>        where the summary (mutants.json, mutants.md) and each mutant's report go (default reports/mutants)
  --merge            with --only: put these results into the existing <out>/mutants.json (the others kept)
  --baseline         run the unmodified reference the same way (copy / proxy) in each mode and list the clauses
                     that fail there: a clause failing on the baseline shows up as collateral on every mutant`;

interface Options extends RunOptions {
  only?: string[];
  absentSubject: boolean;
  npmTest: boolean;
  list: boolean;
  merge: boolean;
}

class UsageError extends Error {}

const ids = (value: string) => value.split(',').map((s) => s.trim()).filter(Boolean);

function parseOptions(argv: string[]): Options & { help: boolean } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        quick: { type: 'boolean' }, 'absent-subject': { type: 'boolean' }, 'npm-test': { type: 'boolean' }, only: { type: 'string' }, 'declared-only': { type: 'boolean' }, check: { type: 'boolean' },
        list: { type: 'boolean' }, timeout: { type: 'string' }, verbose: { type: 'boolean' }, baseline: { type: 'boolean' },
        merge: { type: 'boolean' }, 'zero-config': { type: 'boolean' }, clauses: { type: 'string' }, jobs: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    throw new UsageError((e as Error).message.split('\n')[0].split('. ')[0]);
  }
  const timeoutS = values.timeout === undefined ? 1200 : Number(values.timeout);
  if (!(timeoutS > 0)) throw new UsageError('--timeout needs a number of seconds');
  const jobs = values.jobs === undefined ? 1 : Number(values.jobs);
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 8) throw new UsageError('--jobs needs a whole number from 1 to 8');
  const quick = !!values.quick;
  const only = values.only === undefined ? undefined : ids(values.only);
  const absentSubject = !!values['absent-subject'];
  const npmTest = !!values['npm-test'];
  if ([quick, !!only, absentSubject, npmTest].filter(Boolean).length > 1) throw new UsageError('--quick, --absent-subject, --npm-test and --only do not go together');
  if (values.merge && !only) throw new UsageError('--merge goes with --only');
  return {
    help: !!values.help, quick, only, absentSubject, npmTest, list: !!values.list, merge: !!values.merge,
    declaredOnly: quick || absentSubject || npmTest || !!values['declared-only'], check: !!values.check, baseline: !!values.baseline,
    timeoutS, verbose: !!values.verbose, jobs, zeroConfig: !!values['zero-config'],
    clauses: values.clauses === undefined ? undefined : ids(values.clauses),
    out: path.resolve(values.out ?? DEFAULT_OUT),
  };
}

/** The mutants the options choose (the baseline: one unmodified reference per mode among them). */
function select(opts: Options): Mutant[] {
  let selected = MUTANTS;
  if (opts.quick) selected = MUTANTS.filter((m) => m.quick);
  if (opts.absentSubject) selected = MUTANTS.filter((m) => m.absentSubject?.npmTest);
  if (opts.npmTest) selected = NPM_TEST_SET;
  if (opts.only) {
    const unknown = opts.only.filter((id) => !MUTANTS.some((m) => m.id === id));
    if (unknown.length) throw new UsageError(`Unknown mutant(s) ${unknown.join(', ')}: npm run mutants -- --list shows the catalogue`);
    selected = MUTANTS.filter((m) => opts.only!.includes(m.id));
  }
  if (!opts.baseline) return selected;
  const modes = [...new Set(selected.map((m) => m.mode))];
  return modes.map((mode): Mutant => ({ id: `baseline-${mode}`, mode, declared: [], description: 'the unmodified reference, delivered the way mutants are' }));
}

function usageError(e: unknown): number {
  if (!(e instanceof UsageError)) throw e;
  console.error(`${e.message.replace(/\.$/, '')}. (npm run mutants -- --help lists the options.)`);
  return 2;
}

async function main(): Promise<number> {
  let opts: Options & { help: boolean };
  let selected: Mutant[];
  try {
    opts = parseOptions(process.argv.slice(2));
  } catch (e) {
    return usageError(e);
  }
  if (opts.help || opts.list) {
    console.log(opts.help ? USAGE : catalogueTable());
    return 0;
  }
  try {
    selected = select(opts);
  } catch (e) {
    return usageError(e);
  }
  // Every normative clause should have a mutant (the catalogue's unit test enforces it too).
  const uncovered = NORMATIVE.filter((c) => !MUTANTS.some((m) => m.declared.includes(c.id))).map((c) => c.id);
  if (uncovered.length) console.warn(`Note: no mutant declares ${uncovered.join(', ')}.`);
  // Ctrl-C or SIGTERM: the suites and servers this run started stop with it (the launcher's groups).
  onStopSignal();

  const started = Date.now();
  const results = await runMutants(selected, opts);
  if (opts.baseline) {
    for (const r of results) console.log(`${r.id}: ${r.error ? `error: ${r.error}` : r.failed.length ? `fails ${r.failed.join(', ')} (these show as collateral on every ${r.mode} mutant)` : 'no clause fails'}`);
    return results.some((r) => r.error || r.failed.length) ? 1 : 0;
  }
  if (opts.check) {
    const bad = results.filter((r) => r.error).length;
    console.log(`\n${results.length - bad} of ${results.length} mutants' edits match the current build.`);
    return bad ? 1 : 0;
  }

  const thisRun: MutantsFile['run'] = {
    scope: opts.quick ? 'quick' : opts.only || opts.absentSubject || opts.npmTest ? 'only' : 'full',
    declaredOnly: opts.declaredOnly || !!opts.clauses,
    durationMs: Date.now() - started,
    builds: snapshotBuilds,
  };
  let file = summarise(results, thisRun);
  if (opts.merge) {
    const previous = readSummary(opts.out);
    if (!previous) console.warn(`--merge: no earlier ${path.relative(process.cwd(), opts.out)}/mutants.json to merge into; writing this run alone.`);
    else if (previous.run.declaredOnly !== thisRun.declaredOnly) console.warn('--merge: the earlier run measured collateral differently (declared clauses only or not); writing this run alone.');
    else file = merge(previous, results, thisRun);
  }
  const md = writeSummary(opts.out, file);
  console.log(`\n${md}`);
  const s = file.summary;
  console.log(`mutation score ${(s.score * 100).toFixed(0)}% (${s.killed}/${s.total}), collateral ${s.collateral}, took ${seconds(file.run.durationMs, 0)}`);
  const rel = path.relative(process.cwd(), opts.out) || '.';
  console.log(`Details: ${rel}/mutants.md, ${rel}/mutants.json, ${rel}/<id>/`);
  return file.mutants.every((r) => r.killed && r.collateral.length === 0 && !r.error) ? 0 : 1;
}

main().then((code) => process.exit(code), (e: unknown) => {
  console.error(e instanceof Error ? e.stack ?? e.message : e);
  process.exit(1);
});
