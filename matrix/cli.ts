// npm run matrix — builds the matrix site with each pinned Next.js version, serves each build on
// each host, runs the conformance suite against it by URL, and writes reports/matrix/
// (matrix.json, matrix.html, matrix.md). Exit 1 when a cell differs from docs/implementations.md
// or a column could not be judged; 2 on bad input.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runCommand } from '../launcher/run-command';
import { onStopSignal } from '../launcher/signals';
import { assemble } from './assemble';
import { buildSite, ensureInstall, ensureTemplate, isFresh, outputOf, REPO_ROOT } from './builder';
import { hostUnavailable, serveRun, type RunningServer } from './hosts';
import { SITES } from './template';
import { loadVersions, planMatrix, selectRuns, type RunPlan } from './versions';
import { exitCodeOf, type ReportLike } from './cells';
import { renderComparisonMarkdown, unexplained, type DiscoveryComparison } from './discovery-compare';
import { compareRunFolders } from './discovery-runs';
import { writeExpected } from './expected-doc';
import type { MatrixColumn } from './model';
import { renderMatrixHtml, renderMatrixMarkdown } from './render';
import { subjectCheckMessage, type ReportWithCounts } from '../conformance/report/subject-check';

const USAGE = `Usage: npm run matrix [-- options]
  --only <id>        judge only this run (e.g. next-14.2-static) or every run of an implementation (e.g. next-16); repeatable
  --skip-build       use the builds already in .cache/implementations (fail a column that has none)
  --out <dir>        where the matrix goes (default reports/matrix)
  --write-expected   regenerate docs/implementations.md's table and the expectation presets (spec/expectations/) from
                     matrix/expected.ts, then exit (part of npm run generate)
  --discovery        also judge each run with no profile (discovery crawls it) and compare the verdicts with the
                     hand-written profile's: <out>/discovery-comparison.{md,json}; exit 1 on a difference no
                     missing scenario explains
Runs: ${planMatrix(loadVersions()).runs.map((r) => r.id).join(', ')}`;

