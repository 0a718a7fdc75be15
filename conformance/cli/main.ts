// The command's work (npx spec-conformance; entry: ./conformance.ts): flags (./usage.ts) and the
// config file (../config/, docs/config.md) → the run → Playwright → the gate as the exit code. The run
// protocol: docs/design.md.
import { appendFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { signalExitCode } from '../../launcher/exit-code';
import { spawnGuarded } from '../../launcher/group';
import { onStopSignal, type StopSignal } from '../../launcher/signals';
import type { LastRun } from '../report/publish';
import { parseRunArgs, UsageError } from '../run/args';
import { runEnv, writeRunFile } from '../run/channel';
import type { Run } from '../run/model';
import { resolveRun } from './resolve-run';
import { shown, summaryLines } from './summary';
import { updateExpectations } from './update-expectations';
import { suiteRoot, versionLine } from './suite-root';
import { usage } from './usage';
import { since } from '../../launcher/format';
import { patience } from '../run/slow';

/** Runs the command with these arguments; resolves to its exit code (0, 1, 2, 130/143). */
export async function main(argv: string[]): Promise<number> {
  // A signal before Playwright starts ends the CLI at once (nothing is running yet that needs a gentle stop).
  onStopSignal();
  let run: Run;
  let summary: string | undefined;
  let baseline: string | undefined;
  let root: string;
  try {
    const args = parseRunArgs(argv);
    if (args.help) {
      console.log(usage());
      return 0;
    }
    if (args.version) {
      console.log(versionLine());
      return 0;
    }
    const resolved = await resolveRun(args);
    run = resolved.run;
    summary = resolved.settings.summary;
    if (args.updateExpectations) baseline = resolved.settings.baselineFile;
    // Where Playwright runs the suite from (installed: a copy outside node_modules, see suite-root.ts).
    root = suiteRoot();
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(e.message);
    return 2;
  }
  // The run's working folder is the command's own unless the caller named one (SPEC_CONFORMANCE_SCRATCH): removed afterwards.
  const made = process.env.SPEC_CONFORMANCE_SCRATCH ? undefined : run.scratch;
  try {
    return await judge(run, root, summary, baseline);
  } finally {
    if (made) rmSync(made, { recursive: true, force: true });
  }
}

/** Playwright over the run, then what the command says and writes; resolves to the exit code. */
async function judge(run: Run, root: string, summary: string | undefined, baseline: string | undefined): Promise<number> {
  const file = writeRunFile(run);
  const started = new Date();
  // The package's own Playwright (installed: bundled in its tarball, never the project's copy).
  let bin = '';
  try { bin = require.resolve('@playwright/test/cli'); } catch { /* reported below */ }
  if (!bin || !existsSync(bin)) {
    console.error('Playwright is not installed here: run npm install first.');
    return 2;
  }
  // The suite's own config (the repository's root config adds its reference site and site checks).
  const config = join(root, 'conformance', 'playwright.config.ts');
  const pwArgs = run.kind === 'merge'
    ? ['merge-reports', '--config', config, run.mergeFrom!]
    : ['test', '--config', config, ...run.targets.flatMap((t) => ['--project', t.mode]), ...run.options.playwrightArgs];
  // Playwright in its own process group under guard.cjs: it goes when this process goes, however.
  const pw = spawnGuarded(process.execPath, [bin, ...pwArgs], { cwd: root, env: { ...process.env, ...runEnv(file), NEXT_TELEMETRY_DISABLED: '1' } });
  let stoppedBy: StopSignal | undefined;
  onStopSignal((sig) => {
    stoppedBy = sig;
    console.error(`\n${sig}: stopping the run (what finished is still reported)…`);
    // SIGINT is Playwright's own graceful stop: global teardown runs and the reporter writes what it has.
    pw.signal('SIGINT');
    setTimeout(() => pw.signal('SIGKILL'), patience(10_000)).unref();
  });
  const code = await pw.exited;
  console.log(`Wall time: ${since(started.getTime())}`);
  if (stoppedBy) return signalExitCode(stoppedBy);
  const last = lastRun(run.out, started);
  let updated: boolean | undefined;
  if (last?.status === 'report') {
    const update = baseline ? updateExpectations(run, baseline) : undefined;
    updated = update?.passed;
    for (const line of [...summaryLines(run.out, run.cwd ?? process.cwd()), ...(update?.lines ?? [])]) console.log(line);
    if (summary) appendSummary(summary, join(run.out, 'conformance.md'), run.cwd ?? process.cwd());
  }
  if (last?.status === 'not-run') return 2; // its reason is already printed
  // A report of this run: its gate is the exit code. Tests that failed as their expectations say
  // (known deviations) make Playwright exit 1, yet the gate passes (conformance/report/gate.ts).
  if (last?.status === 'report') return (updated ?? last.gatePassed) ? 0 : 1;
  return code === 0 ? 0 : 1;
}

/** --summary: the Markdown report appended to a file (GitHub's job summary is one such file). */
function appendSummary(file: string, markdown: string, cwd: string): void {
  try {
    appendFileSync(file, `${readFileSync(markdown, 'utf8').trimEnd()}\n\n`);
    console.log(`Summary: ${shown(markdown, cwd)} appended to ${shown(file, cwd)}`);
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
