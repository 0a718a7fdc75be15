// npm run conformance — the main job. Flags: ./usage.ts. The run protocol: docs/design.md.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { signalExitCode } from '../../launcher/exit-code';
import { spawnGuarded } from '../../launcher/group';
import { onStopSignal, type StopSignal } from '../../launcher/signals';
import type { LastRun } from '../report/publish';
import { parseRunArgs, UsageError } from '../run/args';
import { ROOT, runEnv, writeRunFile } from '../run/channel';
import type { Run } from '../run/model';
import { resolveRun } from './resolve-run';
import { USAGE } from './usage';

// A signal before Playwright starts ends the CLI at once (nothing is running yet that needs a gentle stop).
onStopSignal();

async function main(argv: string[]): Promise<number> {
  let run: Run;
  try {
    const args = parseRunArgs(argv);
    if (args.help) {
      console.log(USAGE);
      return 0;
    }
    run = await resolveRun(args);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(e.message);
    return 2;
  }
  const file = writeRunFile(run);
  const started = new Date();
  // Resolved like any dependency: installed as a package, Playwright sits in the caller's node_modules.
  let bin = '';
  try { bin = require.resolve('@playwright/test/cli'); } catch { /* reported below */ }
  if (!bin || !existsSync(bin)) {
    console.error('Playwright is not installed here: run npm install first.');
    return 2;
  }
  const config = join(ROOT, 'playwright.config.ts');
  const pwArgs = run.kind === 'merge'
    ? ['merge-reports', '--config', config, run.mergeFrom!]
    : ['test', '--config', config, ...run.targets.flatMap((t) => ['--project', t.mode]), ...run.options.playwrightArgs];
  // Playwright in its own process group under guard.cjs: it goes when this process goes, however.
  const pw = spawnGuarded(process.execPath, [bin, ...pwArgs], { cwd: ROOT, env: { ...process.env, ...runEnv(file), NEXT_TELEMETRY_DISABLED: '1' } });
  let stoppedBy: StopSignal | undefined;
  onStopSignal((sig) => {
    stoppedBy = sig;
    console.error(`\n${sig}: stopping the run (what finished is still reported)…`);
    // SIGINT is Playwright's own graceful stop: global teardown runs and the reporter writes what it has.
    pw.signal('SIGINT');
    setTimeout(() => pw.signal('SIGKILL'), 10_000).unref();
  });
  const code = await pw.exited;
  console.log(`Wall time: ${((Date.now() - started.getTime()) / 1000).toFixed(1)} s`);
  if (stoppedBy) return signalExitCode(stoppedBy);
  const last = lastRun(run.out, started);
  if (last?.status === 'not-run') return 2; // its reason is already printed
  // A report of this run: its gate is the exit code. Tests that failed as their expectations say
  // (known deviations) make Playwright exit 1, yet the gate passes (conformance/report/gate.ts).
  if (last?.status === 'report') return last.gatePassed ? 0 : 1;
  return code === 0 ? 0 : 1;
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

main(process.argv.slice(2)).then((code) => process.exit(code), (e: unknown) => {
  console.error(e instanceof Error ? e.message.split('\n')[0] : e);
  process.exit(2);
});
