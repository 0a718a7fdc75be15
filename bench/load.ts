/**
 * `npm run bench -- --load`: the suite under load, repeatable. A quiet run of
 * `npm run conformance` (both modes) is the reference; then, `--runs` times each,
 *   hogs: the suite with `--hogs` busy loops (one core each) beside it;
 *   pair: two suites started together, side by side (each its own servers and report).
 * Every loaded report is compared with the quiet one (every clause's and part's verdict per mode:
 * load-compare.ts), and the tests it had to try again are counted. The figures, with the machine's
 * speed and the load sampled during each run, go to the "Under load" section of docs/benchmarks.md.
 * Exits 1 when any verdict differs, any is cantTell, or any test was tried again.
 *
 *   npm run bench -- --load [--runs 3] [--hogs 2] [--only hogs|pair] [--quiet-report <conformance.json>] [--out <file>]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, lookupChromium } from '../conformance/setup/browser';
import { measureMachine } from '../conformance/run/machine-speed';
import { runCommand, spawnGuarded } from '../launcher';
import { compareReports, totalsLine, type Comparison, type ReportLike } from './load-compare';
import { renderLoad, type LoadRun } from './load-render';
import { awaitQuiet } from './quiet';
import { measureSpeed, speedFigures } from './speed';
import { cpuSecondsSince, log, machineCpuSeconds } from './util';
import { ROOT } from '../spec/root';

interface LoadOptions { runs: number; hogs: number; only?: 'hogs' | 'pair'; quietReport?: string; out: string }

function parse(argv: string[]): LoadOptions {
  const { values: v } = parseArgs({ args: argv.filter((a) => a !== '--load'), strict: true, options: {
    runs: { type: 'string' }, hogs: { type: 'string' }, only: { type: 'string' }, 'quiet-report': { type: 'string' }, out: { type: 'string' },
  } });
  const runs = Number(v.runs ?? 3);
  const hogs = Number(v.hogs ?? 2);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs needs a whole number above 0, not ${JSON.stringify(v.runs)}.`);
  if (!Number.isInteger(hogs) || hogs < 1) throw new Error(`--hogs needs a whole number above 0, not ${JSON.stringify(v.hogs)}.`);
  if (v.only !== undefined && v.only !== 'hogs' && v.only !== 'pair') throw new Error(`--only takes hogs or pair, not ${JSON.stringify(v.only)}.`);
  return { runs, hogs, only: v.only as LoadOptions['only'], quietReport: v['quiet-report'] && path.resolve(v['quiet-report']), out: path.resolve(v.out ?? path.join(ROOT, 'docs', 'benchmarks.md')) };
}

/** The 1-minute load average sampled every 2 s while `fn` runs: its mean and maximum. */
async function sampled<T>(fn: () => Promise<T>): Promise<{ value: T; loadMean: number; loadMax: number; cpuS?: number; wallMs: number }> {
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(os.loadavg()[0]), 2_000);
  const cpu0 = machineCpuSeconds();
  const t0 = Date.now();
  try {
    const value = await fn();
    const cpuS = cpuSecondsSince(cpu0);
    samples.push(os.loadavg()[0]);
    return { value, wallMs: Date.now() - t0, loadMean: samples.reduce((s, x) => s + x, 0) / samples.length, loadMax: Math.max(...samples), cpuS };
  } finally {
    clearInterval(timer);
  }
}

/** One `npm run conformance` (both modes) into `out`; its report read back. */
async function suite(out: string): Promise<{ report: ReportLike; code: number; log: string }> {
  fs.rmSync(out, { recursive: true, force: true });
  const logFile = `${out}.log`;
  const r = await runCommand('npm', ['run', '--silent', 'conformance', '--', '--out', out], { cwd: ROOT, env: { NEXT_TELEMETRY_DISABLED: '1', CI: 'true' }, output: { file: logFile } });
  const file = path.join(out, 'conformance.json');
  if (!fs.existsSync(file)) throw new Error(`npm run conformance wrote no report (exit ${r.code}); log: ${logFile}`);
  return { report: JSON.parse(fs.readFileSync(file, 'utf8')) as ReportLike, code: r.code, log: logFile };
}

function summary(c: Comparison): string {
  return `${c.compared} verdicts compared, ${c.differences.length} different, ${c.cantTell.length} cantTell, ${c.retried.length} tried again, gate ${c.gatePassed ? 'passed' : 'FAILED'}`;
}

