import type { Mode } from '../../docs/clauses';

export interface ConformanceArgs {
  target?: string;
  mode?: Mode;
  profile?: string;
  out?: string;
  otherBuild?: string;
  force: boolean;
  rebuild: boolean;
  help: boolean;
  /** Anything else goes to Playwright as is (e.g. --grep @K9.5, --shard 1/2). */
  passthrough: string[];
}

export const USAGE = `Usage:
  npm run conformance                          build + serve the reference site (both modes), run the suite, write the report
  npm run conformance -- --target <url> --mode static|server [--profile <file>] [--out <dir>] [--other-build <url>]
Options:
  --target <url>       judge this deployment instead of the reference site (nothing is built)
  --mode <mode>        its delivery mode: static (exported files) or server (framework server)
  --profile <file>     target profile naming its routes per scenario (default fixtures/targets/reference.json;
                       schema docs/target-profile.schema.json). Scenarios it lacks are reported untested.
  --out <dir>          where the report goes (default reports/)
  --other-build <url>  another build of the same site, for the build-identifier checks of C7.3
  --force              run the tests even when the target does not look like this kind of site
  --rebuild            rebuild the reference site even when its build is fresh
Other arguments go to Playwright, e.g. --grep @K9.5 or --shard 1/2.`;

/** Parses the CLI's arguments; throws an Error with a readable message on bad input. */
export function parseArgs(argv: string[]): ConformanceArgs {
  const a: ConformanceArgs = { force: false, rebuild: false, help: false, passthrough: [] };
  const need = (i: number, flag: string) => {
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) throw new Error(`${flag} needs a value`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? need(i++, flag);
    switch (flag) {
      case '--target': a.target = value(); break;
      case '--mode': {
        const m = value();
        if (m !== 'static' && m !== 'server') throw new Error(`--mode must be static or server, not "${m}"`);
        a.mode = m;
        break;
      }
      case '--profile': a.profile = value(); break;
      case '--out': a.out = value(); break;
      case '--other-build': a.otherBuild = value(); break;
      case '--force': a.force = true; break;
      case '--rebuild': a.rebuild = true; break;
      case '-h': case '--help': a.help = true; break;
      default: a.passthrough.push(arg);
    }
  }
  if (a.target && !a.mode) throw new Error('--target needs --mode static|server (how the target delivers its pages)');
  if (a.otherBuild && !a.target) throw new Error('--other-build goes with --target');
  return a;
}
