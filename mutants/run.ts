/**
 * npm run mutants — runs the conformance suite against each mutant of the reference site and
 * scores the suite: a mutant is killed when every clause it declares fails; collateral is any
 * other clause that fails.
 *
 *   npm run mutants                     every mutant, each against the whole suite of its mode
 *   npm run mutants -- --quick          the quick set, each run with only its declared clauses
 *   npm run mutants -- --only a,b       chosen mutants (whole suite; add --declared-only to narrow)
 *   npm run mutants -- --list           print the catalogue
 *   npm run mutants -- --check          prepare every (chosen) mutant and check its edits still match; no suite run
 *   npm run mutants -- --baseline       the unmodified reference, delivered the same way: what fails with no mutation
 *
 * Writes reports/mutants.json, reports/mutants.md and, per mutant, reports/mutants/<id>/
 * (the suite's report, run.log). Exit code 0 only when every mutant was killed with no collateral.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { NORMATIVE, type Mode } from '../spec/clauses';
import type { Report, Verdict } from '../conformance/report/model';
import { buildPaths, buildSite, freePort, isBuildComplete, lastBuildId, serveServer, serveStatic, withBuildLock, type RunningServer } from '../site/scripts/site';
import { mechanism, MUTANTS, type Mutant } from './catalogue';
import { startProxy, type RunningProxy } from './proxy';
import { countProblems, matches, StaleMutantError, type RuleContext } from './rules';
import { copyExport, listFiles, transformExport } from './transform';

const ROOT = path.resolve(__dirname, '..');
const WORK = path.join(__dirname, '.work');
const REPORTS = path.join(ROOT, 'reports');
const MUTANT_REPORTS = path.join(REPORTS, 'mutants');

const USAGE = `Usage: npm run mutants -- [--quick | --only <id,…> [--merge]] [--declared-only] [--clauses <id,…>] [--check | --baseline | --list] [--timeout <s>] [--verbose]
  (no option)        every mutant against the whole suite of its mode
  --quick            the quick set (${MUTANTS.filter((m) => m.quick).map((m) => m.id).join(', ')}), each with only its declared clauses
  --only <id,…>      only these mutants (whole suite of their mode)
  --declared-only    run each mutant with only its declared clauses (--grep); collateral is then not measured
  --check            prepare each mutant and verify its edits match the current build; do not run the suite
  --list             print the catalogue and exit
  --timeout <s>      give up on one mutant's suite run after this long (default 1200)
  --verbose          show the suite's output (otherwise it goes to reports/mutants/<id>/run.log)
  --jobs <n>         judge n mutants at the same time (default 1; a suite run mostly waits on the browser, so
                     2–3 fit on two cores for small selections such as --quick)
  --clauses <id,…>   run only these clauses' tests (e.g. with --baseline); collateral is then measured on them only
  --merge            with --only: put these results into the existing reports/mutants.json (the others kept)
  --baseline         run the unmodified reference the same way (copy / proxy) in each mode and list the clauses
                     that fail there: a clause failing on the baseline shows up as collateral on every mutant`;

interface Options {
  quick: boolean;
  only?: string[];
  declaredOnly: boolean;
  check: boolean;
  list: boolean;
  timeoutS: number;
  verbose: boolean;
  baseline: boolean;
  merge: boolean;
  /** Run only these clauses' tests (--grep). */
  clauses?: string[];
  /** Mutants judged at the same time (each its own suite run, its own copy or proxy). */
  jobs: number;
}