export async function runLoad(argv: string[]): Promise<number> {
  const opts = parse(argv);
  const started = new Date();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'site-load-'));
  // Its suite reports go at the end, however it ends; BENCH_KEEP=1 keeps them.
  if (!process.env.BENCH_KEEP) process.on('exit', () => fs.rmSync(work, { recursive: true, force: true }));
  const found = lookupChromium();
  if (!found.ok) throw new Error(found.message);
  const quiet = await awaitQuiet(120);
  log(`work folder ${work}; ${quiet.quiet ? 'quiet' : 'NOT quiet'} (1-minute load ${quiet.load.toFixed(2)})`);
  const browser = await chromium.launch({ executablePath: found.choice.executablePath, args: CHROMIUM_ARGS });
  const speed = await measureSpeed(browser).finally(() => browser.close());
  const machine = await measureMachine();
  log(`machine speed: ${speedFigures(speed)}; the harness's own measurement now: compute ${machine.computeRatio}×, process start ${machine.nodeStartRatio}×`);

  let reference: ReportLike;
  let quietRun: LoadRun | undefined;
  if (opts.quietReport) {
    reference = JSON.parse(fs.readFileSync(opts.quietReport, 'utf8')) as ReportLike;
    log(`quiet reference: ${opts.quietReport} (${totalsLine(reference)})`);
  } else {
    log('quiet run: npm run conformance…');
    const q = await sampled(() => suite(path.join(work, 'quiet')));
    reference = q.value.report;
    quietRun = { mode: 'quiet', run: 1, wallMs: q.wallMs, cpuS: q.cpuS, loadMean: q.loadMean, loadMax: q.loadMax, reports: [{ slow: reference.slow, comparison: compareReports(reference, reference) }] };
    log(`  ${(q.wallMs / 1000).toFixed(1)} s, load mean ${q.loadMean.toFixed(2)}; ${totalsLine(reference)}`);
  }

  const runs: LoadRun[] = [];
  for (const mode of ['hogs', 'pair'] as const) {
    if (opts.only && opts.only !== mode) continue;
    for (let i = 1; i <= opts.runs; i++) {
      const label = mode === 'hogs' ? `the suite beside ${opts.hogs} busy loops` : 'two suites side by side';
      log(`${mode} ${i}/${opts.runs}: ${label}…`);
      const hogs = mode === 'hogs' ? Array.from({ length: opts.hogs }, () => spawnGuarded(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' })) : [];
      try {
        // The busy loops run before the suite starts, so its measurement at the start sees them.
        if (hogs.length) await new Promise((r) => setTimeout(r, 3_000));
        const outs = mode === 'hogs' ? [path.join(work, `hogs-${i}`)] : [path.join(work, `pair-${i}-a`), path.join(work, `pair-${i}-b`)];
        const m = await sampled(() => Promise.all(outs.map(suite)));
        const reports = m.value.map((s) => ({ slow: s.report.slow, comparison: compareReports(reference, s.report), log: s.log }));
        runs.push({ mode, run: i, wallMs: m.wallMs, cpuS: m.cpuS, loadMean: m.loadMean, loadMax: m.loadMax, reports });
        for (const r of reports) log(`  ${(m.wallMs / 1000).toFixed(1)} s, load mean ${m.loadMean.toFixed(2)} (max ${m.loadMax.toFixed(2)}), factor ${r.slow?.factor ?? '?'}: ${summary(r.comparison)}`);
      } finally {
        await Promise.all(hogs.map((h) => h.stop(1_000)));
      }
    }
  }

  const section = renderLoad({ date: started, speed, machine, quietLoad: quiet.load, quietRun, reference: totalsLine(reference), referenceFrom: opts.quietReport, runs, hogs: opts.hogs, command: `npm run bench -- ${argv.join(' ')}` });
  writeSection(opts.out, section);
  log(`wrote the "Under load" section of ${path.relative(process.cwd(), opts.out)}`);
  const bad = runs.flatMap((r) => r.reports).filter((r) => r.comparison.differences.length || r.comparison.cantTell.length || r.comparison.retried.length || !r.comparison.gatePassed);
  for (const r of bad) log(`NOT the same as quiet: ${summary(r.comparison)}; ${[...r.comparison.differences, ...r.comparison.cantTell.map((x) => `cantTell ${x}`), ...r.comparison.retried.map((x) => `tried again: ${x}`)].slice(0, 8).join('; ')}`);
  return bad.length ? 1 : 0;
}

/** Replaces (or adds, before "## Matrix") the "## Under load" section of the benchmarks page. */
function writeSection(file: string, section: string): void {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const parts = text.split(/^(?=## )/m);
  const at = parts.findIndex((p) => p.startsWith('## Under load'));
  if (at >= 0) parts[at] = `${section.trimEnd()}\n\n`;
  else {
    const matrix = parts.findIndex((p) => p.startsWith('## Matrix'));
    parts.splice(matrix >= 0 ? matrix : parts.length, 0, `${section.trimEnd()}\n\n`);
  }
  fs.writeFileSync(file, `${parts.join('').trimEnd()}\n`);
}
