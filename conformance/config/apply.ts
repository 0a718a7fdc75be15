import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Mode } from '../../spec/clauses';
import { BASELINE_FILE, type Expectation, type ExpectationsInput } from '../expectations/model';
import { UsageError, type RunArgs } from '../run/args';
import type { GateLevels } from '../run/gate-levels';
import { CONFIG_BASENAME, findConfigFile, loadConfig, type LoadedConfig } from './load';
import { shownPath } from '../../launcher/format';
import type { SlowSetting } from '../run/slow';
import { settleAccess, type SettledAccess } from './access';

/** One deployment to judge, by URL, with its paths made absolute. */
export interface TargetSetting {
  url: string;
  mode: Mode;
  profile?: string;
  otherBuild?: string;
  /** Given by --target, or a target of the config file. */
  from: 'flag' | 'config';
}

/** Expectation inputs with the folder their relative paths start from. */
export interface ExpectationSource {
  inputs: ExpectationsInput[];
  baseDir: string;
  /** For messages: '--expectations' or the config file. */
  from: string;
}

/** What the run is to do, flags over the config file (cli/resolve-run.ts turns it into the Run). */
export interface Settings {
  /** The config file as shown to the user (relative to the working directory). */
  configFile?: string;
  /** By URL, from --target or the config; empty: none given. */
  targets: TargetSetting[];
  /** Absolute; undefined: the default folder. */
  out?: string;
  workers?: number | string;
  /** The harness's patience: --slow over the config's `slow` (each a factor or auto); undefined: measure. */
  slow: { flag?: SlowSetting; config?: SlowSetting };
  /** Absolute path of the file conformance.md is appended to. */
  summary?: string;
  force: boolean;
  discovery: { enabled: boolean; maxPages?: number; ignoreRobots: boolean; allPages: boolean };
  /** The config's first, then the flags' (later ones win for the same clause or part and mode). */
  expectations: ExpectationSource[];
  /** Where the team's accepted verdicts are kept (spec-conformance.expectations.json beside the config, or in the working directory). */
  baselineFile: string;
  /** --update-expectations: write them there after the run (report/baseline.ts). */
  updateExpectations: boolean;
  /** The config's `gate` levels (absent: the strict gate). */
  gateLevels?: Partial<GateLevels>;
  /** Trust and credentials (config/access.ts): the facts, and the secrets kept apart. */
  access: SettledAccess;
}

/** The config named by --config, else the one in the working directory, else none. */
export async function configFor(args: Pick<RunArgs, 'config'> & Partial<Pick<RunArgs, 'target' | 'merge' | 'fromReport'>>, cwd = process.cwd()): Promise<LoadedConfig | undefined> {
  // --target replaces the config's targets; --merge and --from-report judge a run that is over: none needs their URLs.
  const opts = { targetsReplaced: !!args.target || args.merge !== undefined || !!args.fromReport };
  if (args.config !== undefined) {
    const file = resolve(cwd, args.config);
    if (!existsSync(file)) throw new UsageError(`--config ${args.config}: no such file (a config is ${CONFIG_BASENAME}.{ts,mjs,json}, see docs/config.md).`);
    return loadConfig(file, opts);
  }
  const found = findConfigFile(cwd);
  return found ? loadConfig(found, opts) : undefined;
}

/**
 * Flags over the config: --target (with --mode, --profile, --other-build) replaces the config's
 * targets; --out, --workers, --slow, --summary, --max-pages, --no-discovery replace theirs; --force and
 * --ignore-robots switch on; --expectations add to the config's; --project picks among the
 * config's targets. Paths in the config are relative to its folder, on the command line to the
 * working directory.
 */