function parseOptions(argv: string[]): Options {
  const o: Options = { quick: false, declaredOnly: false, check: false, list: false, timeoutS: 1200, verbose: false, baseline: false, merge: false, jobs: 1 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].includes('=') ? [argv[i].slice(0, argv[i].indexOf('=')), argv[i].slice(argv[i].indexOf('=') + 1)] : [argv[i], undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--quick': o.quick = true; break;
      case '--only': o.only = value().split(',').map((s) => s.trim()).filter(Boolean); break;
      case '--declared-only': o.declaredOnly = true; break;
      case '--check': o.check = true; break;
      case '--list': o.list = true; break;
      case '--timeout': o.timeoutS = Number(value()); if (!(o.timeoutS > 0)) throw new Error('--timeout needs a number of seconds'); break;
      case '--verbose': o.verbose = true; break;
      case '--baseline': o.baseline = true; break;
      case '--merge': o.merge = true; break;
      case '--clauses': o.clauses = value().split(',').map((x) => x.trim()).filter(Boolean); break;
      case '--jobs': o.jobs = Number(value()); if (!Number.isInteger(o.jobs) || o.jobs < 1 || o.jobs > 8) throw new Error('--jobs needs a whole number from 1 to 8'); break;
      case '-h': case '--help': console.log(USAGE); process.exit(0);
      // falls through (process.exit never returns)
      default: throw new Error(`Unknown option ${argv[i]}`);
    }
  }
  if (o.quick && o.only) throw new Error('--quick and --only do not go together');
  if (o.quick) o.declaredOnly = true;
  if (o.merge && !o.only) throw new Error('--merge goes with --only');
  return o;
}

// ─── Results ────────────────────────────────────────────────────────────────────────────────

export interface MutantResult {
  id: string;
  mode: Mode;
  description: string;
  declared: string[];
  failed: string[];
  killed: boolean;
  collateral: string[];
  durationMs: number;
  /** Verdict of each declared clause (untested = the suite has no test for it yet). */
  declaredVerdicts: Record<string, Verdict | 'missing'>;
  /** Clauses whose verdict was cantTell (a test failed, then passed on retry): flaky, not cleanly failed. */
  flaky?: string[];
  /** The mutant could not be prepared or the suite did not report: the reason. */
  error?: string;
  report?: string;
}

export interface MutantsFile {
  /** Read by the conformance report (its `mutation` field, spec/schemas/report-schema.json): exactly these keys. */
  summary: { score: number; killed: number; total: number; collateral: number; at: string };
  run: {
    scope: 'full' | 'quick' | 'only';
    /** Each mutant was run with only its declared clauses' tests: collateral not measured. */
    declaredOnly: boolean;
    durationMs: number;
    /** Build ids of the reference builds the mutants were made from. */
    builds: Partial<Record<Mode, string>>;
    /** Mutants re-run later and merged into this file (--merge). */
    merged?: string[];
  };
  mutants: MutantResult[];
}

const FAILING: Verdict[] = ['failed', 'cantTell'];

/**
 * Clauses failed in the report for that mode, and the verdict of each declared clause. A mutant
 * is killed when every declared clause gets its expected verdict: `failed` (an observation that
 * contradicts the clause — cantTell is not a kill), or for a precondition mutant `untested`.
 */
export function judge(report: Report, mode: Mode, declared: string[], expected: Record<string, Verdict> = {}): Pick<MutantResult, 'failed' | 'killed' | 'collateral' | 'declaredVerdicts' | 'flaky'> {
  const verdicts = new Map<string, Verdict>();
  for (const c of report.clauses) {
    const v = c.results[mode]?.verdict;
    if (v) verdicts.set(c.id, v);
  }
  const failed = [...verdicts].filter(([, v]) => FAILING.includes(v)).map(([id]) => id);
  const declaredVerdicts = Object.fromEntries(declared.map((id) => [id, verdicts.get(id) ?? 'missing'])) as Record<string, Verdict | 'missing'>;
  return {
    failed,
    killed: declared.length > 0 && declared.every((id) => verdicts.get(id) === (expected[id] ?? 'failed')),
    collateral: failed.filter((id) => !declared.includes(id)),
    declaredVerdicts,
    flaky: failed.filter((id) => verdicts.get(id) === 'cantTell'),
  };
}

function outcome(r: MutantResult): string {
  if (r.error) return '💥 error';
  if (r.killed) return r.collateral.length ? '⚠️ killed, collateral' : '✅ killed';
  if (Object.values(r.declaredVerdicts).some((v) => v === 'untested' || v === 'missing')) return '⏸ survived (untested)';
  return '❌ survived';
}

