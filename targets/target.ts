import { seconds, type Output, type RunningServer } from '../launcher';
import type { Mode } from '../spec/clauses';
import { withBuildLock } from './build-lock';

/** What building a target took, and the build's identifier where it has one. */
export interface Built {
  ms: number;
  buildId?: string;
}

export interface ServeOptions {
  /** 0 or absent: any free port. */
  port?: number;
  /** Where a server process's own output goes (default: the target's choice, never this terminal's noise). */
  output?: Output;
}

/**
 * Something this repository builds and serves to be judged — the reference site in either mode, a
 * fixture site, a matrix implementation on a host, a mutant, the bench's bare app — behind one
 * interface, as wptrunner puts every browser behind one product interface: whoever judges it (npm run
 * conformance, npm test and its checks, the matrix, the mutants, the bench) builds, serves and stops
 * it the same way. Serving binds 127.0.0.1; stop() ends everything serving started.
 */
export interface Target {
  /** For messages: "the reference site (static)", "fixtures/nothing-to-judge (server)", "next-14.2-static (nginx)". */
  readonly name: string;
  readonly mode: Mode;
  /** Whether a finished build made from the inputs as they are now is there, so nothing needs building. */
  isFresh(): boolean;
  /** Builds it anew, whatever is there (callers that may reuse a build use ensureBuilt). */
  build(): Promise<Built>;
  /** Serves its build. */
  serve(opts?: ServeOptions): Promise<RunningServer>;
}

export interface EnsureOptions {
  /** Build even the fresh ones. */
  rebuild?: boolean;
  /** Hold the machine's build lock while building (targets/build-lock.ts; default true). */
  lock?: boolean;
  /** Progress lines (default: stdout). */
  log?: (line: string) => void;
  /** What this program builds for, in the lock's messages to other programs. */
  what?: string;
}

/**
 * Builds the targets whose build is missing or stale, side by side (a `next build` keeps about one
 * and a half cores busy, so two together end well before two in a row), under the build lock; says
 * which it built and how long each took. Resolves to the targets built.
 */
export async function ensureBuilt(targets: readonly Target[], opts: EnsureOptions = {}): Promise<Target[]> {
  const log = opts.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const stale = () => targets.filter((t) => opts.rebuild || !t.isFresh());
  if (!stale().length) return [];
  const buildAll = async () => {
    const todo = stale();
    if (!todo.length) return [];
    log(`Building ${todo.map((t) => t.name).join(' and ')}…`);
    const t0 = Date.now();
    await Promise.all(todo.map(async (t) => log(`  ${t.name} built in ${seconds((await t.build()).ms)}`)));
    // The span the builds took together (the bench's fresh run compares with it).
    if (todo.length > 1) log(`  built side by side in ${seconds(Date.now() - t0)}`);
    return todo;
  };
  if (opts.lock === false) return buildAll();
  return withBuildLock(buildAll, { timeoutMs: 15 * 60_000, what: opts.what ?? `building ${targets.map((t) => t.name).join(', ')}`, log });
}

/** A target built if stale and served: its server, stopped by the caller. */
export async function start(target: Target, opts: EnsureOptions & ServeOptions = {}): Promise<RunningServer> {
  await ensureBuilt([target], opts);
  return target.serve(opts);
}
