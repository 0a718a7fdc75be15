import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../spec/root';

export interface Options {
  runs: number;
  skipSuite: boolean;
  /** Skip the fresh run (build folders moved away, both rebuilt inside `npm run conformance`). */
  skipFresh: boolean;
  skipBare: boolean;
  /** Skip the run of the create-next-app 14.2 template (the foreign-site figure). */
  skipForeign: boolean;
  /** Skip the generated sites of many pages (the cost that does not grow with the site, and --all-pages). */
  skipMany: boolean;
  build: boolean;
  out: string;
  /** Reuse this bare export folder instead of building one (its build time is then not known). */
  bareOut?: string;
  /** Write the figures even when the machine is busy, each marked void. */
  allowLoad: boolean;
  /** Seconds to wait for a quiet machine before refusing. */
  waitQuiet: number;
  help: boolean;
}

export const USAGE = 'Usage: npm run bench [-- --skip-suite] [--skip-fresh] [--skip-bare] [--skip-foreign] [--skip-many] [--bare-out <folder>] [--runs N] [--build] [--out <file>] [--wait-quiet S] [--allow-load]\n       npm run bench -- --load [--runs N] [--hogs N] [--only hogs|pair] [--quiet-report <conformance.json>] [--out <file>]   the suite under load (bench/load.ts)';

/** Throws an Error with one sentence on bad input. */
export function parseOptions(argv: string[]): Options {
  const { values: v } = parseArgs({
    args: argv,
    strict: true,
    options: {
      runs: { type: 'string' }, 'skip-suite': { type: 'boolean' }, 'skip-fresh': { type: 'boolean' }, 'skip-bare': { type: 'boolean' }, 'skip-foreign': { type: 'boolean' }, 'skip-many': { type: 'boolean' }, build: { type: 'boolean' },
      out: { type: 'string' }, 'bare-out': { type: 'string' }, 'wait-quiet': { type: 'string' }, 'allow-load': { type: 'boolean' }, help: { type: 'boolean', short: 'h' },
    },
  });
  const runs = Number(v.runs ?? 5);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs needs a positive whole number, not ${JSON.stringify(v.runs)}.`);
  const waitQuiet = Number(v['wait-quiet'] ?? 180);
  if (!Number.isFinite(waitQuiet) || waitQuiet < 0) throw new Error(`--wait-quiet needs a number of seconds (0 or more), not ${JSON.stringify(v['wait-quiet'])}.`);
  return {
    runs,
    allowLoad: !!v['allow-load'],
    waitQuiet,
    skipSuite: !!v['skip-suite'],
    skipFresh: !!v['skip-fresh'],
    skipBare: !!v['skip-bare'],
    skipForeign: !!v['skip-foreign'],
    skipMany: !!v['skip-many'],
    build: !!v.build,
    out: path.resolve(v.out ?? path.join(ROOT, 'docs', 'benchmarks.md')),
    bareOut: v['bare-out'] && path.resolve(v['bare-out']),
    help: !!v.help,
  };
}