export function renderMarkdown(file: MutantsFile): string {
  const s = file.summary;
  const run = file.run;
  const builds = Object.entries(run.builds).map(([m, id]) => `${m} ${id}`).join(', ');
  const lines = [
    `## Mutants: mutation score ${(s.score * 100).toFixed(0)}% (${s.killed}/${s.total}), collateral ${s.collateral}`,
    '',
    `${run.scope} run${run.declaredOnly ? ' (declared clauses only: collateral not measured)' : ''}, ${s.at}, took ${(run.durationMs / 1000).toFixed(0)} s${builds ? `; builds: ${builds}` : ''}.`,
    '',
    '| Mutant | Mode | Declared | Failed | Result | Collateral | Time |',
    '|---|---|---|---|---|---|---|',
    ...file.mutants.map((r) => {
      const mark = (id: string) => (r.flaky?.includes(id) ? `${id} (flaky)` : id);
      return `| ${r.id} | ${r.mode} | ${r.declared.map((id) => `${id} (${r.declaredVerdicts[id] ?? '?'})`).join(', ')} | ${r.failed.map(mark).join(', ') || '—'} | ${outcome(r)} | ${r.collateral.map(mark).join(', ') || '—'} | ${(r.durationMs / 1000).toFixed(0)} s |`;
    }),
  ];
  if (run.merged?.length) lines.push('', `Re-run later and merged in: ${[...new Set(run.merged)].join(', ')}.`);
  const errors = file.mutants.filter((r) => r.error);
  if (errors.length) lines.push('', 'Errors:', ...errors.map((r) => `- **${r.id}**: ${r.error!.replace(/\n/g, '\n  ')}`));
  return `${lines.join('\n')}\n`;
}

// ─── Cleanup ────────────────────────────────────────────────────────────────────────────────

const cleanups: (() => Promise<void>)[] = [];
let currentChild: ChildProcess | undefined;
let interrupted = false;

async function cleanupAll(): Promise<void> {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
}

function onSignal(sig: NodeJS.Signals): void {
  if (interrupted) return;
  interrupted = true;
  console.error(`\n${sig}: stopping the suite and every server this run started…`);
  if (currentChild && currentChild.exitCode === null) currentChild.kill(sig);
  void cleanupAll().finally(() => process.exit(130));
}

// ─── Builds and shared servers ──────────────────────────────────────────────────────────────

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits for a build another process is writing (its marker appears when it is done); builds when there is none. */
async function ensureBuild(mode: Mode): Promise<void> {
  if (isBuildComplete(mode)) return;
  const dir = buildPaths(mode).output;
  if (fs.existsSync(dir)) {
    process.stdout.write(`Waiting for the ${mode} build in ${path.relative(ROOT, dir)} to complete…\n`);
    for (let i = 0; i < 240 && !isBuildComplete(mode); i++) await sleep(1000);
    if (isBuildComplete(mode)) return;
  }
  await withBuildLock(async () => {
    if (isBuildComplete(mode)) return;
    process.stdout.write(`Building the reference site (${mode})…\n`);
    const b = await buildSite(mode, { quiet: true });
    process.stdout.write(`  built in ${(b.ms / 1000).toFixed(1)} s\n`);
  }, { timeoutMs: 15 * 60_000 });
}

/**
 * Each mode's build is frozen once per run into .work/_ref/: other processes may rebuild site/
 * while the mutants run, and a build replaced under a running `next start` breaks every page.
 *   static: a copy of site/out (every static mutant starts from it);
 *   server: next.config.ts, lib/ (which it imports), public/ and .next-server/ (without its cache),
 *   where `next start` runs.
 */
const REF = path.join(WORK, '_ref');
const snapshots: Partial<Record<Mode, Promise<string>>> = {};
/** Build id of each frozen build (from the build's marker), for the summary. */
const snapshotBuilds: Partial<Record<Mode, string>> = {};

