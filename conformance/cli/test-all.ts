// npm test — everything that proves the project works, ending with the line "N passed, N failed, N skipped":
//   1. type check of the harness and of the site (the builds skip it);
//   2. unit and property tests of the harness (vitest);
//   3. the conformance suite and the site checks against the reference site in both modes
//      (builds both modes first), with the gate over every normative clause;
//   4. when mutants/ exists (npm run mutants runs them all), in one pool (npm run mutants -- --npm-test):
//      the mutants' quick set; the truthfulness mutants (a missing precondition must give untested, a
//      change the spec allows must leave the clause passed, issue 11); and the absent-subject set's
//      cheap part (a clause whose subject a mutant removed must give untested, issue 21);
//   5. one column of the implementation matrix: Next 14.2's create-next-app template as a static
//      export, a site nobody here wrote, judged against the verdicts its framework code implies;
//   6. the package as another team gets it (matrix/consumer-check.ts): packed, installed in a temporary
//      project with its own @playwright/test, and the README's commands run against Next 14.2 and 16;
//   7. a site with nothing to judge (fixtures/nothing-to-judge, issue 21): both modes, zero-config and
//      with an empty profile, every normative clause untested or inapplicable, naming what is missing.
// Without a working Chromium, steps 3 and 4 cannot run: one message, counted as one failure.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runCommand } from '../../launcher/run-command';
import { onStopSignal } from '../../launcher/signals';
import { mutantsOutOf, mutantsSummaryFile, readMutantsSummary } from '../report/mutation';
import { lookupChromium } from '../harness/browser';
import { defaultRun, ROOT, runEnv, writeRunFile } from '../run/channel';
import { countSuiteResults } from './suite-counts';

interface Counts { passed: number; failed: number; skipped: number }
/** Mutants whose expected verdict is not `failed` (mutants/catalogue.ts `expected`). */
const SIGNALS = 'conformance/unit/signals.test.ts';
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

async function exec(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return (await runCommand(cmd, args, { cwd: ROOT, env: { NEXT_TELEMETRY_DISABLED: '1', ...env } })).code;
}

async function step(name: string, fn: () => Promise<Counts>): Promise<void> {
  const t = Date.now();
  console.log(`\n=== ${name} ===`);
  const c = await fn();
  total.passed += c.passed;
  total.failed += c.failed;
  total.skipped += c.skipped;
  console.log(`=== ${name}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped (${((Date.now() - t) / 1000).toFixed(1)} s) ===`);
}

