// npm test — everything that proves the project works, ending with the line "N passed, N failed, N skipped":
//   1. type check of the harness and of the site (the builds skip it), and the lint (eslint.config.mjs);
//   2. unit and property tests of the harness (vitest);
//   3. the conformance suite against the reference site in both modes, through the command as a
//      user's run goes (npm run conformance: builds both modes first), with the gate over every
//      normative clause; then the site checks (the repository's playwright.config.ts);
//   4. when mutants/ exists (npm run mutants runs them all), in one pool (npm run mutants -- --npm-test):
//      the mutants' quick set; the truthfulness mutants (a missing precondition must give untested, a
//      change the spec allows must leave the clause passed); and the absent-subject set's
//      cheap part (a clause whose subject a mutant removed must give untested);
//   5. the signal tests (every command stops what it started) and the README's sharded recipe;
//   6. a protected deployment (selftest/protected-check.ts) that is also npm test's column of the
//      implementation matrix: Next 14.2's create-next-app template as a static export, a site
//      nobody here wrote, over HTTPS with its own certificate authority, behind basic auth and a required
//      header — refused cleanly without the options; with them, judged against the verdicts its framework
//      code implies (the matrix's cells for next-14.2-static); the planted secrets written nowhere — and
//      the Action's steps;
//   7. the package as another team gets it (selftest/consumer-check.ts): packed, installed in a temporary
//      project with its own @playwright/test, and the README's commands run against Next 14.2 and 16;
//   8. a site with nothing to judge (fixtures/nothing-to-judge): both modes, zero-config and
//      with an empty profile, every normative clause untested or inapplicable, naming what is missing.
// Steps 1–3 run one after another, each alone, their output streamed: the suite's timed clauses are
// judged on a machine nothing else of npm test loads. Steps 4–8 then run in two lanes side by side
// (lanesOf): each of them alone leaves a core idle part of the time (installs, server starts, one-mode
// runs, builds of one site), and none shares a folder, a port or a build with the other lane. Their
// output goes to a log per step, shown whole when the step ends.
// Without a working Chromium, steps 3 to 8 cannot run: one message, counted as one failure.
// Every step's line and the end of the run say CPU-seconds: a step alone, the machine's spent meanwhile
// (/proc/stat, as bench/util.ts measures them); a lane step, its own processes' (its commands' guards
// measure them, launcher/guard.cjs), and the lanes together the machine's: the budget is 1,000 CPU-s
// on a copy whose machine-speed line matches docs/benchmarks.md's. The line before the counts says how
// the run stands against it, with this copy's speed (measured after the run) beside that page's.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { onStopSignal, runCommand, seconds, type Output } from '../launcher';
import { mutantsOutOf, mutantsSummaryFile, readMutantsSummary } from '../conformance/report/mutation';
import { defaultRun, runEnv, writeRunFile } from '../conformance/run/channel';
import { lookupChromium } from '../conformance/setup/browser';
import { MODES } from '../spec/clauses';
import { ROOT } from '../spec/root';
import { referenceTarget } from '../targets/reference/run';
import { suiteCounts } from './suite-counts';
import { cpuSecondsSince, machineCpuSeconds } from '../bench/util';
import { benchmarkedSpeed, measureSpeedWithoutBrowser, speedsAgree } from '../bench/speed';

const BENCHMARKS = join(ROOT, 'docs', 'benchmarks.md');

interface Counts { passed: number; failed: number; skipped: number }
/** A step of npm test; `out` is where its commands write (the terminal, or the step's log). `hide`: log lines not shown. */
interface Step { name: string; run(out: Output): Promise<Counts>; hide?: RegExp }
/** The signal tests: they need the reference builds, so they run after the suite. */
const SIGNALS = 'selftest/signals.test.ts';
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);
const one = (ok: boolean): Counts => ({ passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 });
const runStarted = { ms: Date.now(), cpuS: machineCpuSeconds() };
/** The machine's CPU-seconds since a reading, as words ("" off Linux). */
const cpuSince = (before: number | undefined) => {
  const spent = cpuSecondsSince(before);
  return spent === undefined ? '' : `, ${spent.toFixed(0)} CPU-s`;
};