function snapshot(mode: Mode): Promise<string> {
  snapshots[mode] ??= (async () => {
    await ensureBuild(mode);
    return withBuildLock(async () => {
      const site = path.dirname(buildPaths('server').buildDir);
      snapshotBuilds[mode] = lastBuildId(mode);
      if (mode === 'static') {
        const dir = path.join(REF, 'static');
        copyExport(buildPaths('static').output, dir);
        return dir;
      }
      const dir = path.join(REF, 'server-site');
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(dir, { recursive: true });
      const build = buildPaths('server').buildDir;
      fs.cpSync(build, path.join(dir, path.basename(build)), { recursive: true, filter: (src) => path.relative(build, src) !== 'cache' });
      for (const f of ['next.config.ts', 'lib', 'public']) fs.cpSync(path.join(site, f), path.join(dir, f), { recursive: true });
      return dir;
    }, { timeoutMs: 15 * 60_000 });
  })();
  return snapshots[mode]!;
}

/** The server snapshot's static assets folder (served under /_next/static). */
async function serverStaticDir(): Promise<string> {
  return path.join(await snapshot('server'), path.basename(buildPaths('server').buildDir), 'static');
}

const shared: Partial<Record<Mode, Promise<RunningServer>>> = {};

/** The unchanged reference site of a mode (its snapshot), started once per run. */
function reference(mode: Mode): Promise<RunningServer> {
  shared[mode] ??= (async () => {
    const dir = await snapshot(mode);
    const s = mode === 'static' ? await serveStatic({ dir }) : await serveServer({ dir, quiet: true, timeoutMs: 60_000 });
    cleanups.push(() => s.stop());
    process.stdout.write(`Reference site (${mode}) at ${s.url}\n`);
    return s;
  })();
  return shared[mode]!;
}

// ─── Preparing one mutant ───────────────────────────────────────────────────────────────────

interface Prepared {
  url: string;
  /** What the edits changed, for the log. */
  notes: string[];
  stop(): Promise<void>;
}

/** URL path under which a file of the export is served (clean URLs: /about.html → /about). */
function exportUrl(file: string): string {
  if (file === '/index.html') return '/';
  return file.endsWith('.html') ? file.slice(0, -'.html'.length) : file;
}

/** Fetches URLs through a proxy (a few at a time) so its rules run on them. */
async function fetchAll(base: string, urls: string[]): Promise<void> {
  const queue = [...urls];
  await Promise.all(Array.from({ length: 6 }, async () => {
    for (let u = queue.shift(); u !== undefined; u = queue.shift()) {
      const res = await fetch(new URL(u, base));
      await res.arrayBuffer();
    }
  }));
}

function headerProblems(m: Mutant, hits: number[]): string[] {
  return (m.headers ?? []).flatMap((h, i) => (hits[i] ? [] : [`header rule "${h.what}" changed no answer at preflight`]));
}

