// npm run matrix — builds the matrix site with each pinned Next.js version, serves each build on
// each host, runs the conformance suite against it by URL, and writes reports/matrix/
// (matrix.json, matrix.html, matrix.md). Exit 1 when a cell differs from docs/implementations.md
// or a column could not be judged; 2 on bad input.
import { availableParallelism } from 'node:os';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sideBySideWorkers } from '../conformance/run/workers';
import { onStopSignal, stopEverythingAndExit } from '../launcher/signals';
import { assemble, columnOf } from './assemble';
import { ROOT } from '../spec/root';
import { exitCodeOf, type ReportLike } from './cells';
import { renderComparisonMarkdown, unexplained, type DiscoveryComparison } from './discovery-compare';
import { writeExpected } from './expected-doc';
import { MATRIX_MD, withMatrixTables } from './matrix-doc-tables';
import { REPORT_MD, withPresetTable } from './presets-doc';
import type { RunningServer } from './hosts';
import { judgeGroups } from './groups';
import { judgeGroup, TRACE_DEFAULT, TRACE_MODES } from './judge';
import type { MatrixColumn } from './model';
import { runPipeline, type Pipeline } from './pipeline';
import { prepareImplementation, stopServers, type Prepared } from './prepare';
import { Progress } from './progress';
import { renderMatrixHtml, renderMatrixMarkdown } from './render';
import { loadVersions, planMatrix, selectRuns, type RunPlan } from './versions';
import { since } from '../launcher/format';

/**
 * Columns judged at once by default: one more than the cores, each with two Playwright workers when
 * side by side (sideBySideWorkers). One judge run leaves the cores idle about half the time (starts, probes,
 * the suite's waits), which other runs fill (warm matrix on 2 cores, docs/benchmarks.md: 549 s with
 * 1 column at a time; 375 s with 2 and 376 s with 3 at 4 workers each; 414 s with 2 and 340 s with 3
 * at 2 workers each, 581 CPU-s instead of about 717).
 */
const DEFAULT_JOBS = Math.max(1, availableParallelism()) + 1;

const USAGE = `Usage: npm run matrix [-- options]
  --only <id>        judge only this run (e.g. next-14.2-static) or every run of an implementation (e.g. next-16); repeatable
  --skip-build       use the builds already in .cache/implementations (fail a column that has none)
  --jobs <n>         judge up to n columns at once (default ${DEFAULT_JOBS}, one more than the cores). The next implementation
                     is prepared (template, install, builds, servers) while the columns of the one before are judged
  --out <dir>        where the matrix goes (default reports/matrix)
  --trace <mode>     Playwright's trace of each judge run (default ${TRACE_DEFAULT}: a retry's trace costs a failing column
                     about 12 % of its CPU); on-first-retry records one for each retried test, to look into a cell
  --write-expected   regenerate docs/implementations.md's table, docs/matrix.md's tables, docs/report.md's preset table
                     and the expectation presets (spec/expectations/) from matrix/expected.ts, then exit (part of npm run generate)
  --discovery        also judge each run with no profile (discovery crawls it) and compare the verdicts with the
                     hand-written profile's: <out>/discovery-comparison.{md,json}; exit 1 on a difference no
                     missing scenario explains (it takes the job slot after the same columns' run with the profile)
Runs: ${planMatrix(loadVersions()).runs.map((r) => r.id).join(', ')}`;

const progress = new Progress();

// An implementation's servers stop once all its columns are judged (the pipeline's finish); on exit,
// Ctrl-C or SIGTERM the pipeline starts nothing more and the launcher stops whatever still runs
// (the servers and suites run in guarded process groups; the own static servers die with this process).
const servers = new Set<RunningServer>();
async function stopAll(): Promise<void> {
  await Promise.all([...servers].map((s) => s.stop().catch(() => undefined)));
  servers.clear();
}
let pipeline: Pipeline | undefined;
onStopSignal((signal) => {
  pipeline?.stop();
  stopEverythingAndExit(signal);
});