/**
 * A lane step's own CPU-seconds, by the step's log (its `out`): each of its commands measured by its
 * guard (runCommand's `cpu`: the command and everything it started and waited for), so the two lanes'
 * steps, side by side on the machine, are told apart.
 */
const stepCpu = new WeakMap<object, { s: number; all: boolean }>();

async function exec(cmd: string, args: string[], out: Output, env: NodeJS.ProcessEnv = {}): Promise<number> {
  const ownLog = typeof out === 'object' ? out : undefined;
  const r = await runCommand(cmd, args, { cwd: ROOT, env: { NEXT_TELEMETRY_DISABLED: '1', ...env }, output: out, cpu: !!ownLog });
  if (ownLog && r.cpuS !== undefined) {
    const before = stepCpu.get(ownLog) ?? { s: 0, all: true };
    stepCpu.set(ownLog, { s: before.s + r.cpuS, all: before.all && !!r.cpuAll });
  }
  return r.code;
}

function add(name: string, c: Counts, started: number, cpu = ''): string {
  total.passed += c.passed;
  total.failed += c.failed;
  total.skipped += c.skipped;
  return `=== ${name}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped (${seconds(Date.now() - started)}${cpu}) ===`;
}

/** A step alone, its output streamed. */
async function alone(step: Step): Promise<void> {
  const t = Date.now();
  const cpu = machineCpuSeconds();
  console.log(`\n=== ${step.name} ===`);
  const c = await step.run('inherit');
  console.log(add(step.name, c, t, cpuSince(cpu)));
}

/**
 * Lanes side by side, the steps of each one after another; a step's output goes to its own log
 * (<runDir>/steps/), shown whole, between its two lines, when it ends.
 */
async function lanes(runDir: string, all: Step[][]): Promise<void> {
  let n = 0;
  const started = Date.now();
  const cpu = machineCpuSeconds();
  await Promise.all(all.map(async (lane) => {
    for (const step of lane) {
      const t = Date.now();
      const file = join(runDir, 'steps', `${++n}.log`);
      rmSync(file, { force: true });
      console.log(`\n=== started: ${step.name} (log ${file}) ===`);
      const log = { file, append: true };
      let c: Counts;
      try {
        c = await step.run(log);
      } catch (e) {
        console.error(`${step.name}: ${(e as Error).message.split('\n')[0]}`);
        c = one(false);
      }
      const text = (existsSync(file) ? readFileSync(file, 'utf8') : '').split('\n').filter((l) => !step.hide?.test(l)).join('\n');
      const own = stepCpu.get(log);
      // Where the guard could not account for every process, the figure is a lower bound (guard.cjs).
      const cpu = own === undefined ? '' : `, ${own.all ? '' : 'at least '}${own.s.toFixed(0)} CPU-s of its own processes`;
      console.log(`\n=== ${step.name} ===\n${text.trimEnd()}\n${add(step.name, c, t, cpu)}`);
    }
  }));
  console.log(`\n=== the ${all.length} lanes side by side: ${seconds(Date.now() - started)}${cpuSince(cpu)} ===`);
}

/** The last "N passed, N failed" line of a log (the consumer check, the site with nothing to judge). */
function closingCounts(out: Output, code: number): Counts {
  const text = typeof out === 'object' && existsSync(out.file) ? readFileSync(out.file, 'utf8') : '';
  const m = [...text.matchAll(/^(\d+) passed, (\d+) failed$/gm)].at(-1);
  if (!m) return one(false);
  return { passed: Number(m[1]), failed: Number(m[2]) + (code !== 0 && m[2] === '0' ? 1 : 0), skipped: 0 };
}

