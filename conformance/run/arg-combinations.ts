import type { Mode } from '../../spec/clauses';
import { UsageError } from './usage-error';

/** What of the parsed command line (args.ts `RunArgs`) the combinations read. */
interface Given {
  target?: string; mode?: Mode; projects: Mode[]; otherBuild?: string; profile?: string; writeProfile?: string; merge?: string; fromReport: boolean;
  updateExpectations: boolean; shard?: unknown; lastFailed: boolean; list: boolean; compare?: string; rediscover: boolean; noDiscovery: boolean;
  allPages: boolean; maxPages?: number; ignoreRobots: boolean; force: boolean; isolate: boolean; ca?: string; insecure: boolean;
  workers?: unknown; slow?: unknown; reporters: string[]; playwrightArgs: string[];
}

/** The flags that do not go together, each refused in one sentence naming both (args.ts has parsed them). */
export function checkCombinations(out: Given): void {
  if (out.target && !out.mode) throw new UsageError('--target needs --mode static|server (how the target delivers its pages).');
  if (out.otherBuild && !out.target) throw new UsageError('--other-build goes with --target (for a config\'s target, write its "otherBuild" in the config).');
  if (out.target && out.projects.some((p) => p !== out.mode)) throw new UsageError(`--project ${out.projects.join(', ')} does not match --mode ${out.mode}: with --target, --mode alone says the mode.`);
  if (out.updateExpectations && out.shard) throw new UsageError('--update-expectations needs the whole run\'s verdicts: give it to the unsharded run (or to --merge\'s, after the shards).');
  // The discovery flags need a target given by URL: by --target or by the config (checked once it is read, cli/resolve-run.ts).
  if (out.merge !== undefined) {
    const clash = out.target ? '--target' : out.projects.length ? '--mode' : out.shard ? '--shard' : out.lastFailed ? '--last-failed' : out.playwrightArgs.length ? out.playwrightArgs[0] : undefined;
    if (clash) throw new UsageError(`--merge rebuilds the report from earlier shards and runs no test, so ${clash} does not go with it.`);
  }
  if (out.rediscover && out.noDiscovery) throw new UsageError('--rediscover crawls the site again and --no-discovery crawls nothing: give one or the other.');
  if (out.list && (out.merge !== undefined || out.fromReport || out.updateExpectations || out.compare !== undefined)) {
    throw new UsageError(`--list lists the tests and runs none, so ${out.merge !== undefined ? '--merge' : out.fromReport ? '--from-report' : out.updateExpectations ? '--update-expectations' : '--compare'} does not go with it: leave one out.`);
  }
  if (out.fromReport) {
    // Every flag that shapes a test run: none applies to a report already written.
    const shaping: [boolean, string][] = [[out.merge !== undefined, '--merge'], [!!out.target, '--target'], [out.projects.length > 0, '--mode'], [!!out.profile, '--profile'],
      [!!out.otherBuild, '--other-build'], [!!out.writeProfile, '--write-profile'], [out.allPages, '--all-pages'], [out.maxPages !== undefined, '--max-pages'],
      [out.ignoreRobots, '--ignore-robots'], [out.noDiscovery, '--no-discovery'], [out.rediscover, '--rediscover'], [out.force, '--force'], [out.isolate, '--isolate'], [!!out.ca, '--ca'],
      [out.insecure, '--insecure'], [out.workers !== undefined, '--workers'], [out.slow !== undefined, '--slow'], [!!out.shard, '--shard'],
      [out.reporters.length > 0, '--reporter'], [out.lastFailed, '--last-failed'], [out.playwrightArgs.length > 0, out.playwrightArgs[0]]];
    const clash = shaping.find(([given]) => given)?.[1];
    if (clash) throw new UsageError(`--from-report judges the report already written and runs no test, so ${clash} does not go with it: leave it out, or run without --from-report.`);
  }
}