export function settle(args: RunArgs, loaded: LoadedConfig | undefined, cwd = process.cwd(), env: NodeJS.ProcessEnv = process.env): Settings {
  const c = loaded?.config ?? {};
  // The file as the user's shell reaches it, in messages and in the report.
  const from = loaded ? shownPath(loaded.file, cwd) : '';
  const inConfig = (p: string) => resolve(loaded!.dir, p);
  let targets: TargetSetting[] = [];
  if (args.target) {
    targets = [{ url: args.target, mode: args.mode!, from: 'flag', ...(args.profile ? { profile: resolve(cwd, args.profile) } : {}), ...(args.otherBuild ? { otherBuild: args.otherBuild } : {}) }];
  } else if (c.targets?.length) {
    const modes = new Set<Mode>();
    for (const t of c.targets) {
      if (modes.has(t.mode)) throw new UsageError(`Config file ${from}: two targets with mode ${t.mode}; give at most one target per delivery mode (one run judges one static and one server build).`);
      modes.add(t.mode);
    }
    if (args.profile || args.otherBuild) throw new UsageError(`${args.profile ? '--profile' : '--other-build'} goes with --target; for the targets of ${from}, set ${args.profile ? 'profile' : 'otherBuild'} on the target in the file.`);
    targets = c.targets.map((t): TargetSetting => ({ url: t.url, mode: t.mode, from: 'config', ...(t.profile ? { profile: inConfig(t.profile) } : {}), ...(t.otherBuild ? { otherBuild: t.otherBuild } : {}) }));
    if (args.projects.length) {
      targets = targets.filter((t) => args.projects.includes(t.mode));
      if (!targets.length) throw new UsageError(`--mode ${args.projects.join(', ')}: ${from} has no target with that mode.`);
    }
  }
  const byUrl = targets.length > 0;
  if (!byUrl) {
    for (const [flag, given] of [['--max-pages', args.maxPages !== undefined], ['--ignore-robots', args.ignoreRobots], ['--write-profile', args.writeProfile !== undefined], ['--no-discovery', args.noDiscovery], ['--all-pages', args.allPages]] as const) {
      if (given) throw new UsageError(`${flag} goes with --target or a config file's targets (discovery crawls a target given by URL).`);
    }
  }
  if (byUrl && (args.allPages || c.allPages === true) && (args.noDiscovery || c.discovery === false)) {
    throw new UsageError(`${args.allPages ? '--all-pages' : `allPages in ${from}`} checks every page discovery finds, so it needs discovery: leave out ${args.noDiscovery ? '--no-discovery' : `discovery: false`}, or list the pages in the profile's sitePages.`);
  }
  if (args.writeProfile && targets.length > 1) throw new UsageError('--write-profile keeps the profile of one target: with two targets in the config, give --mode static or --mode server.');
  const d = c.discovery;
  const expectations: ExpectationSource[] = [];
  if (c.expectations?.length) {
    const source = `config: ${from}`;
    expectations.push({ inputs: c.expectations.map((e): ExpectationsInput => (typeof e === 'string' ? e : [{ ...(e as Expectation), source }])), baseDir: loaded!.dir, from });
  }
  // The team's accepted verdicts, by convention beside the config (or in the working directory): after the config's own, before the flags'.
  const baselineFile = join(loaded?.dir ?? cwd, BASELINE_FILE);
  if (existsSync(baselineFile)) expectations.push({ inputs: [baselineFile], baseDir: dirname(baselineFile), from: shownPath(baselineFile, cwd) });
  if (args.expectations.length) expectations.push({ inputs: args.expectations, baseDir: cwd, from: '--expectations' });
  return {
    ...(loaded ? { configFile: from } : {}),
    targets,
    out: args.out !== undefined ? resolve(cwd, args.out) : c.out !== undefined ? inConfig(c.out) : loaded ? inConfig('reports') : undefined,
    workers: args.workers ?? c.workers,
    slow: { flag: args.slow, config: c.slow },
    // An empty --summary is "$GITHUB_STEP_SUMMARY" outside GitHub Actions: no summary, and the config's none either (resolve-run.ts says so).
    summary: args.summary !== undefined ? (args.summary === '' ? undefined : resolve(cwd, args.summary)) : c.summary !== undefined ? inConfig(c.summary) : undefined,
    force: args.force || c.force === true,
    discovery: {
      enabled: byUrl && !args.noDiscovery && d !== false,
      maxPages: args.maxPages ?? (typeof d === 'object' ? d.maxPages : undefined),
      ignoreRobots: args.ignoreRobots || (typeof d === 'object' && d.ignoreRobots === true),
      allPages: args.allPages || c.allPages === true,
    },
    expectations,
    baselineFile,
    updateExpectations: args.updateExpectations,
    ...(c.gate ? { gateLevels: c.gate } : {}),
    access: settleAccess(args, loaded, env, cwd),
  };
}
