/**
 * Judges one column: the conformance CLI against the column's URL (its own process, its own log in
 * <out>/logs/<id>.log, its own report folder), then, with --discovery, the same run with no profile.
 * Both runs happen in one job slot of the pipeline, one after the other.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { runCommand } from '../launcher/run-command';
import { subjectCheckMessage, type ReportWithCounts } from '../conformance/report/subject-check';
import { REPO_ROOT } from './builder';
import type { ReportLike } from './cells';
import type { DiscoveryComparison } from './discovery-compare';
import { compareRunFolders } from './discovery-runs';
import type { MatrixColumn } from './model';
import type { Prepared } from './prepare';
import type { Progress } from './progress';
import { SITES } from './template';
import type { RunPlan } from './versions';

export interface JudgeContext {
  out: string;
  discovery: boolean;
  /** Playwright workers per judge run (--workers); undefined: the suite's default. */
  workers?: number;
  progress: Progress;
  columns: Map<string, MatrixColumn>;
  reports: Map<string, ReportLike>;
  comparisons: DiscoveryComparison[];
  comparisonErrors: string[];
  fail(ids: string[], status: MatrixColumn['status'], error: string): void;
}

/** Runs the conformance CLI against one URL; resolves with its exit code. */
async function runSuite(args: string[], logFile: string): Promise<number> {
  const r = await runCommand('npm', ['run', '--silent', 'conformance', '--', ...args], { cwd: REPO_ROOT, env: { NEXT_TELEMETRY_DISABLED: '1' }, output: { file: logFile } });
  return r.code;
}

function readReport(file: string, since: number): ReportLike | undefined {
  if (!existsSync(file) || statSync(file).mtimeMs < since) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as ReportLike;
}

/** A build of the same implementation in the other mode, served in this run, for C7.3's build-identifier check. */
export function otherBuildUrl(r: RunPlan, all: RunPlan[], urls: Map<string, string>): string | undefined {
  const other = all.find((x) => x.build.mode !== r.build.mode && urls.has(x.id) && (x.host === 'serve-handler' || x.host === 'next-start'));
  return other ? urls.get(other.id) : undefined;
}

export async function judgeColumn(r: RunPlan, p: Prepared, ctx: JudgeContext): Promise<void> {
  const { out, progress, fail } = ctx;
  const url = p.urls.get(r.id)!;
  const other = otherBuildUrl(r, p.runs, p.urls);
  const dir = join(out, r.id);
  // The site kind's hand-written profile names every scenario: no crawl (discovery is judged on its own, issue 13).
  const workers = ctx.workers ? ['--workers', String(ctx.workers)] : [];
  const args = ['--target', url, '--mode', r.build.mode, '--profile', SITES[r.build.site].profile, '--no-discovery', '--out', dir, ...(other ? ['--other-build', other] : []), ...workers];
  const log = join(out, 'logs', `${r.id}.log`);
  const t = Date.now();
  let code: number;
  try {
    code = await progress.step(`${r.id}: judge`, () => runSuite(args, log), (c) => `suite exit ${c}; log ${relative(REPO_ROOT, log)}`);
  } catch (e) {
    fail([r.id], 'run-failed', `the suite could not run: ${(e as Error).message}`);
    return;
  }
  const report = readReport(join(dir, 'conformance.json'), t);
  const col = ctx.columns.get(r.id)!;
  col.durationMs = Date.now() - t;
  // A pass needs its subject: a report with a passed clause or part observed zero times fails its column.
  const zero = report && subjectCheckMessage(report as unknown as ReportWithCounts, `${r.id}/conformance.json`);
  if (report && zero) fail([r.id], 'run-failed', zero);
  else if (report) {
    ctx.reports.set(r.id, report);
    Object.assign(col, { status: 'judged', report: `${r.id}/conformance.html` });
  } else fail([r.id], 'run-failed', `the suite (exit ${code}) wrote no report; see ${relative(REPO_ROOT, log)}`);
  if (!ctx.discovery || !report) return;
  // The same run with no profile: discovery crawls the target first (issue 13).
  const ddir = join(out, 'discovery', r.id);
  const dargs = ['--target', url, '--mode', r.build.mode, '--out', ddir, ...(other ? ['--other-build', other] : []), ...workers];
  const dlog = join(out, 'logs', `${r.id}.discovery.log`);
  const dt = Date.now();
  try {
    const dcode = await progress.step(`${r.id}: judge with no profile`, () => runSuite(dargs, dlog), (c) => `suite exit ${c}; log ${relative(REPO_ROOT, dlog)}`);
    if (readReport(join(ddir, 'conformance.json'), dt)) ctx.comparisons.push(compareRunFolders(r.id, r.build.mode, dir, ddir));
    else ctx.comparisonErrors.push(`${r.id}: the run with no profile (exit ${dcode}) wrote no report; see ${relative(REPO_ROOT, dlog)}`);
  } catch (e) {
    ctx.comparisonErrors.push(`${r.id}: the run with no profile failed: ${(e as Error).message.split('\n')[0]}`);
  }
}
