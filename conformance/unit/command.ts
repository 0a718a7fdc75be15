import { execute } from '../cli/api';
import { removeScratch, resolveRun } from '../cli/resolve-run';
import { parseRunArgs } from '../run/args';

/** The command run in this process from `cwd` (a run that starts no test: --from-report), with its exit code and every line it printed. */
export async function command(cwd: string, argv: string[]): Promise<{ code: number; text: string }> {
  const lines: string[] = [];
  const { run, settings } = await resolveRun(parseRunArgs(argv), (l) => lines.push(l), cwd);
  const done = await execute(run, settings, { log: (l) => lines.push(l) });
  removeScratch(run);
  return { code: done.code, text: lines.join('\n') };
}