async function main(): Promise<void> {
  onStopSignal();
  // The suite's run: the reference site in both modes, every project, the gate over every normative clause.
  const run = defaultRun({ gateScope: 'all', targets: MODES.map(referenceTarget) });
  const runDir = join(run.out, '.run');
  await alone({ name: 'type check (harness and site) and lint (eslint.config.mjs)', run: async (out) => {
    // The builds do not type-check the site (next.config.ts): it is checked here.
    const codes = await Promise.all([
      exec(bin('tsc'), ['-p', '.'], out), exec(bin('tsc'), ['-p', 'site', '--noEmit'], out), exec(bin('eslint'), ['.'], out),
    ]);
    const failed = codes.filter((c) => c !== 0).length;
    return { passed: codes.length - failed, failed, skipped: 0 };
  } });
  await alone({ name: 'unit and property tests', run: (out) => vitest(join(runDir, 'vitest.json'), ['--exclude', SIGNALS], out) });
  const browser = lookupChromium();
  if (!browser.ok) {
    console.log(`\n=== browser steps skipped: ${browser.message} ===`);
    total.failed += 1;
    return finish();
  }
  await alone({ name: 'conformance suite: the reference site in both modes, through the command (npm run conformance)', run: async (out) => {
    // The main job as a user runs it: built if stale, served, judged by URL with its profile, pre-flight and
    // the gate over every normative clause; counted from Playwright's own report of it (--reporter json).
    const file = join(run.out, 'playwright-results.json');
    rmSync(file, { force: true });
    const code = await exec(bin('tsx'), [join(ROOT, 'selftest', 'reference-run.ts'), '--reporter', 'json', '--out', run.out], out);
    return suiteCounts(file, code);
  } });
  await alone({ name: 'site checks (both modes)', run: async (out) => {
    // The repository's own config (playwright.config.ts): the reference site's smoke, accessibility and security checks.
    const file = join(runDir, 'results.json');
    rmSync(file, { force: true });
    const siteRun = { ...run, browser: browser.choice, options: { ...run.options, reporters: [...run.options.reporters, 'json'] } };
    const code = await exec(bin('playwright'), ['test'], out, { ...runEnv(writeRunFile(siteRun)), PLAYWRIGHT_JSON_OUTPUT_FILE: file });
    return suiteCounts(file, code);
  } });
  await lanes(runDir, lanesOf(run.out, runDir).map((lane) => lane.filter((s): s is Step => !!s)));
  await finish();
}

/**
 * Steps 4–8 in two lanes: the reference's mutants, signals and shards with the site with nothing to
 * judge; the protected deployment (the matrix column) with the consumer check, which both serve Next
 * 14.2's template export from the matrix's cache (one lane: never two builds of it at once).
 */
function lanesOf(out: string, runDir: string): (Step | undefined)[][] {
  const mutants = join(ROOT, 'mutants', 'cli.ts');
  return [[
    existsSync(mutants) ? { name: 'mutants (quick set, absent subjects give untested, truthfulness: untested and allowed changes)', run: async (o) => {
      // Into the report folder's mutants/ (the mutants' default), where the report reads the score.
      const mout = mutantsOutOf(out);
      rmSync(mutantsSummaryFile(mout), { force: true });
      // One pool of 3 for the three sets (a shared pool leaves no core idle while one set's last mutant runs).
      const code = await exec(bin('tsx'), [mutants, '--npm-test', '--jobs', '3', '--out', mout], o);
      const m = readMutantsSummary(mout);
      if (!m) return one(false);
      const ok = m.mutants.filter((x) => x.killed && x.collateral.length === 0).length;
      return { passed: ok, failed: m.mutants.length - ok + (code !== 0 && ok === m.mutants.length ? 1 : 0), skipped: 0 };
    } } : undefined,
    { name: 'signals stop everything a command started (needs the builds)', run: (o) => vitest(join(runDir, 'vitest-signals.json'), [SIGNALS], o) },
    { name: 'sharded run merged in another folder (the README recipe)', run: async (o) => one(await exec(bin('tsx'), [join(ROOT, 'selftest', 'shard-check.ts')], o) === 0) },
    { name: 'a site with nothing to judge (fixtures/nothing-to-judge: both modes, zero-config and empty profile)', run: async (o) => {
      // One line per suite run (zero-config, empty profile), then "N passed, N failed".
      return closingCounts(o, await exec(bin('tsx'), [join(ROOT, 'selftest', 'nothing-to-judge.ts'), '--out', join(out, 'nothing-to-judge')], o));
    }, hide: /^ {2}ok / },
  ], [
    // One line per check, then "N passed, N failed".
    { name: 'a protected deployment of a site nobody here wrote (the matrix column next-14.2-static over HTTPS with its own CA, basic auth, a required header) and the Action\'s steps', run: async (o) => closingCounts(o, await exec(bin('tsx'), [join(ROOT, 'selftest', 'protected-check.ts')], o)) },
    // One line per check, then "N passed, N failed".
    { name: 'the package in another project (npm pack, install beside Playwright 1.59.1, the README commands)', run: async (o) => closingCounts(o, await exec(bin('tsx'), [join(ROOT, 'selftest', 'consumer-check.ts')], o)) },
  ]];
}