async function main(): Promise<number> {
  let opts;
  try {
    opts = parseArgs({
      options: { only: { type: 'string', multiple: true }, 'skip-build': { type: 'boolean' }, out: { type: 'string' }, 'write-expected': { type: 'boolean' }, trace: { type: 'string' }, discovery: { type: 'boolean' }, jobs: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: false,
    }).values;
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (opts.help) {
    console.log(USAGE);
    return 0;
  }
  if (opts['write-expected']) {
    const presets = writeExpected();
    writeFileSync(MATRIX_MD, withMatrixTables(readFileSync(MATRIX_MD, 'utf8')));
    writeFileSync(REPORT_MD, withPresetTable(readFileSync(REPORT_MD, 'utf8')));
    console.log(`Wrote the table of docs/implementations.md, docs/matrix.md's tables, docs/report.md's preset table and the expectation presets spec/expectations/{${presets.join(',')}}.`);
    return 0;
  }
  const jobs = opts.jobs === undefined ? DEFAULT_JOBS : /^[1-9]\d*$/.test(opts.jobs) ? Number(opts.jobs) : undefined;
  if (jobs === undefined) {
    console.error(`--jobs needs a whole number of 1 or more, not "${opts.jobs}".`);
    return 2;
  }
  const trace = opts.trace ?? TRACE_DEFAULT;
  if (!(TRACE_MODES as readonly string[]).includes(trace)) {
    console.error(`--trace needs one of ${TRACE_MODES.join(', ')}, not "${trace}".`);
    return 2;
  }
  const plan = planMatrix(loadVersions());
  let runs: RunPlan[];
  try {
    runs = selectRuns(plan.runs, opts.only ?? []);
  } catch (e) {
    console.error((e as Error).message);
    return 2;
  }
  const out = resolve(opts.out ?? join(ROOT, 'reports', 'matrix'));
  mkdirSync(join(out, 'logs'), { recursive: true });
  const columns = new Map<string, MatrixColumn>();
  const reports = new Map<string, ReportLike>();
  const comparisons: DiscoveryComparison[] = [];
  const comparisonErrors: string[] = [];
  for (const r of runs) columns.set(r.id, columnOf(r));
  const fail = (ids: string[], status: MatrixColumn['status'], error: string) => {
    for (const id of ids) Object.assign(columns.get(id)!, { status, error });
  };

  // The pipeline (pipeline.ts): implementations are prepared one at a time, in order, while up to
  // `jobs` columns of those already prepared are judged; each implementation's servers stop once
  // its columns are judged.
  const implementations = [...new Set(runs.map((r) => r.build.implementation))];
  const runsOf = (impl: string) => runs.filter((r) => r.build.implementation === impl);
  const judging = { out, discovery: !!opts.discovery, trace, workers: sideBySideWorkers(jobs, judgeGroups(runs, () => true).length), progress, columns, reports, comparisons, comparisonErrors, fail };
  pipeline = runPipeline<string, Prepared>(implementations, {
    jobs,
    prepare: (impl) => prepareImplementation(impl, runsOf(impl), { skipBuild: !!opts['skip-build'], progress, fail, running: servers }),
    // A run over two columns (a static and server pair) weighs about twice one over a single column.
    jobsOf: (_impl, p) => judgeGroups(p.runs, (id) => p.urls.has(id)).map((g) => Object.assign(() => judgeGroup(g, p, judging), { weight: g.length })),
    finish: (impl, p) => progress.step(`${impl}: stop servers`, () => stopServers(p, servers)),
    failed: (impl, e) => fail(runsOf(impl).map((r) => r.id), 'build-failed', (e as Error).message),
  });
  await pipeline.done;
  // Columns finish in any order; the comparisons follow the runs' order, as before.
  comparisons.sort((x, y) => runs.findIndex((r) => r.id === x.id) - runs.findIndex((r) => r.id === y.id));

  const matrix = assemble([...columns.values()], reports, runs.map((r) => r.build), { totalMs: Date.now() - progress.started, steps: progress.steps });
  writeFileSync(join(out, 'matrix.json'), JSON.stringify(matrix, null, 2) + '\n');
  writeFileSync(join(out, 'matrix.html'), renderMatrixHtml(matrix));
  writeFileSync(join(out, 'matrix.md'), renderMatrixMarkdown(matrix));
  const t = matrix.totals;
  console.log(`\nMatrix: ${matrix.columns.length} columns × ${matrix.rows.length} rows — ${t.expected} as expected, ${t.unexpected} unexpected, ${t['not-reported']} not reported, ${t['not-judged']} not judged.`);
  for (const c of matrix.cells.filter((x) => x.match === 'unexpected')) console.log(`  unexpected ${c.row} × ${c.column}: ${c.verdict}, expected ${c.expected}${c.reason ? ` — ${c.reason.split('\n')[0].slice(0, 160)}` : ''}`);
  for (const c of matrix.columns.filter((x) => x.status !== 'judged')) console.log(`  not judged ${c.id}: ${c.status} — ${(c.error ?? '').split('\n')[0]}`);
  console.log(`Report: ${relative(process.cwd(), join(out, 'matrix.html'))} (also matrix.json, matrix.md). Wall time ${since(progress.started)}.`);
  const code = exitCodeOf(matrix.cells, matrix.columns);
  if (!opts.discovery) return code;
  const md = renderComparisonMarkdown(comparisons);
  writeFileSync(join(out, 'discovery-comparison.md'), `# Hand-written profile vs no profile (discovery)\n\n${md}${comparisonErrors.map((e) => `\n- not compared: ${e}`).join('')}\n`);
  writeFileSync(join(out, 'discovery-comparison.json'), `${JSON.stringify({ comparisons, errors: comparisonErrors }, null, 2)}\n`);
  const open = comparisons.flatMap((c) => unexplained(c).map((v) => `${c.id} ${v.row}: ${v.profile} with the profile, ${v.discovery} without`));
  console.log(`\nDiscovery: ${comparisons.map((c) => `${c.id} ${c.verdicts.filter((v) => v.match === 'same').length}/${c.verdicts.length} the same`).join(', ') || 'nothing compared'}; ${open.length} unexplained difference(s). ${relative(process.cwd(), join(out, 'discovery-comparison.md'))}`);
  for (const line of [...open, ...comparisonErrors]) console.log(`  ${line}`);
  return code || (open.length || comparisonErrors.length ? 1 : 0);
}

main().then(async (code) => {
  await stopAll();
  process.exit(code);
}, async (e) => {
  console.error(e instanceof Error ? e.stack ?? e.message : e);
  await stopAll();
  process.exit(1);
});
