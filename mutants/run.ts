/**
 * Running the conformance suite against each mutant (served by delivery/serve.ts), each into its
 * own report folder <out>/<id>/ (the suite's report, run.log, edits.txt), up to `jobs` at a time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { runCommand } from '../launcher';
import type { Report } from '../conformance/report/model';
import { sideBySideWorkers } from '../conformance/run/workers';
import { mechanism, type Mutant } from './catalogue';
import { reference, stopReferences } from './delivery/reference';
import { serveMutant } from './delivery/serve';
import { judge, outcome, type MutantResult } from './score';
import { ROOT } from '../spec/root';
import { REFERENCE_PROFILE_FILE } from '../targets/reference/run';
import { seconds } from '../launcher/format';

export interface RunOptions {
  /** Where each mutant's report folder goes (<out>/<id>/). */
  out: string;
  quick: boolean;
  /** npm test's pool (--npm-test): its quick-set mutants run as --quick runs them. */
  npmTest?: boolean;
  declaredOnly: boolean;
  /** Prepare each mutant and check its edits; run no suite. */
  check: boolean;
  /** The unmodified reference, delivered the way mutants are. */
  baseline: boolean;
  timeoutS: number;
  verbose: boolean;
  /** Run only these clauses' tests (--grep). */
  clauses?: string[];
  /** Mutants judged at the same time (each its own suite run, its own copy or proxy). */
  jobs: number;
  /** Playwright workers of each suite run (set by runMutants: sideBySideWorkers); undefined: the suite's default. */
  workers?: number;
  /** No profile: discovery crawls the mutant, as a team's first run would (--zero-config). */
  zeroConfig?: boolean;
}

function grepFor(declared: string[]): string {
  return declared.map((id) => `@${id.replace(/\./g, '\\.')}(?![.\\d])`).join('|');
}

async function runSuite(m: Mutant, url: string, otherBuild: string | undefined, outDir: string, opts: RunOptions): Promise<number> {
  const root = ROOT;
  const args = [
    path.join(root, 'conformance', 'cli', 'conformance.ts'),
    '--target', url, '--mode', m.mode, '--out', outDir,
    // The reference profile as it is (the mutants are the reference site): no discovery crawl. Zero-config:
    // discovery finds the subjects on the mutant itself, so a break must not make its subject disappear.
    ...(opts.zeroConfig ? [] : ['--profile', REFERENCE_PROFILE_FILE, '--no-discovery']),
    ...(otherBuild ? ['--other-build', otherBuild] : []),
    // Playwright's own artefacts next to the report, so parallel runs elsewhere keep their test-results/.
    '--output', path.join(outDir, 'test-results'),
    ...(opts.clauses ? ['--grep', grepFor(opts.clauses)] : opts.declaredOnly ? ['--grep', grepFor(m.declared)] : []),
    ...(opts.workers ? ['--workers', String(opts.workers)] : []),
    // Quick set: a failure is a failure (no retry), and one failing test of the one declared clause is enough.
    ...(opts.quick || (opts.npmTest && m.quick) ? ['--retries=0', ...(m.declared.length === 1 ? ['--max-failures=1'] : [])] : []),
  ];
  const log = path.join(outDir, 'run.log');
  fs.writeFileSync(log, `$ tsx ${args.map((a) => (/[\s|()]/.test(a) ? `'${a}'` : a)).join(' ')}\n\n`);
  const r = await runCommand(path.join(root, 'node_modules', '.bin', 'tsx'), args, {
    cwd: root,
    env: { NEXT_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0' },
    output: opts.verbose ? 'inherit' : { file: log, append: true },
    timeoutMs: opts.timeoutS * 1000,
    graceMs: 10_000,
  });
  if (r.timedOut) fs.appendFileSync(log, `\n[mutants] gave up after ${opts.timeoutS} s\n`);
  return r.code;
}

async function runOne(m: Mutant, opts: RunOptions): Promise<MutantResult> {
  const started = Date.now();
  const base: MutantResult = { id: m.id, mode: m.mode, description: m.description, declared: m.declared, failed: [], killed: false, collateral: [], durationMs: 0, declaredVerdicts: {} };
  const outDir = path.join(opts.out, m.id);
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  let served: Awaited<ReturnType<typeof serveMutant>> | undefined;
  try {
    served = await serveMutant(m);
    fs.writeFileSync(path.join(outDir, 'edits.txt'), `${m.id}: ${m.description}\n${mechanism(m)}\n\n${served.notes.join('\n')}\n`);
    if (opts.check) return { ...base, durationMs: Date.now() - started };
    // Another build for C7.3: the reference site of the other mode (a different build of the same site).
    const needOther = opts.clauses ? opts.clauses.includes('C7.3') : !opts.declaredOnly || m.declared.includes('C7.3');
    const other = needOther ? (await reference(m.mode === 'static' ? 'server' : 'static')).url : undefined;
    const code = await runSuite(m, served.url, other, outDir, opts);
    const file = path.join(outDir, 'conformance.json');
    if (!fs.existsSync(file)) throw new Error(`the suite wrote no report (exit code ${code}); see ${path.relative(ROOT, path.join(outDir, 'run.log'))}`);
    const report = JSON.parse(fs.readFileSync(file, 'utf8')) as Report;
    return { ...base, ...judge(report, m.mode, m.declared, opts.zeroConfig && m.zeroConfig ? { ...m.expected, ...m.zeroConfig.expected } : m.expected), report: path.relative(ROOT, file), durationMs: Date.now() - started };
  } catch (e) {
    return { ...base, error: (e as Error).message, durationMs: Date.now() - started };
  } finally {
    await served?.stop();
  }
}

/** The line printed when a mutant is done. */
function resultLine(r: MutantResult, opts: RunOptions): string {
  if (opts.baseline) return r.error ? 'error\n' : `done (${seconds(r.durationMs, 0)})\n`;
  if (opts.check) return r.error ? `STALE\n${r.error}\n` : `edits match (${seconds(r.durationMs)})\n`;
  return `${outcome(r)}${r.failed.length ? ` — failed: ${r.failed.join(', ')}` : ''} (${seconds(r.durationMs, 0)})${r.error ? `\n  ${r.error.replace(/\n/g, '\n  ')}` : ''}\n`;
}

/** Judges the mutants, up to opts.jobs at a time; a line per mutant as it is done, results in the given order. */
export async function runMutants(selected: Mutant[], options: RunOptions): Promise<MutantResult[]> {
  // npm test's pool: one worker per run. Its lane has time to spare beside the consumer check's, and a
  // browser and worker fewer per run spend less CPU (alone on 2 cores: 163 → 147 CPU-s, 115 → 152 s).
  const opts = { ...options, workers: options.npmTest ? 1 : sideBySideWorkers(options.jobs, selected.length) };
  const done: (MutantResult | undefined)[] = new Array(selected.length);
  let next = 0;
  try {
    await Promise.all(Array.from({ length: Math.min(opts.jobs, selected.length) }, async () => {
      while (next < selected.length) {
        const i = next++;
        const m = selected[i];
        const head = `[${i + 1}/${selected.length}] ${m.id} (${m.mode}, declares ${m.declared.join(', ')}) … `;
        if (opts.jobs === 1) process.stdout.write(head);
        const r = await runOne(m, opts);
        done[i] = r;
        process.stdout.write(opts.jobs === 1 ? resultLine(r, opts) : head + resultLine(r, opts));
      }
    }));
  } finally {
    await stopReferences();
  }
  return done.filter((r): r is MutantResult => !!r);
}