const started = Date.now();
const steps: { step: string; ms: number }[] = [];
const clock = () => {
  const s = Math.round((Date.now() - started) / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};
/** One progress line per step: total time so far, what, how long it took. */
async function step<T>(what: string, fn: () => Promise<T>, done: (v: T) => string = () => 'ok'): Promise<T> {
  const t = Date.now();
  try {
    const v = await fn();
    const ms = Date.now() - t;
    steps.push({ step: what, ms });
    console.log(`[matrix ${clock()}] ${what}: ${done(v)} (${(ms / 1000).toFixed(1)} s)`);
    return v;
  } catch (e) {
    steps.push({ step: what, ms: Date.now() - t });
    console.log(`[matrix ${clock()}] ${what}: FAILED (${((Date.now() - t) / 1000).toFixed(1)} s) — ${(e as Error).message.split('\n')[0]}`);
    throw e;
  }
}

// Every server of an implementation is stopped once it is judged; on exit, Ctrl-C or SIGTERM the
// launcher stops whatever still runs (onStopSignal; the servers and suites run in guarded groups).
const servers = new Set<RunningServer>();
async function stopAll(): Promise<void> {
  await Promise.all([...servers].map((s) => s.stop().catch(() => undefined)));
  servers.clear();
}
onStopSignal();

/** Runs the conformance CLI against one URL; resolves with its exit code. */
async function runSuite(args: string[], logFile: string): Promise<number> {
  const r = await runCommand('npm', ['run', '--silent', 'conformance', '--', ...args], { cwd: REPO_ROOT, env: { NEXT_TELEMETRY_DISABLED: '1' }, output: { file: logFile } });
  return r.code;
}

function readReport(file: string, since: number): ReportLike | undefined {
  if (!existsSync(file) || statSync(file).mtimeMs < since) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as ReportLike;
}

async function main(): Promise<number> {
  let opts;
  try {
    opts = parseArgs({
      options: { only: { type: 'string', multiple: true }, 'skip-build': { type: 'boolean' }, out: { type: 'string' }, 'write-expected': { type: 'boolean' }, discovery: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
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
    console.log(`Wrote the table of docs/implementations.md and the expectation presets spec/expectations/{${presets.join(',')}}.`);
    return 0;
  }
  const plan = planMatrix(loadVersions());
  let runs: RunPlan[];
  try {
    runs = selectRuns(plan.runs, opts.only ?? []);
  } catch (e) {
    console.error((e as Error).message);
    return 2;
  }
  const out = resolve(opts.out ?? join(REPO_ROOT, 'reports', 'matrix'));
  mkdirSync(join(out, 'logs'), { recursive: true });
  const columns = new Map<string, MatrixColumn>();
  const reports = new Map<string, ReportLike>();
  const comparisons: DiscoveryComparison[] = [];
  const comparisonErrors: string[] = [];
  for (const r of runs) {
    columns.set(r.id, {
      id: r.id, implementation: r.build.implementation, build: r.build.id, next: r.build.pin.next, config: r.build.config,
      site: r.build.site, mode: r.build.mode, host: r.host, status: 'not-run',
    });
  }
  const fail = (ids: string[], status: MatrixColumn['status'], error: string) => {
    for (const id of ids) Object.assign(columns.get(id)!, { status, error });
  };

  // Implementation by implementation: install, build, serve, judge, stop.
  const implementations = [...new Set(runs.map((r) => r.build.implementation))];
  for (const impl of implementations) {
    const implRuns = runs.filter((r) => r.build.implementation === impl);
    const builds = [...new Map(implRuns.map((r) => [r.build.id, r.build])).values()];
    const pin = builds[0].pin;
    const ready = new Set<string>();
    try {
      if (!opts['skip-build']) {
        await step(`${impl}: template create-next-app@${pin.createNextApp}`, () => ensureTemplate(pin, builds[0].site), (v) => v);
        await step(`${impl}: install next@${pin.next} react@${pin.react}`, () => ensureInstall(pin), (v) => v);
      }
    } catch (e) {
      fail(implRuns.map((r) => r.id), 'build-failed', (e as Error).message);
      continue;
    }
    for (const b of builds) {
      try {
        if (opts['skip-build']) {
          if (!existsSync(outputOf(b))) throw new Error(`no build of ${b.id} in ${outputOf(b)} (run without --skip-build)`);
          ready.add(b.id);
          continue;
        }
        await step(`${b.id}: build`, async () => (isFresh(b) ? 'fresh, reused' : `built (next build ${((await buildSite(b)).ms / 1000).toFixed(0)} s)`), (v) => v);
        ready.add(b.id);
      } catch (e) {
        fail(implRuns.filter((r) => r.build.id === b.id).map((r) => r.id), 'build-failed', (e as Error).message);
      }
    }
    // Serve every run of this implementation at once: each static run's "other build" (C7.3) is
    // the server build and vice versa.
    const urls = new Map<string, string>();
    for (const r of implRuns.filter((x) => ready.has(x.build.id))) {
      const why = hostUnavailable(r.host);
      if (why) {
        fail([r.id], 'serve-failed', why);
        continue;
      }
      try {
        const s = await step(`${r.id}: serve (${r.host})`, () => serveRun(r), (v) => v.url);
        servers.add(s);
        urls.set(r.id, s.url);
      } catch (e) {
        fail([r.id], 'serve-failed', (e as Error).message);
      }
    }
    for (const r of implRuns.filter((x) => urls.has(x.id))) {
      const other = otherBuildUrl(r, implRuns, urls);
      const dir = join(out, r.id);
      // The site kind's hand-written profile names every scenario: no crawl (discovery is judged on its own, issue 13).
      const args = ['--target', urls.get(r.id)!, '--mode', r.build.mode, '--profile', SITES[r.build.site].profile, '--no-discovery', '--out', dir, ...(other ? ['--other-build', other] : [])];
      const log = join(out, 'logs', `${r.id}.log`);
      const t = Date.now();
      const code = await step(`${r.id}: judge`, () => runSuite(args, log), (c) => `suite exit ${c}; log ${relative(REPO_ROOT, log)}`);
      const report = readReport(join(dir, 'conformance.json'), t);
      const col = columns.get(r.id)!;
      col.durationMs = Date.now() - t;
      // A pass needs its subject: a report with a passed clause or part observed zero times fails its column.
      const zero = report && subjectCheckMessage(report as unknown as ReportWithCounts, `${r.id}/conformance.json`);
      if (report && zero) fail([r.id], 'run-failed', zero);
      else if (report) {
        reports.set(r.id, report);
        Object.assign(col, { status: 'judged', report: `${r.id}/conformance.html` });
      } else fail([r.id], 'run-failed', `the suite (exit ${code}) wrote no report; see ${relative(REPO_ROOT, log)}`);
      if (opts.discovery && report) {
        // The same run with no profile: discovery crawls the target first (issue 13).
        const ddir = join(out, 'discovery', r.id);
        const dargs = ['--target', urls.get(r.id)!, '--mode', r.build.mode, '--out', ddir, ...(other ? ['--other-build', other] : [])];
        const dlog = join(out, 'logs', `${r.id}.discovery.log`);
        const dt = Date.now();
        const dcode = await step(`${r.id}: judge with no profile`, () => runSuite(dargs, dlog), (c) => `suite exit ${c}; log ${relative(REPO_ROOT, dlog)}`);
        if (readReport(join(ddir, 'conformance.json'), dt)) comparisons.push(compareRunFolders(r.id, r.build.mode, dir, ddir));
        else comparisonErrors.push(`${r.id}: the run with no profile (exit ${dcode}) wrote no report; see ${relative(REPO_ROOT, dlog)}`);
      }
    }
    await step(`${impl}: stop servers`, stopAll);
  }

  const matrix = assemble([...columns.values()], reports, runs.map((r) => r.build), { totalMs: Date.now() - started, steps });
  writeFileSync(join(out, 'matrix.json'), JSON.stringify(matrix, null, 2) + '\n');
  writeFileSync(join(out, 'matrix.html'), renderMatrixHtml(matrix));
  writeFileSync(join(out, 'matrix.md'), renderMatrixMarkdown(matrix));
  const t = matrix.totals;
  console.log(`\nMatrix: ${matrix.columns.length} columns × ${matrix.rows.length} rows — ${t.expected} as expected, ${t.unexpected} unexpected, ${t['not-reported']} not reported, ${t['not-judged']} not judged.`);
  for (const c of matrix.cells.filter((x) => x.match === 'unexpected')) console.log(`  unexpected ${c.row} × ${c.column}: ${c.verdict}, expected ${c.expected}${c.reason ? ` — ${c.reason.split('\n')[0].slice(0, 160)}` : ''}`);
  for (const c of matrix.columns.filter((x) => x.status !== 'judged')) console.log(`  not judged ${c.id}: ${c.status} — ${(c.error ?? '').split('\n')[0]}`);
  console.log(`Report: ${relative(process.cwd(), join(out, 'matrix.html'))} (also matrix.json, matrix.md). Wall time ${((Date.now() - started) / 1000).toFixed(1)} s.`);
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

/** A build of the same implementation in the other mode, served in this run, for C7.3's build-identifier check. */
function otherBuildUrl(r: RunPlan, all: RunPlan[], urls: Map<string, string>): string | undefined {
  const other = all.find((x) => x.build.mode !== r.build.mode && urls.has(x.id) && (x.host === 'serve-handler' || x.host === 'next-start'));
  return other ? urls.get(other.id) : undefined;
}

main().then(async (code) => {
  await stopAll();
  process.exit(code);
}, async (e) => {
  console.error(e instanceof Error ? e.stack ?? e.message : e);
  await stopAll();
  process.exit(1);
});
