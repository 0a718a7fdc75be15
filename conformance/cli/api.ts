import { appendFileSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { signalExitCode } from '../../launcher/exit-code';
import { spawnGuarded } from '../../launcher/group';
import type { StopSignal } from '../../launcher/signals';
import type { Settings } from '../config/apply';
import { pemCertificates } from '../config/access';
import { findConfigFile, validateConfig, type LoadedConfig } from '../config/load';
import type { SpecConformanceConfig } from '../config/model';
import type { Report } from '../report/model';
import type { LastRun } from '../report/publish';
import { readReport } from '../report/validate';
import { secretsEnv } from '../run/access';
import { parseRunArgs, UsageError } from '../run/args';
import { runEnv, scratchOf, writeRunFile } from '../run/channel';
import { patience } from '../run/slow';
import { since, shownPath } from '../../launcher/format';
import { summaryLines } from './summary';
import { fitSummary, jobSummary } from '../report/job-summary';
import { consoleAnswerOf } from '../report/console-answer';
import { escapeMarkdown } from '../report/escape';
import { annotations } from './annotations';
import { compareReports, comparisonConsole, comparisonMarkdown, readCompared } from './compare';
import { updateExpectations } from './update-expectations';
import { judgeReportAgain } from './from-report';
import type { Run } from '../run/model';
import { endRun, resolveRun } from './resolve-run';
import { stageBlobs } from './merge-input';
import { tmpEnv } from './scratch';
import { suiteRoot } from './suite-root';
import { playwrightCli, suiteConfigFile } from './runner-flags';

/**
 * The library under the command: `run(config)` judges the config's targets and resolves
 * to the report (conformance/report/model.ts `Report`); the CLI (conformance.ts) parses its flags
 * and calls the same steps. Bad input throws UsageError (one sentence; the CLI's exit 2).
 */
export interface RunOptions {
  /** The folder relative paths of the config start from (default: the working directory). */
  cwd?: string;
  /** More settings as command-line flags, e.g. ['--grep', '@R2.2'] or ['--ca', 'ca.pem']. */
  args?: string[];
  /** The run's own lines (config, pre-flight, access; default: standard output). */
  log?: (line: string) => void;
  /** Playwright's output: shown (default) or not. */
  stdio?: 'inherit' | 'ignore';
  /** Stops the run as Ctrl-C does: Playwright stops gently and what finished is reported. */
  signal?: AbortSignal;
}

export async function runConformance(config: SpecConformanceConfig, opts: RunOptions = {}): Promise<Report> {
  const cwd = resolve(opts.cwd ?? process.cwd());
  const errors = validateConfig(config);
  if (errors.length) throw new UsageError(`The config given to run() is not valid: ${errors.join('; ')} (schema spec/schemas/config.schema.json, docs/config.md).`);
  const args = parseRunArgs(opts.args ?? []);
  if (args.config !== undefined) throw new UsageError('--config does not go with run(config): the config is the one given.');
  if (args.list) throw new UsageError('--list does not go with run(config), which runs the tests: list them with npx spec-conformance --list.');
  const loaded: LoadedConfig = { file: 'run(config)', dir: cwd, config };
  const { run, settings } = await resolveRun(args, opts.log, cwd, loaded);
  try {
    const done = await execute(run, settings, { stdio: opts.stdio, signal: opts.signal, log: opts.log });
    if (done.stoppedBy) throw new Error(`The run was stopped (${done.stoppedBy}); what finished is in ${run.out}.`);
    if (done.last?.status !== 'report') throw new UsageError(done.last?.reason ? `No conformance test ran: ${done.last.reason.replace(/\.$/, '')}.` : `The run wrote no report (Playwright exited ${done.playwrightCode}); its output says why.`);
    const file = join(run.out, 'conformance.json');
    const read = readReport(file);
    if ('problem' in read) throw new UsageError(`The report ${shownPath(file, cwd)} cannot be read back: ${read.problem}.`);
    return read.report;
  } finally {
    // As the command does at its end: a script calling run() again and again leaves no folder behind.
    endRun(run);
  }
}

export interface Executed {
  /** The CLI's exit code: 0 gate passed, 1 failed, 2 no test ran, 130/143 stopped. */
  code: number;
  playwrightCode: number;
  last?: LastRun;
  stoppedBy?: StopSignal;
}

/**
 * Runs Playwright on a resolved Run: the Run through its file, the secrets through the
 * environment only (run/access.ts), Node's trust of the workers through NODE_EXTRA_CA_CERTS.
 */
export async function execute(run: Run, settings: Settings, opts: { stdio?: 'inherit' | 'ignore'; signal?: AbortSignal; log?: (line: string) => void } = {}): Promise<Executed> {
  const log = opts.log ?? ((l: string) => process.stdout.write(`${l}\n`));
  // --from-report: no Playwright; the report in place judged again (from-report.ts), then said as after a run.
  if (run.kind === 'report') {
    const passed = afterReport(run, settings, log, judgeReportAgain(run));
    return { code: passed ? 0 : 1, playwrightCode: 0, last: { finishedAt: new Date().toISOString(), status: 'report', gatePassed: passed } };
  }
  const root = suiteRoot();
  const file = writeRunFile(run);
  const started = new Date();
  const bin = playwrightCli();
  // The suite's own config (the repository's root config adds its reference site and site checks).
  const config = suiteConfigFile(root);
  const pwArgs = run.kind === 'merge'
    // Unpacked in the run's working folder: merge-reports writes into the folder it is given.
    ? ['merge-reports', '--config', config, stageBlobs(run.mergeFrom!, scratchOf(run))]
    : ['test', '--config', config, ...run.targets.flatMap((t) => ['--project', t.mode]), ...run.options.playwrightArgs];
  // TMPDIR: the browsers' profiles in the run's working folder, so a run killed outright leaves them where the next start looks.
  const env = { ...process.env, ...runEnv(file), ...tmpEnv(scratchOf(run)), ...secretsEnv(settings.access.secrets), ...nodeTrustEnv(run), NEXT_TELEMETRY_DISABLED: '1' };
  // Playwright in its own process group under guard.cjs: it goes when this process goes, however.
  const pw = spawnGuarded(process.execPath, [bin, ...pwArgs], { cwd: root, env, stdio: opts.stdio ?? 'inherit' });
  let stoppedBy: StopSignal | undefined;
  const stop = (sig: StopSignal) => {
    stoppedBy = sig;
    console.error(`\n${sig}: stopping the run (what finished is still reported)…`);
    // SIGINT is Playwright's own graceful stop: global teardown runs and the reporter writes what it has.
    pw.signal('SIGINT');
    setTimeout(() => pw.signal('SIGKILL'), patience(10_000)).unref();
  };
  // The reason names the signal when the CLI aborts on one (its stop handler); else Ctrl-C's way.
  const onAbort = () => stop(opts.signal?.reason === 'SIGTERM' ? 'SIGTERM' : 'SIGINT');
  if (opts.signal?.aborted) onAbort();
  else opts.signal?.addEventListener('abort', onAbort, { once: true });
  const playwrightCode = await pw.exited;
  opts.signal?.removeEventListener('abort', onAbort);
  log(`Wall time: ${since(started.getTime())}`);
  if (stoppedBy) return { code: signalExitCode(stoppedBy), playwrightCode, stoppedBy };
  const last = lastRun(run.out, started);
  const passed = last?.status === 'report' ? afterReport(run, settings, log, last.gatePassed) : undefined;
  // A report of this run: its gate is the exit code. Tests that failed as their expectations say
  // (accepted, or known deviations) make Playwright exit 1, yet the gate passes (conformance/report/gate.ts).
  const code = last?.status === 'not-run' ? 2 : passed !== undefined ? (passed ? 0 : 1) : playwrightCode === 0 ? 0 : 1;
  return { code, playwrightCode, last };
}

/**
 * Once a report is in place: --update-expectations (the baseline written and the report judged again
 * with it, report/baseline.ts), the answer printed, the job summary appended. Returns whether the gate passes.
 */
function afterReport(run: Run, settings: Settings, log: (line: string) => void, gatePassed: boolean | undefined): boolean | undefined {
  const cwd = run.cwd ?? process.cwd();
  const update = settings.updateExpectations ? updateExpectations(run, settings.baselineFile) : undefined;
  const report = JSON.parse(readFileSync(join(run.out, 'conformance.json'), 'utf8')) as Report;
  const compared = run.options.compare ? compareReports(report, readCompared(run.options.compare, cwd).report, shownPath(run.options.compare, cwd)) : undefined;
  for (const line of [...summaryLines(run.out, cwd, false, acceptCommand(run, settings, cwd), compared ? comparisonConsole(compared) : [], report), ...(update?.lines ?? [])]) log(line);
  const answer = consoleAnswerOf(report, run.out, run.out);
  // Inside GitHub Actions: an annotation per finding, on the job's page (no token needed).
  for (const line of annotations(answer)) log(line);
  if (settings.summary) appendSummary(settings.summary, jobSummary(answer, readFileSync(join(run.out, 'conformance.md'), 'utf8'), compared ? comparisonMarkdown(compared, escapeMarkdown) : []), join(run.out, 'conformance.md'), log, cwd);
  return update ? update.passed : gatePassed;
}

/**
 * The command that accepts this report, run where this one was: --from-report takes none of the flags
 * that shaped the run (--target, --ca …), so only the config (when not the one found here by
 * convention) and the report folder (when not the default) are named.
 */
function acceptCommand(run: Run, settings: Settings, cwd: string): string {
  const config = settings.configFile ? resolve(cwd, settings.configFile) : undefined;
  const named = config && existsSync(config) && findConfigFile(cwd) !== config ? ` --config ${shownPath(config, cwd)}` : '';
  const defaultOut = resolve(config && existsSync(config) ? dirname(config) : cwd, 'reports');
  const out = resolve(run.out) !== defaultOut ? ` --out ${shownPath(run.out, cwd)}` : '';
  return `npx spec-conformance${named}${out} --update-expectations --from-report`;
}

/**
 * Node's side of the trust in Playwright's processes (route.fetch of a test, say): the CA file
 * through NODE_EXTRA_CA_CERTS, which Node reads when a process starts — joined with the one
 * already set, if another, in <out>/.run/ca-bundle.pem (certificates are public).
 */
function nodeTrustEnv(run: Run): Record<string, string> {
  const ca = run.access?.trust.ca;
  if (!ca) return {};
  const extra = process.env.NODE_EXTRA_CA_CERTS;
  if (!extra || resolve(extra) === ca) return { NODE_EXTRA_CA_CERTS: ca };
  const bundle = join(scratchOf(run), 'ca-bundle.pem');
  const read = (f: string) => { try { return pemCertificates(readFileSync(f, 'utf8')); } catch { return []; } };
  writeFileSync(bundle, `${[...read(extra), ...read(ca)].join('\n')}\n`);
  return { NODE_EXTRA_CA_CERTS: bundle };
}

/** --summary: the Markdown report appended to a file (GitHub's job summary is one such file). */
function appendSummary(file: string, summary: string, markdown: string, log: (line: string) => void, cwd: string): void {
  try {
    const already = existsSync(file) ? statSync(file).size : 0;
    const { text, cut } = fitSummary(summary, already, shownPath(markdown, cwd));
    appendFileSync(file, text);
    log(`Summary: ${shownPath(markdown, cwd)} ${!cut ? 'appended' : text ? 'cut to fit the CI\'s 1 MiB per step, and appended' : 'not appended (the file is at the CI\'s 1 MiB already)'} to ${shownPath(file, cwd)}`);
  } catch (e) {
    console.error(`--summary ${file}: could not append the report (${(e as Error).message.split('\n')[0]}).`);
  }
}

/** What the reporter wrote in last-run.json during this run, if it did. */
function lastRun(out: string, since: Date): LastRun | undefined {
  try {
    const last = JSON.parse(readFileSync(join(out, 'last-run.json'), 'utf8')) as LastRun;
    return new Date(last.finishedAt) >= since ? last : undefined;
  } catch {
    return undefined;
  }
}
