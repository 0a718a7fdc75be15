// The command (npx spec-conformance; entry: ./conformance.ts), a thin layer over the library
// (./api.ts, `run(config)`): flags (./usage.ts) and the config file (../config/, docs/config.md) →
// the run → Playwright → the gate as the exit code. The run protocol: docs/design.md.
import { onStopSignal } from '../../launcher/signals';
import { parseRunArgs, UsageError } from '../run/args';
import type { Run } from '../run/model';
import { execute } from './api';
import { endRun, resolveRun } from './resolve-run';
import { ownTheProcess } from './scratch';
import { versionLine } from './suite-root';
import { usage } from './usage';
import { listTests, showTrace } from './runner-flags';

/** Runs the command with these arguments; resolves to its exit code (0, 1, 2, 130/143). */
export async function main(argv: string[]): Promise<number> {
  // A signal before Playwright starts ends the command at once (nothing is running yet that needs a gentle stop).
  onStopSignal();
  // The command's process is the run's: its own browsers keep their temporary files in the run's folder too.
  ownTheProcess();
  let run: Run | undefined;
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
    // A trace of the report, in the viewer of the Playwright that recorded it: no run.
    if (args.showTrace !== undefined) return await showTrace(args.showTrace, args.out);
    // The tests only, as Playwright lists them: no config, target or browser needed.
    if (args.list) return await listTests(args);
    const resolved = await resolveRun(args);
    run = resolved.run;
    // From here a stop signal stops Playwright gently: what finished is still reported.
    const stop = new AbortController();
    onStopSignal((sig) => stop.abort(sig));
    return (await execute(run, resolved.settings, { signal: stop.signal })).code;
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(e.message);
    return e.exitCode;
  } finally {
    endRun(run);
  }
}