async function main(): Promise<void> {
  onStopSignal();
  // The suite's run: the reference site in both modes, every project, the gate over every normative clause.
  const run = defaultRun({ gateScope: 'all' });
  const runDir = join(run.out, '.run');
  await step('type check (harness and site)', async () => {
    // The builds do not type-check the site (next.config.ts): it is checked here.
    const codes = await Promise.all([exec(bin('tsc'), ['-p', '.']), exec(bin('tsc'), ['-p', 'site', '--noEmit'])]);
    const failed = codes.filter((c) => c !== 0).length;
    return { passed: 2 - failed, failed, skipped: 0 };
  });
  await step('unit and property tests', async () => {
    const file = join(runDir, 'vitest.json');
    // The signal tests need the reference builds: they run after the suite (below).
    return vitest(file, ['--exclude', SIGNALS]);
  });
  const browser = lookupChromium();
  if (!browser.ok) {
    console.log(`\n=== browser steps skipped: ${browser.message} ===`);
    total.failed += 1;
    return finish();
  }
  await step('conformance suite and site checks (both modes)', async () => {
    // Counted from Playwright's own report of this run (every test, the site checks too).
    const file = join(runDir, 'results.json');
    rmSync(file, { force: true });
    const suiteRun = { ...run, browser: browser.choice, options: { ...run.options, reporters: [...run.options.reporters, 'json'] } };
    const code = await exec(bin('playwright'), ['test'], { ...runEnv(writeRunFile(suiteRun)), PLAYWRIGHT_JSON_OUTPUT_FILE: file });
    const c = countSuiteResults(file);
    if (!c) return { passed: 0, failed: 1, skipped: 0 };
    // A run that failed with every test green failed the gate (an untested or flaky clause): count it.
    const gateFailed = code !== 0 && c.failed === 0 && c.flaky === 0 ? 1 : 0;
    return { passed: c.passed, failed: c.failed + c.flaky + gateFailed, skipped: c.skipped };
  });
  const mutants = join(ROOT, 'mutants', 'cli.ts');
  if (existsSync(mutants)) {
    // Into the report folder's mutants/ (the mutants' default), where the report reads the score.
    const out = mutantsOutOf(run.out);
    // One pool of 3 for the three sets (a shared pool leaves no core idle while one set's last mutant runs).
    await step('mutants (quick set, absent subjects give untested, truthfulness: untested and allowed changes)', async () => {
      rmSync(mutantsSummaryFile(out), { force: true });
      const code = await exec(bin('tsx'), [mutants, '--npm-test', '--jobs', '3', '--out', out]);
      const m = readMutantsSummary(out);
      if (!m) return { passed: 0, failed: 1, skipped: 0 };
      const ok = m.mutants.filter((x) => x.killed && x.collateral.length === 0).length;
      return { passed: ok, failed: m.mutants.length - ok + (code !== 0 && ok === m.mutants.length ? 1 : 0), skipped: 0 };
    });
  }
  await step('signals stop everything a command started (needs the builds)', async () => vitest(join(runDir, 'vitest-signals.json'), [SIGNALS]));
  await step('sharded run merged in another folder (the README recipe)', async () => {
    const code = await exec(bin('tsx'), [join(ROOT, 'conformance', 'cli', 'shard-check.ts')]);
    return { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 };
  });
  await step('implementation matrix: next-14.2-static (a site nobody here wrote)', async () => {
    const code = await exec('npm', ['run', '--silent', 'matrix', '--', '--only', 'next-14.2-static', '--out', join(run.out, 'matrix-ci')]);
    return { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 };
  });
  await step('the package in another project (npm pack, install beside Playwright 1.59.1, the README commands)', async () => {
    // Its own lines (one per check) are kept in a log and shown once it ends.
    const log = join(runDir, 'consumer-check.log');
    const r = await runCommand(bin('tsx'), [join(ROOT, 'matrix', 'consumer-check.ts')], { cwd: ROOT, env: { NEXT_TELEMETRY_DISABLED: '1' }, output: { file: log } });
    const text = existsSync(log) ? readFileSync(log, 'utf8') : '';
    process.stdout.write(text);
    const m = /^(\d+) passed, (\d+) failed$/m.exec(text);
    if (!m) return { passed: 0, failed: 1, skipped: 0 };
    const failed = Number(m[2]) + (r.code !== 0 && m[2] === '0' ? 1 : 0);
    return { passed: Number(m[1]), failed, skipped: 0 };
  });
  await step('a site with nothing to judge (fixtures/nothing-to-judge: both modes, zero-config and empty profile)', async () => {
    // One line per suite run (zero-config, empty profile), then "N passed, N failed".
    const log = join(runDir, 'nothing-to-judge.log');
    const r = await runCommand(bin('tsx'), [join(ROOT, 'conformance', 'cli', 'nothing-to-judge.ts'), '--out', join(run.out, 'nothing-to-judge')], { cwd: ROOT, env: { NEXT_TELEMETRY_DISABLED: '1' }, output: { file: log } });
    const text = existsSync(log) ? readFileSync(log, 'utf8') : '';
    process.stdout.write(text.split('\n').filter((l) => !/^ {2}ok /.test(l)).join('\n'));
    const m = /^(\d+) passed, (\d+) failed$/m.exec(text);
    if (!m) return { passed: 0, failed: 1, skipped: 0 };
    return { passed: Number(m[1]), failed: Number(m[2]) + (r.code !== 0 && m[2] === '0' ? 1 : 0), skipped: 0 };
  });
  finish();
}

async function vitest(file: string, args: string[]): Promise<Counts> {
  rmSync(file, { force: true });
  const code = await exec(bin('vitest'), ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const r = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  return { passed: r.numPassedTests, failed: r.numFailedTests + (code !== 0 && r.numFailedTests === 0 ? 1 : 0), skipped: r.numPendingTests + r.numTodoTests };
}

function finish(): never {
  console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  process.exit(total.failed ? 1 : 0);
}

void main();