async function prepare(m: Mutant): Promise<Prepared> {
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => { for (const s of stops.splice(0).reverse()) await s().catch(() => undefined); };
  try {
    if (m.mode === 'static') {
      const dir = path.join(WORK, m.id);
      copyExport(await snapshot('static'), dir);
      const port = await freePort();
      const ctx: RuleContext = { port };
      const t = transformExport(dir, { rename: m.rename, text: m.text }, ctx, m.id);
      const notes = [
        ...t.renamed.slice(0, 3).map((r) => `renamed ${r.from} → ${r.to}`), ...(t.renamed.length > 3 ? [`… ${t.renamed.length} files renamed`] : []),
        ...t.changed.map((c) => `rewrote ${c.file} (${c.hits}×)`),
      ];
      if (!m.headers?.length) {
        const s = await serveStatic({ dir, port });
        stops.push(() => s.stop());
        return { url: s.url, notes, stop };
      }
      const s = await serveStatic({ dir });
      stops.push(() => s.stop());
      const proxy = await startProxy({ upstream: s.url, port, headers: m.headers });
      stops.push(() => proxy.stop());
      const urls = listFiles(dir).map(exportUrl).filter((u) => m.headers!.some((h) => matches(h.path, u)));
      await fetchAll(proxy.url, urls);
      const problems = headerProblems(m, proxy.headerHits);
      if (problems.length) throw new StaleMutantError(m.id, problems);
      notes.push(...(m.headers.map((h, i) => `header rule "${h.what}": ${proxy.headerHits[i]} answers at preflight`)));
      return { url: proxy.url, notes, stop };
    }
    const upstream = await reference('server');
    const proxy: RunningProxy = await startProxy({ upstream: upstream.url, text: m.text, headers: m.headers });
    stops.push(() => proxy.stop());
    // Preflight: every built asset a rule selects, plus the mutant's probe paths, through the proxy.
    const staticDir = await serverStaticDir();
    const rules = [...(m.text ?? []), ...(m.headers ?? [])];
    const assets = listFiles(staticDir).map((f) => `/_next/static${f}`).filter((u) => rules.some((r) => matches(r.path, u)));
    await fetchAll(proxy.url, [...assets, ...(m.probe ?? [])]);
    const problems = [...countProblems(m.text ?? [], proxy.textHits, `the answers fetched at preflight (${assets.length} assets, ${(m.probe ?? []).length} probes)`), ...headerProblems(m, proxy.headerHits)];
    if (problems.length) throw new StaleMutantError(m.id, problems);
    const notes = (m.text ?? []).map((r, i) => `rule "${r.what}": ${proxy.textHits[i]} match(es) at preflight`);
    return { url: proxy.url, notes, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

// ─── Running the suite ──────────────────────────────────────────────────────────────────────

function grepFor(declared: string[]): string {
  return declared.map((id) => `@${id.replace(/\./g, '\\.')}(?![.\\d])`).join('|');
}

async function runSuite(m: Mutant, url: string, otherBuild: string | undefined, outDir: string, opts: Options): Promise<number> {
  const args = [
    path.join(ROOT, 'conformance', 'cli', 'conformance.ts'),
    '--target', url, '--mode', m.mode, '--out', outDir,
    // The reference profile as it is (the mutants are the reference site): no discovery crawl.
    '--no-discovery',
    ...(otherBuild ? ['--other-build', otherBuild] : []),
    // Playwright's own artefacts next to the report, so parallel runs elsewhere keep their test-results/.
    '--output', path.join(outDir, 'test-results'),
    ...(opts.clauses ? ['--grep', grepFor(opts.clauses)] : opts.declaredOnly ? ['--grep', grepFor(m.declared)] : []),
    // Quick set: a failure is a failure (no retry), and one failing test of the one declared clause is enough.
    ...(opts.quick ? ['--retries=0', ...(m.declared.length === 1 ? ['--max-failures=1'] : [])] : []),
  ];
  const log = fs.openSync(path.join(outDir, 'run.log'), 'w');
  fs.writeSync(log, `$ tsx ${args.map((a) => (/[\s|()]/.test(a) ? `'${a}'` : a)).join(' ')}\n\n`);
  try {
    return await new Promise<number>((resolve) => {
      const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), args, {
        cwd: ROOT,
        env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0' },
        stdio: ['ignore', opts.verbose ? 'inherit' : log, opts.verbose ? 'inherit' : log],
      });
      currentChild = child;
      const timer = setTimeout(() => {
        fs.writeSync(log, `\n[mutants] gave up after ${opts.timeoutS} s\n`);
        child.kill('SIGTERM');
        setTimeout(() => { if (child.exitCode === null) child.kill('SIGKILL'); }, 10_000).unref();
      }, opts.timeoutS * 1000);
      child.on('exit', (code, sig) => {
        clearTimeout(timer);
        currentChild = undefined;
        resolve(code ?? (sig ? 130 : 1));
      });
    });
  } finally {
    fs.closeSync(log);
  }
}

async function runOne(m: Mutant, opts: Options): Promise<MutantResult> {
  const started = Date.now();
  const base: MutantResult = { id: m.id, mode: m.mode, description: m.description, declared: m.declared, failed: [], killed: false, collateral: [], durationMs: 0, declaredVerdicts: {} };
  const outDir = path.join(MUTANT_REPORTS, m.id);
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  let prepared: Prepared | undefined;
  try {
    prepared = await prepare(m);
    fs.writeFileSync(path.join(outDir, 'edits.txt'), `${m.id}: ${m.description}\n${mechanism(m)}\n\n${prepared.notes.join('\n')}\n`);
    if (opts.check) return { ...base, durationMs: Date.now() - started };
    // Another build for C7.3: the reference site of the other mode (a different build of the same site).
    const needOther = opts.clauses ? opts.clauses.includes('C7.3') : !opts.declaredOnly || m.declared.includes('C7.3');
    const other = needOther ? (await reference(m.mode === 'static' ? 'server' : 'static')).url : undefined;
    const code = await runSuite(m, prepared.url, other, outDir, opts);
    if (interrupted) throw new Error('interrupted');
    const file = path.join(outDir, 'conformance.json');
    if (!fs.existsSync(file)) throw new Error(`the suite wrote no report (exit code ${code}); see ${path.relative(ROOT, path.join(outDir, 'run.log'))}`);
    const report = JSON.parse(fs.readFileSync(file, 'utf8')) as Report;
    return { ...base, ...judge(report, m.mode, m.declared, m.expected), report: path.relative(ROOT, file), durationMs: Date.now() - started };
  } catch (e) {
    return { ...base, error: (e as Error).message, durationMs: Date.now() - started };
  } finally {
    await prepared?.stop();
  }
}

// ─── Main ───────────────────────────────────────────────────────────────────────────────────

function listCatalogue(): string {
  const rows = MUTANTS.map((m) => `| ${m.id} | ${m.mode} | ${m.declared.join(', ')} | ${mechanism(m)} | ${m.quick ? 'yes' : ''} | ${m.description} |`);
  return ['| Mutant | Mode | Declared | Mechanism | Quick | Change |', '|---|---|---|---|---|---|', ...rows].join('\n');
}

async function main(): Promise<number> {
  let opts: Options;
  try {
    opts = parseOptions(process.argv.slice(2));
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (opts.list) {
    console.log(listCatalogue());
    return 0;
  }
  let selected = MUTANTS;
  if (opts.quick) selected = MUTANTS.filter((m) => m.quick);
  if (opts.only) {
    const unknown = opts.only.filter((id) => !MUTANTS.some((m) => m.id === id));
    if (unknown.length) {
      console.error(`Unknown mutant(s): ${unknown.join(', ')}. Known:\n  ${MUTANTS.map((m) => m.id).join('\n  ')}`);
      return 2;
    }
    selected = MUTANTS.filter((m) => opts.only!.includes(m.id));
  }
  if (opts.baseline) {
    const modes = [...new Set(selected.map((m) => m.mode))];
    selected = modes.map((mode): Mutant => ({ id: `baseline-${mode}`, mode, declared: [], description: 'the unmodified reference, delivered the way mutants are' }));
  }
  // Every normative clause should have a mutant (the catalogue's unit test enforces it too).
  const uncovered = NORMATIVE.filter((c) => !MUTANTS.some((m) => m.declared.includes(c.id))).map((c) => c.id);
  if (uncovered.length) console.warn(`Note: no mutant declares ${uncovered.join(', ')}.`);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const started = Date.now();
  const results: MutantResult[] = [];
  try {
    // Up to --jobs mutants at a time; each line is printed when its mutant is done, results kept in catalogue order.
    const done: (MutantResult | undefined)[] = new Array(selected.length);
    let next = 0;
    await Promise.all(Array.from({ length: Math.min(opts.jobs, selected.length) }, async () => {
      while (next < selected.length && !interrupted) {
        const i = next++;
        const m = selected[i];
        const head = `[${i + 1}/${selected.length}] ${m.id} (${m.mode}, declares ${m.declared.join(', ')}) … `;
        if (opts.jobs === 1) process.stdout.write(head);
        const r = await runOne(m, opts);
        done[i] = r;
        const line = opts.baseline ? (r.error ? `error\n` : `done (${(r.durationMs / 1000).toFixed(0)} s)\n`)
          : opts.check ? (r.error ? `STALE\n${r.error}\n` : `edits match (${(r.durationMs / 1000).toFixed(1)} s)\n`)
          : `${outcome(r)}${r.failed.length ? ` — failed: ${r.failed.join(', ')}` : ''} (${(r.durationMs / 1000).toFixed(0)} s)${r.error ? `\n  ${r.error.replace(/\n/g, '\n  ')}` : ''}\n`;
        process.stdout.write(opts.jobs === 1 ? line : head + line);
      }
    }));
    results.push(...done.filter((r): r is MutantResult => !!r));
  } finally {
    await cleanupAll();
  }
  if (interrupted) return 130;
  if (opts.baseline) {
    for (const r of results) console.log(`${r.id}: ${r.error ? `error: ${r.error}` : r.failed.length ? `fails ${r.failed.join(', ')} (these show as collateral on every ${r.mode} mutant)` : 'no clause fails'}`);
    return results.some((r) => r.error || r.failed.length) ? 1 : 0;
  }
  if (opts.check) {
    const bad = results.filter((r) => r.error).length;
    console.log(`\n${results.length - bad} of ${results.length} mutants' edits match the current build.`);
    return bad ? 1 : 0;
  }

  const thisRun: MutantsFile['run'] = {
    scope: opts.quick ? 'quick' : opts.only ? 'only' : 'full',
    declaredOnly: opts.declaredOnly || !!opts.clauses,
    durationMs: Date.now() - started,
    builds: snapshotBuilds,
  };
  let file = summarise(results, thisRun);
  if (opts.merge) {
    const previous = readMutantsFile();
    if (!previous) console.warn('--merge: no earlier reports/mutants.json to merge into; writing this run alone.');
    else if (previous.run.declaredOnly !== thisRun.declaredOnly) console.warn('--merge: the earlier run measured collateral differently (declared clauses only or not); writing this run alone.');
    else file = merge(previous, results, thisRun);
  }
  fs.mkdirSync(REPORTS, { recursive: true });
  fs.writeFileSync(path.join(REPORTS, 'mutants.json'), `${JSON.stringify(file, null, 2)}\n`);
  const md = renderMarkdown(file);
  fs.writeFileSync(path.join(REPORTS, 'mutants.md'), md);
  console.log(`\n${md}`);
  const s = file.summary;
  console.log(`mutation score ${(s.score * 100).toFixed(0)}% (${s.killed}/${s.total}), collateral ${s.collateral}, took ${(file.run.durationMs / 1000).toFixed(0)} s`);
  console.log('Details: reports/mutants.md, reports/mutants.json, reports/mutants/<id>/');
  return file.mutants.every((r) => r.killed && r.collateral.length === 0 && !r.error) ? 0 : 1;
}

function summarise(mutants: MutantResult[], run: MutantsFile['run']): MutantsFile {
  const killed = mutants.filter((r) => r.killed).length;
  return {
    summary: {
      score: mutants.length ? killed / mutants.length : 0,
      killed, total: mutants.length,
      collateral: mutants.reduce((n, r) => n + r.collateral.length, 0),
      at: new Date().toISOString(),
    },
    run, mutants,
  };
}

function readMutantsFile(): MutantsFile | undefined {
  try {
    const f = JSON.parse(fs.readFileSync(path.join(REPORTS, 'mutants.json'), 'utf8')) as MutantsFile;
    return f.run && Array.isArray(f.mutants) ? f : undefined;
  } catch {
    return undefined;
  }
}

/** The earlier run's results with these mutants' results in their place (catalogue order). */
export function merge(previous: MutantsFile, results: MutantResult[], run: MutantsFile['run']): MutantsFile {
  const byId = new Map(previous.mutants.map((r) => [r.id, r]));
  for (const r of results) byId.set(r.id, r);
  const order = (id: string) => { const i = MUTANTS.findIndex((m) => m.id === id); return i < 0 ? Infinity : i; };
  const mutants = [...byId.values()].filter((r) => MUTANTS.some((m) => m.id === r.id)).sort((a, b) => order(a.id) - order(b.id));
  return summarise(mutants, {
    ...run,
    scope: previous.run.scope,
    durationMs: previous.run.durationMs + run.durationMs,
    builds: { ...previous.run.builds, ...run.builds },
    merged: [...(previous.run.merged ?? []), ...results.map((r) => r.id)],
  });
}

if (require.main === module) {
  main().then((code) => process.exit(code), async (e) => {
    console.error(e instanceof Error ? e.stack ?? e.message : e);
    await cleanupAll();
    process.exit(1);
  });
}
