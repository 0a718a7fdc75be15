// npm run conformance in the repository — the main job: the reference site (site/) built if stale and
// served in both delivery modes (or the one --mode names) on 127.0.0.1, each mode the other's C7.3
// "other build", then judged by the package's own command exactly as another team's site is: by URL,
// with its profile (fixtures/targets/reference.json), through a config file. Any other flag goes to the
// command (--grep, --out, --shard, --workers …). With --target, --config, --merge, --list, --help or --version
// this is the package's command itself, nothing is built (the mutants, the matrix and the bench
// judge their own targets so).
//
//   npm run conformance [-- --mode static|server] [--rebuild] [flags of npx spec-conformance]
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { onStopSignal, type RunningServer } from '../launcher';
import { main } from '../conformance/cli/main';
import { MODES, type Mode } from '../spec/clauses';
import { ROOT } from '../spec/root';
import { referenceSite } from '../targets/reference';
import { referenceConfig } from '../targets/reference/run';
import { ensureBuilt } from '../targets/target';
import { lookupChromium } from '../conformance/setup/browser';

/** Flags that make this the package's command as it is. */
const AS_IS = /^(--target|--config|-c|--merge|--list|--help|-h|--version|-V)(=|$)/;

/** This program's own flags taken out of the command line; the rest is the command's. */
export function splitArgs(argv: readonly string[]): { modes: Mode[]; rebuild: boolean; out: string; rest: string[] } {
  const rest: string[] = [];
  const modes = new Set<Mode>();
  let rebuild = false;
  let out = join(ROOT, 'reports');
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    if (flag === '--rebuild') rebuild = true;
    else if (flag === '--mode' || flag === '--project') {
      const m = value();
      if (!MODES.includes(m as Mode)) throw new Error(`${flag} must be ${MODES.join(' or ')}, not "${m}".`);
      modes.add(m as Mode);
    } else if (flag === '--out') {
      out = resolve(value() ?? '');
      rest.push('--out', out);
    } else rest.push(a);
  }
  if (!rest.includes('--out')) rest.push('--out', out);
  return { modes: modes.size ? MODES.filter((m) => modes.has(m)) : [...MODES], rebuild, out, rest };
}

async function judgeReference(argv: string[]): Promise<number> {
  const { modes, rebuild, out, rest } = splitArgs(argv);
  onStopSignal();
  // The repository keeps a run's working files beside its report (<out>/.run), to look into after the run.
  process.env.SPEC_CONFORMANCE_SCRATCH ??= join(out, '.run');
  // Before the build: a machine without a browser learns it in seconds, not after the minute a build takes.
  const browser = lookupChromium();
  if (!browser.ok) {
    console.error(browser.message);
    return 2;
  }
  const targets = modes.map(referenceSite);
  await ensureBuilt(targets, { rebuild, what: `npm run conformance: building ${targets.map((t) => t.name).join(' and ')}` });
  const servers: RunningServer[] = [];
  try {
    // A server's own output (the crash demos' errors on purpose among it) goes to a log file.
    for (const t of targets) servers.push(await t.serve({ output: { file: join(out, '.run', 'next-server.log'), append: true } }));
    const urls = servers.map((s) => s.url);
    // Beside the run's other working files (<out>/.run), named from where npm run conformance was started.
    const config = join(process.env.SPEC_CONFORMANCE_SCRATCH!, 'reference.config.json');
    mkdirSync(dirname(config), { recursive: true });
    writeFileSync(config, referenceConfig(modes.map((mode, i) => ({ mode, url: urls[i] }))));
    for (const [i, t] of targets.entries()) console.log(`Reference site (${t.mode}) at ${urls[i]}`);
    return await main(['--config', config, ...rest]);
  } finally {
    await Promise.all(servers.map((s) => s.stop().catch(() => undefined)));
  }
}

const argv = process.argv.slice(2)[0] === '--' ? process.argv.slice(3) : process.argv.slice(2);
const HELP = `
In this repository, without --target, --config or --merge, npm run conformance judges the reference site:
  --mode static|server   only this mode of the reference site (default: both, each the other's other build)
  --rebuild              build the reference site even when its builds are fresh`;
const asIs = argv.some((a) => AS_IS.test(a));
const run = asIs ? main(argv).then((code) => (argv.some((a) => /^(--help|-h)$/.test(a)) && console.log(HELP), code)) : judgeReference(argv);
run.then((code) => process.exit(code), (e: unknown) => {
  console.error(e instanceof Error ? e.message.split('\n')[0] : e);
  process.exit(2);
});
