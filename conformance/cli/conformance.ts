// npm run conformance (installed: npx spec-conformance) — the main job. Flags: ./usage.ts; config
// file: ../config/ (docs/config.md). The run protocol: docs/design.md. A thin layer over the
// library (./api.ts, `run(config)`): flags → config → run → the exit code.
import { onStopSignal } from '../../launcher/signals';
import { parseRunArgs, UsageError } from '../run/args';
import { execute } from './api';
import { resolveRun } from './resolve-run';
import { hasReferenceSite, versionLine } from './suite-root';
import { usage } from './usage';

// A signal before Playwright starts ends the CLI at once (nothing is running yet that needs a gentle stop).
onStopSignal();

async function main(argv: string[]): Promise<number> {
  try {
    const args = parseRunArgs(argv);
    if (args.help) {
      console.log(usage({ referenceSite: hasReferenceSite() }));
      return 0;
    }
    if (args.version) {
      console.log(versionLine());
      return 0;
    }
    const { run, settings } = await resolveRun(args);
    // From here a stop signal stops Playwright gently: what finished is still reported.
    const stop = new AbortController();
    onStopSignal((sig) => stop.abort(sig));
    return (await execute(run, settings, { signal: stop.signal })).code;
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(e.message);
    return e.exitCode;
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code), (e: unknown) => {
  console.error(e instanceof Error ? e.message.split('\n')[0] : e);
  process.exit(2);
});
