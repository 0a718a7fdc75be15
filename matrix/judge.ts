/**
 * Judges one group of columns (groups.ts): one conformance run against the group's URLs — one
 * column, or an implementation's static and server columns in one run — with its own log in
 * <out>/logs/<folder>.log and its own report folder, then, with --discovery, the same run with no
 * profile. Both runs happen in one job slot of the pipeline, one after the other. The targets go
 * to the CLI in a config file (<out>/configs/<folder>.json): the form that names one per mode.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { runCommand } from '../launcher/run-command';
import type { SpecConformanceConfig } from '../conformance/config/model';
import { subjectCheckMessage, type ReportWithCounts } from '../conformance/report/subject-check';
import { ROOT } from '../spec/root';
import type { ReportLike } from './cells';
import type { DiscoveryComparison } from './discovery-compare';
import { compareRunFolders } from './discovery-runs';
import { groupFolder, groupName, otherBuildRun, type JudgeGroup } from './groups';
import type { MatrixColumn } from './model';
import type { Prepared } from './prepare';
import type { Progress } from './progress';
import { SITES, zeroConfig } from './template';
import type { RunPlan } from './versions';

export interface JudgeContext {
  out: string;
  discovery: boolean;
  /** Playwright workers per judge run (--workers); undefined: the suite's default. */
  workers?: number;
  /** Playwright's --trace for each judge run (matrix --trace; default off, TRACE_DEFAULT). */
  trace: string;
  progress: Progress;
  columns: Map<string, MatrixColumn>;
  reports: Map<string, ReportLike>;
  comparisons: DiscoveryComparison[];
  comparisonErrors: string[];
  fail(ids: string[], status: MatrixColumn['status'], error: string): void;
}

/**
 * The matrix's trace default: none. The suite records one on a retry, which costs a failing column
 * about 12 % of its CPU (next-16-static: 40.5 CPU-s with traces off, 44.5–46.4 with, the same 45
 * verdicts) — and most columns fail clauses on purpose (known deviations). `--trace on-first-retry`
 * brings them back to look into an unexpected cell.
 */
export const TRACE_DEFAULT = 'off';
/** Playwright's trace modes (its --trace). */
export const TRACE_MODES = ['off', 'on', 'on-first-retry', 'on-all-retries', 'retain-on-failure', 'retain-on-first-failure'] as const;

/** Runs the conformance CLI; resolves with its exit code. */
async function runSuite(args: string[], logFile: string, scratch: string): Promise<number> {
  // The run's working files kept beside its report: the discovery comparison reads its run file and discovery there.
  const r = await runCommand('npm', ['run', '--silent', 'conformance', '--', ...args], { cwd: ROOT, env: { NEXT_TELEMETRY_DISABLED: '1', SPEC_CONFORMANCE_SCRATCH: scratch }, output: { file: logFile } });
  return r.code;
}

function readReport(file: string, since: number): ReportLike | undefined {
  if (!existsSync(file) || statSync(file).mtimeMs < since) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as ReportLike;
}

/** A build of the same implementation in the other mode, served in this run, for C7.3's build-identifier check. */
export function otherBuildUrl(r: RunPlan, all: readonly RunPlan[], urls: Map<string, string>): string | undefined {
  const other = otherBuildRun(r, all, (id) => urls.has(id));
  return other ? urls.get(other.id) : undefined;
}

/**
 * The config of one suite run over a group: each column's URL, mode and other build; with
 * `profiles`, the site kind's hand-written profile (every scenario named: no crawl — discovery is
 * judged on its own), else none, so discovery crawls each target. A site kind with no
 * profile (the ordinary sites) is always judged zero-config: discovery alone, as a team's first run.
 */
export function groupConfig(group: JudgeGroup, p: Prepared, profiles: boolean): SpecConformanceConfig {
  const withProfile = profiles && group.every((r) => !zeroConfig(r.build.site));
  return {
    targets: group.map((r) => {
      const other = otherBuildUrl(r, p.runs, p.urls);
      return { url: p.urls.get(r.id)!, mode: r.build.mode, ...(withProfile ? { profile: SITES[r.build.site].profile } : {}), ...(other ? { otherBuild: other } : {}) };
    }),
    discovery: !withProfile,
  };
}

/** Writes the config and runs the suite on it into `dir`; the exit code, or the error it could not run with. */
async function judgeRun(ctx: JudgeContext, name: string, config: SpecConformanceConfig, dir: string, log: string, step: string): Promise<number> {
  const file = join(ctx.out, 'configs', `${name}.json`);
  mkdirSync(join(ctx.out, 'configs'), { recursive: true });
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  const args = ['--config', file, '--out', dir, '--trace', ctx.trace, ...(ctx.workers ? ['--workers', String(ctx.workers)] : [])];
  return ctx.progress.step(step, () => runSuite(args, log, join(dir, '.run')), (c) => `suite exit ${c}; log ${relative(ROOT, log)}`);
}

export async function judgeGroup(group: JudgeGroup, p: Prepared, ctx: JudgeContext): Promise<void> {
  const { out, fail } = ctx;
  const ids = group.map((r) => r.id);
  const folder = groupFolder(group);
  const dir = join(out, folder);
  const log = join(out, 'logs', `${folder}.log`);
  const t = Date.now();
  let code: number;
  try {
    code = await judgeRun(ctx, folder, groupConfig(group, p, true), dir, log, `${groupName(group)}: judge`);
  } catch (e) {
    fail(ids, 'run-failed', `the suite could not run: ${(e as Error).message}`);
    return;
  }
  const report = readReport(join(dir, 'conformance.json'), t);
  for (const r of group) {
    const col = ctx.columns.get(r.id)!;
    // The run's wall time, for each column it judged.
    col.durationMs = Date.now() - t;
    // A pass needs its subject: a passed clause or part observed zero times in the column's mode fails the column.
    const zero = report && subjectCheckMessage(report as unknown as ReportWithCounts, `${folder}/conformance.json`, r.build.mode);
    if (!report) fail([r.id], 'run-failed', `the suite (exit ${code}) wrote no report; see ${relative(ROOT, log)}`);
    else if (zero) fail([r.id], 'run-failed', zero);
    else {
      ctx.reports.set(r.id, report);
      Object.assign(col, { status: 'judged', report: `${folder}/conformance.html` });
    }
  }
  // A zero-config column was judged with no profile already: there is nothing to compare it with.
  if (!ctx.discovery || !report || group.some((r) => zeroConfig(r.build.site))) return;
  // The same run with no profile: discovery crawls each target first.
  const ddir = join(out, 'discovery', folder);
  const dlog = join(out, 'logs', `${folder}.discovery.log`);
  const dt = Date.now();
  try {
    const dcode = await judgeRun(ctx, `${folder}.discovery`, groupConfig(group, p, false), ddir, dlog, `${groupName(group)}: judge with no profile`);
    if (readReport(join(ddir, 'conformance.json'), dt)) for (const r of group) ctx.comparisons.push(compareRunFolders(r.id, r.build.mode, dir, ddir));
    else ctx.comparisonErrors.push(`${groupName(group)}: the run with no profile (exit ${dcode}) wrote no report; see ${relative(ROOT, dlog)}`);
  } catch (e) {
    ctx.comparisonErrors.push(`${groupName(group)}: the run with no profile failed: ${(e as Error).message.split('\n')[0]}`);
  }
}
