import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Mode } from '../../spec/clauses';
import { parseSlow, type SlowSetting } from './slow';
import { EXTRA_REPORTERS, placedReporter } from './reporters';
import { checkCombinations } from './arg-combinations';
import { UsageError } from './usage-error';

export { UsageError } from './usage-error';

/** The command line, parsed once (node:util parseArgs) and checked for shape; the file system and network are checked later (cli/resolve-run.ts). */
export interface RunArgs {
  help: boolean;
  /** --version: print the package's name and version (and its Playwright's), exit 0. */
  version: boolean;
  /** --config <file>: the config file (default: spec-conformance.config.{ts,mjs,json,…} in the working directory). */
  config?: string;
  /** --summary <file>: append conformance.md to this file after the run (GitHub's $GITHUB_STEP_SUMMARY). */
  summary?: string;
  target?: string;
  mode?: Mode;
  profile?: string;
  out?: string;
  otherBuild?: string;
  /** --ca <file>: a PEM file of certificate authorities the whole run trusts (config/access.ts). */
  ca?: string;
  /** --insecure: accept an untrusted certificate. */
  insecure: boolean;
  merge?: string;
  /** --from-report: judge the gate again on the report already in the output folder, with this run's expectations; no test runs (cli/from-report.ts). */
  fromReport: boolean;
  force: boolean;
  /** --isolate: a new browser context for every test instead of one per worker, reset between tests. */
  isolate: boolean;
  maxPages?: number;
  ignoreRobots: boolean;
  /** --all-pages: the every-page clauses check every page discovery finds, not a sample of each route shape. */
  allPages: boolean;
  writeProfile?: string;
  /** --no-discovery: use the profile as given, no crawl. */
  noDiscovery: boolean;
  /** --expectations <preset|file>, repeatable, in order (conformance/expectations/model.ts); added after the config's. */
  expectations: string[];
  /** --update-expectations: write this run's verdicts that are not passed to spec-conformance.expectations.json (report/baseline.ts). */
  updateExpectations: boolean;
  /** Which of the config's targets to judge: --mode without --target (or Playwright's spelling, --project); empty: all. */
  projects: Mode[];
  workers?: number | string;
  /** --slow <factor|auto>: the harness's patience (run/slow.ts); absent or auto: measured at the start. */
  slow?: SlowSetting;
  reporters: string[];
  /** --list: list the tests, visit nothing (cli/runner-flags.ts). */
  list: boolean;
  /** --show-trace <file>: open a trace of the report in the package's own Playwright trace viewer (cli/runner-flags.ts). */
  showTrace?: string;
  /** --last-failed: rerun the clauses that failed the gate in the last report in --out (cli/runner-flags.ts). */
  lastFailed: boolean;
  /** --rediscover: crawl the site again instead of using the profile --update-expectations kept (cli/kept-profile.ts). */
  rediscover: boolean;
  /** --compare <folder or conformance.json>: a report to compare this run's verdicts with (cli/compare.ts). */
  compare?: string;
  shard?: { current: number; total: number };
  /** A test filter was given (--grep, --grep-invert, --last-failed, or file filters after `--`): the gate then covers the selected clauses only. */
  filtered: boolean;
  /** Handed to `playwright test` unchanged: the pass-through flags as written, then everything after `--`. */
  playwrightArgs: string[];
}

