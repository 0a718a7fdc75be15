import fs from 'node:fs';
import path from 'node:path';
import type { TestTiming } from '../conformance/observers/timing';
import { runCommand } from '../launcher';
import { measured } from './util';
import { ROOT } from '../spec/root';
import { buildPaths } from '../targets/reference';
import type { Mode } from '../spec/clauses';
import type { Loads } from './floor';

// 3. The conformance suite as users run it (`npm run conformance`, both modes), where its time
// goes (per clause: set-up, page loads, waits, fake-clock runs, the rest — observers/timing.ts), and
// the floor (floor.ts): the same number of page loads with no assertions.

export type Phases = Pick<TestTiming, 'setupMs' | 'loadMs' | 'waitMs' | 'clockMs' | 'otherMs'>;
export interface ClauseProfile extends Phases { id: string; ms: number; tests: number; loads: number }

export interface SuiteRun {
  /** `after builds` (both builds fresh) or `fresh` (no build there: both built in the run). */
  kind: 'after builds' | 'fresh';
  wallMs: number;
  /** What the CLI printed as its own wall time, and the builds' lines. */
  cliWall?: string;
  builds: string[];
  /** The builds' span, side by side (targets/target.ts ensureBuilt), when any was built. */
  buildsSpanMs?: number;
  exitCode: number;
  gate: string;
  load: string;
  /** CPU-seconds the machine spent during the run (all processes; undefined off Linux). */
  cpuS?: number;
  logFile: string;
  tests: number;
  /** Documents the tests loaded, per mode (floor.ts). */
  loads: Record<Mode, Loads>;
  clauses: ClauseProfile[];
  slowest: { clause: string; mode: string; title: string; ms: number; timing?: TestTiming }[];
}

const PHASES = ['setupMs', 'loadMs', 'waitMs', 'clockMs', 'otherMs'] as const;

/** `npm run conformance` as the bench runs it (as CI would: CI=true), into `out`, its output to `logFile`; `args` and `env` added. */
export function runConformance(out: string, logFile: string, args: string[] = [], env: NodeJS.ProcessEnv = {}) {
  return runCommand('npm', ['run', '--silent', 'conformance', '--', '--out', out, ...args], { cwd: ROOT, env: { NEXT_TELEMETRY_DISABLED: '1', CI: 'true', ...env }, output: { file: logFile } });
}

/** `npm run conformance` as a user runs it; with `fresh`, the builds are moved away first (a fresh clone after npm install). */
export async function timeConformance(workDir: string, kind: SuiteRun['kind']): Promise<SuiteRun> {
  const out = path.join(workDir, `conformance-${kind.replace(/ /g, '-')}`);
  const logFile = `${out}.log`;
  fs.rmSync(out, { recursive: true, force: true });
  const aside = path.join(ROOT, '.cache', 'bench-aside');
  const moved: string[] = [];
  if (kind === 'fresh') {
    fs.rmSync(aside, { recursive: true, force: true });
    fs.mkdirSync(aside, { recursive: true });
    for (const dir of new Set([buildPaths('static').output, buildPaths('static').buildDir, buildPaths('server').buildDir])) {
      if (!fs.existsSync(dir)) continue;
      const to = path.join(aside, path.basename(dir));
      fs.renameSync(dir, to);
      moved.push(to);
    }
  }
  const m = await measured(() => runConformance(out, logFile));
  const r = m.value;
  fs.rmSync(aside, { recursive: true, force: true });
  const text = fs.readFileSync(logFile, 'utf8');
  const reportFile = path.join(out, 'conformance.json');
  if (!fs.existsSync(reportFile)) throw new Error(`npm run conformance wrote no report (exit ${r.code}); log: ${logFile}`);
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as {
    clauses: { id: string; results: Record<string, { tests: { title: string; durationMs: number; timing?: TestTiming }[] } | undefined> }[];
  };
  const clauses: ClauseProfile[] = [];
  const slowest: SuiteRun['slowest'] = [];
  const loads: Record<Mode, Loads> = { static: { own: 0, other: 0 }, server: { own: 0, other: 0 } };
  let tests = 0;
  for (const c of report.clauses) {
    const p: ClauseProfile = { id: c.id, ms: 0, tests: 0, loads: 0, setupMs: 0, loadMs: 0, waitMs: 0, clockMs: 0, otherMs: 0 };
    for (const [mode, res] of Object.entries(c.results)) {
      for (const t of res?.tests ?? []) {
        p.ms += t.durationMs;
        p.tests++;
        p.loads += t.timing?.loads ?? 0;
        loads[mode as Mode].own += t.timing?.loads ?? 0;
        loads[mode as Mode].other += t.timing?.otherLoads ?? 0;
        for (const k of PHASES) p[k] += t.timing?.[k] ?? 0;
        slowest.push({ clause: c.id, mode, title: t.title, ms: t.durationMs, timing: t.timing });
      }
    }
    tests += p.tests;
    if (p.tests) clauses.push(p);
  }
  clauses.sort((a, b) => b.ms - a.ms);
  slowest.sort((a, b) => b.ms - a.ms);
  return {
    kind, wallMs: r.ms, exitCode: r.code, logFile, tests, loads, clauses, slowest: slowest.slice(0, 8),
    cliWall: /Wall time: ([\d.]+ s)/.exec(text)?.[1],
    builds: [...text.matchAll(/^\s*(?:the )?(.+?) built in ([\d.]+ s)/gm)].filter((m) => m[1] !== 'built side by side').map((m) => `${/\((\w+)\)/.exec(m[1])?.[1] ?? m[1]} ${m[2]}`),
    buildsSpanMs: buildsSpan(text),
    gate: /Conformance gate (\w+)[^\n]*/.exec(text)?.[0] ?? 'no gate line in the log',
    load: m.load,
    cpuS: m.cpuS,
  };
}

/** "built side by side in 61.2 s", else the one build's time. */
function buildsSpan(text: string): number | undefined {
  const span = /built side by side in ([\d.]+) s/.exec(text) ?? /^\s*.+? built in ([\d.]+) s/m.exec(text);
  return span ? Number(span[1]) * 1000 : undefined;
}