async function vitest(file: string, args: string[], out: Output): Promise<Counts> {
  rmSync(file, { force: true });
  const code = await exec(bin('vitest'), ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], out);
  if (!existsSync(file)) return one(false);
  const r = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  return { passed: r.numPassedTests, failed: r.numFailedTests + (code !== 0 && r.numFailedTests === 0 ? 1 : 0), skipped: r.numPendingTests + r.numTodoTests };
}

/** The budget for npm test, on a copy whose machine-speed line matches docs/benchmarks.md's. */
const BUDGET_CPU_S = 1_000;

async function finish(): Promise<never> {
  // The run's cost, just before the counts (which stay the very last line).
  const spent = cpuSecondsSince(runStarted.cpuS);
  console.log(`\nnpm test: ${seconds(Date.now() - runStarted.ms)} wall${spent === undefined ? ', CPU-seconds not measured (no /proc/stat)' : `, ${spent.toFixed(0)} CPU-s`} (the machine's busy time over the run, /proc/stat)`);
  if (spent !== undefined) console.log(await budgetLine(spent));
  console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  process.exit(total.failed ? 1 : 0);
}

/**
 * The CPU-seconds against the budget, with this copy's speed beside docs/benchmarks.md's (measured
 * now, after the run, as the bench measures it: about 2 s): the budget holds on a copy like the
 * bench's, and copies of one machine kind differ by up to 2.5×.
 */
async function budgetLine(spent: number): Promise<string> {
  const page = existsSync(BENCHMARKS) ? benchmarkedSpeed(readFileSync(BENCHMARKS, 'utf8')) : undefined;
  const here = await measureSpeedWithoutBrowser();
  const figures = (s: { computeMs: number; nodeStartMs: number }) => `reference compute ${s.computeMs.toFixed(0)} ms, \`node -e 0\` ${s.nodeStartMs.toFixed(0)} ms`;
  const against = spent <= BUDGET_CPU_S ? `within it (${(BUDGET_CPU_S - spent).toFixed(0)} CPU-s to spare)` : `${(spent - BUDGET_CPU_S).toFixed(0)} CPU-s over it`;
  const copy = !page ? 'docs/benchmarks.md gives no machine speed to compare with'
    : speedsAgree(here, page) ? `like docs/benchmarks.md's copy (${figures(page)}; the reference compute within 15 %), so the budget applies`
      : `unlike docs/benchmarks.md's copy (${figures(page)}; the reference compute more than 15 % apart), so the budget does not apply as it stands: compare on a copy like that one`;
  return `Budget: ${BUDGET_CPU_S.toLocaleString('en-US')} CPU-s, ${against}. This copy: ${figures(here)}, measured after the run — ${copy}.`;
}

void main();