/** Playwright flags the CLI accepts and hands on as written (value-taking, then boolean). */
export const PASS_THROUGH_VALUE = ['grep', 'grep-invert', 'shard', 'repeat-each', 'retries', 'max-failures', 'output', 'timeout', 'trace', 'global-timeout'] as const;
export const PASS_THROUGH_BOOLEAN = ['x', 'headed', 'debug', 'list', 'pass-with-no-tests', 'fully-parallel', 'forbid-only', 'quiet', 'last-failed', 'fail-on-flaky-tests'] as const;

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
  config: { type: 'string', short: 'c' },
  summary: { type: 'string' },
  target: { type: 'string' },
  mode: { type: 'string' },
  profile: { type: 'string' },
  out: { type: 'string' },
  'other-build': { type: 'string' },
  ca: { type: 'string' },
  insecure: { type: 'boolean' },
  merge: { type: 'string' },
  'from-report': { type: 'boolean' },
  force: { type: 'boolean' },
  isolate: { type: 'boolean' },
  'max-pages': { type: 'string' },
  'ignore-robots': { type: 'boolean' },
  'all-pages': { type: 'boolean' },
  'write-profile': { type: 'string' },
  'no-discovery': { type: 'boolean' },
  expectations: { type: 'string', multiple: true },
  'update-expectations': { type: 'boolean', short: 'u' },
  // Playwright's, interpreted here: which projects, how many workers, extra reporters.
  project: { type: 'string', multiple: true },
  workers: { type: 'string', short: 'j' },
  slow: { type: 'string' },
  reporter: { type: 'string', multiple: true },
  compare: { type: 'string' },
  'show-trace': { type: 'string' },
  rediscover: { type: 'boolean' },
  // Playwright's, handed on as written.
  grep: { type: 'string', short: 'g' },
  ...Object.fromEntries(PASS_THROUGH_VALUE.filter((n) => n !== 'grep').map((n) => [n, { type: 'string' }])),
  ...Object.fromEntries(PASS_THROUGH_BOOLEAN.map((n) => [n, { type: 'boolean' }])),
} satisfies ParseArgsConfig['options'];

const EMPTY_REFUSED: [string, string][] = [['out', 'the folder the report goes to (e.g. --out reports)'], ['config', 'the config file'], ['profile', 'the profile file'],
  ['write-profile', 'the file to write the profile to'], ['ca', 'the PEM file of the CA'], ['merge', "the folder of the shards' blob reports"], ['target', 'the URL of the site'], ['other-build', 'the URL of the other build'], ['compare', 'the folder (or conformance.json) of the report to compare with'], ['show-trace', 'the trace file the report names']];

const PASS_THROUGH = new Set<string>([...PASS_THROUGH_VALUE, ...PASS_THROUGH_BOOLEAN]);

/** Parses the CLI's arguments; throws UsageError with a one-sentence message on bad input. */
export function parseRunArgs(argv: string[]): RunArgs {
  // `npm run conformance -- -- --grep x` and wrappers that keep npm's separator: a leading `--` is not a terminator.
  const args = argv[0] === '--' ? argv.slice(1) : argv;
  const cut = args.indexOf('--');
  const own = cut < 0 ? args : args.slice(0, cut);
  const rest = cut < 0 ? [] : args.slice(cut + 1);
  let parsed;
  try {
    parsed = parseArgs({ args: own, options: OPTIONS, strict: true, allowPositionals: true, tokens: true });
  } catch (e) {
    throw new UsageError(describeParseError(e as Error & { code?: string }));
  }
  const v = parsed.values as Record<string, string | string[] | boolean | undefined>;
  const str = (name: string) => v[name] as string | undefined;
  const positional = parsed.positionals[0];
  if (positional !== undefined) throw new UsageError(`Unexpected argument "${positional}": Playwright's test-file filters go after a separate \`--\` (e.g. -- R2.2-not-found).`);

  const out: RunArgs = {
    help: !!v.help,
    version: !!v.version,
    config: str('config'),
    summary: str('summary'),
    target: str('target'),
    profile: str('profile'),
    out: str('out'),
    otherBuild: str('other-build'),
    ca: str('ca'),
    insecure: !!v.insecure,
    merge: str('merge'),
    fromReport: !!v['from-report'],
    force: !!v.force,
    isolate: !!v.isolate,
    ignoreRobots: !!v['ignore-robots'],
    allPages: !!v['all-pages'],
    writeProfile: str('write-profile'),
    noDiscovery: !!v['no-discovery'],
    expectations: (v.expectations as string[] | undefined) ?? [],
    updateExpectations: !!v['update-expectations'],
    projects: [],
    reporters: ((v.reporter as string[] | undefined) ?? []).flatMap((r) => r.split(',')).map((r) => r.trim()).filter(Boolean),
    playwrightArgs: [],
    filtered: false,
    list: !!v.list,
    lastFailed: !!v['last-failed'],
    compare: str('compare'),
    showTrace: str('show-trace'),
    rediscover: !!v.rediscover,
  };
  // An empty path is no path: `--out ''` would be the working folder itself (--summary '' alone means none).
  const empty = EMPTY_REFUSED.find(([name]) => str(name)?.trim() === '');
  if (empty) throw new UsageError(`--${empty[0]} is empty: give ${empty[1]}.`);
  const reporter = out.reporters.find((r) => !placedReporter(r, ''));
  if (reporter) throw new UsageError(`--reporter ${reporter} is not one this command runs: give ${EXTRA_REPORTERS.join(', ')} (a file-writing one writes under --out), or leave it out.`);
  if (out.lastFailed && (v.grep !== undefined || v['grep-invert'] !== undefined)) throw new UsageError('--last-failed picks the tests itself (the clauses that failed the gate in the last report in --out), so --grep and --grep-invert do not go with it: give one or the other.');
  const mode = str('mode');
  if (mode !== undefined) {
    if (mode !== 'static' && mode !== 'server') throw new UsageError(`--mode must be static or server, not "${mode}".`);
    out.mode = mode;
  }
  for (const p of (v.project as string[] | undefined) ?? []) {
    if (p !== 'static' && p !== 'server') throw new UsageError(`--project must be static or server, not "${p}".`);
    if (!out.projects.includes(p)) out.projects.push(p);
  }
  const maxPages = str('max-pages');
  if (maxPages !== undefined) {
    if (!/^[1-9]\d*$/.test(maxPages)) throw new UsageError(`--max-pages needs a whole number of pages above 0, not "${maxPages}".`);
    out.maxPages = Number(maxPages);
  }
  const workers = str('workers');
  if (workers !== undefined) {
    if (!/^[1-9]\d*%?$/.test(workers)) throw new UsageError(`--workers needs a whole number above 0 or a percentage such as 50%, not "${workers}".`);
    out.workers = workers.endsWith('%') ? workers : Number(workers);
  }
  const slow = str('slow');
  if (slow !== undefined) {
    const given = parseSlow(slow);
    if (given === undefined) throw new UsageError(`--slow needs a factor from 1 to 10 (e.g. 2) or auto, not "${slow}".`);
    out.slow = given;
  }
  const shard = str('shard');
  if (shard !== undefined) {
    const m = /^(\d+)\/(\d+)$/.exec(shard);
    const current = Number(m?.[1]);
    const total = Number(m?.[2]);
    if (!m || current < 1 || total < 1 || current > total) throw new UsageError(`--shard needs current/total with 1 ≤ current ≤ total (e.g. 1/2), not "${shard}".`);
    out.shard = { current, total };
  }

  // Hand Playwright's own flags on exactly as they were written.
  for (const t of parsed.tokens ?? []) {
    // --last-failed is read from the report in --out (Playwright's own record is in the run's working folder, gone after the run).
    if (t.kind !== 'option' || !PASS_THROUGH.has(t.name) || (t.name as string) === 'last-failed') continue;
    if (t.value === undefined) out.playwrightArgs.push(t.rawName);
    else if (t.inlineValue) out.playwrightArgs.push(`${t.rawName}=${t.value}`);
    else out.playwrightArgs.push(t.rawName, t.value);
  }
  out.playwrightArgs.push(...rest);
  out.filtered = (parsed.tokens ?? []).some((t) => t.kind === 'option' && ['grep', 'grep-invert', 'last-failed'].includes(t.name)) || rest.some((a) => !a.startsWith('-'));

  // --mode alone picks the config's target of that mode.
  if (out.mode && !out.target && !out.projects.includes(out.mode)) out.projects.push(out.mode);
  checkCombinations(out);
  return out;
}

/** The value of a Playwright flag handed on as written (`--flag v` or `--flag=v`), if given. */
export function passedValue(args: readonly string[], flag: string): string | undefined {
  const at = args.findIndex((a) => a === flag || a.startsWith(`${flag}=`));
  return at < 0 ? undefined : args[at].includes('=') ? args[at].slice(flag.length + 1) : args[at + 1];
}

function describeParseError(e: Error & { code?: string }): string {
  const name = /'(-[^']+)'/.exec(e.message)?.[1];
  switch (e.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `Unknown option ${name ?? ''}: see --help for the options (Playwright options not listed there go after a separate \`--\`).`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return /argument missing|ambiguous/.test(e.message) ? `${optionName(e.message) ?? 'An option'} needs a value.` : `${optionName(e.message) ?? 'An option'} takes no value.`;
    default:
      return e.message.split('\n')[0];
  }
}

function optionName(message: string): string | undefined {
  return /'(--?[\w-]+)/.exec(message)?.[1];
}
