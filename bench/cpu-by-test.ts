import fs from 'node:fs';
import path from 'node:path';
import { runConformance } from './suite';
import { machineCpuSeconds } from './util';

// 3b. Where the CPU goes, by test: the suite once more, both modes, one test at a time
// (--workers 1), with the machine's busy time (/proc/stat) read every 100 ms; a test's CPU is the
// busy time over its span (Playwright's JSON report: start and duration of each attempt), whoever
// spent it — the browser, the servers, the worker. With one test at a time nothing else of the
// suite runs in that span; the rest of the run (runner, worker and browser starts, the report) is
// what no test holds.

export interface TestCpu { clause: string; mode: string; title: string; cpuS: number; ms: number }
export interface ClauseCpu { id: string; tests: number; cpuS: number; ms: number; heaviest?: TestCpu }
export interface CpuByTest {
  wallMs: number;
  /** The machine's CPU over the whole run, and the part within tests. */
  cpuS: number;
  testsCpuS: number;
  clauses: ClauseCpu[];
  heaviest: TestCpu[];
}

interface PwResult { startTime: string; duration: number }
interface PwSpec { title: string; file: string; tests: { projectName: string; results: PwResult[] }[] }
interface PwSuite { specs?: PwSpec[]; suites?: PwSuite[] }

const SAMPLE_MS = 100;

/** The busy time (s) at a moment, from readings taken every SAMPLE_MS: the nearest one at or after it. */
function busyAt(samples: [number, number][], at: number): number {
  let lo = 0;
  let hi = samples.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (samples[mid][0] < at) lo = mid + 1;
    else hi = mid;
  }
  return samples[lo][1];
}

/** Each test's CPU over its last attempt's span, grouped by clause (the spec file's name starts with its ID). */
export function cpuOfTests(report: { suites: PwSuite[] }, samples: [number, number][]): TestCpu[] {
  const out: TestCpu[] = [];
  const visit = (s: PwSuite) => {
    for (const spec of s.specs ?? []) {
      const clause = /^([A-Z]\d+\.\d+)/.exec(path.basename(spec.file))?.[1] ?? path.basename(spec.file);
      for (const t of spec.tests) {
        const r = t.results.at(-1);
        if (!r || !r.duration) continue;
        const start = Date.parse(r.startTime);
        out.push({ clause, mode: t.projectName, title: spec.title, ms: r.duration, cpuS: Math.max(0, busyAt(samples, start + r.duration) - busyAt(samples, start)) });
      }
    }
    for (const c of s.suites ?? []) visit(c);
  };
  for (const s of report.suites) visit(s);
  return out;
}

export function byClause(tests: TestCpu[]): ClauseCpu[] {
  const m = new Map<string, ClauseCpu>();
  for (const t of tests) {
    const c = m.get(t.clause) ?? { id: t.clause, tests: 0, cpuS: 0, ms: 0 };
    c.tests++;
    c.cpuS += t.cpuS;
    c.ms += t.ms;
    if (!c.heaviest || t.cpuS > c.heaviest.cpuS) c.heaviest = t;
    m.set(t.clause, c);
  }
  return [...m.values()].sort((a, b) => b.cpuS - a.cpuS);
}

/** The suite one test at a time, its CPU read by test; undefined off Linux or when the run wrote no JSON. */
export async function cpuByTest(workDir: string): Promise<CpuByTest | undefined> {
  if (machineCpuSeconds() === undefined) return undefined;
  const out = path.join(workDir, 'conformance-one-at-a-time');
  const json = `${out}.json`;
  fs.rmSync(json, { force: true });
  const samples: [number, number][] = [];
  const read = () => samples.push([Date.now(), machineCpuSeconds()!]);
  read();
  const timer = setInterval(read, SAMPLE_MS);
  const started = Date.now();
  try {
    await runConformance(out, `${out}.log`, ['--workers', '1', '--reporter', 'json'], { PLAYWRIGHT_JSON_OUTPUT_FILE: json });
  } finally {
    clearInterval(timer);
    read();
  }
  if (!fs.existsSync(json)) return undefined;
  const tests = cpuOfTests(JSON.parse(fs.readFileSync(json, 'utf8')) as { suites: PwSuite[] }, samples);
  return {
    wallMs: Date.now() - started,
    cpuS: samples.at(-1)![1] - samples[0][1],
    testsCpuS: tests.reduce((n, t) => n + t.cpuS, 0),
    clauses: byClause(tests),
    heaviest: [...tests].sort((a, b) => b.cpuS - a.cpuS).slice(0, 10),
  };
}

const cpu = (s: number) => `${s.toFixed(1)} CPU-s`;

/** The section's lines: the split of the run's CPU, per clause, and the heaviest tests. */
export function renderCpuByTest(c: CpuByTest | undefined, floorCpuS?: number): string[] {
  const L = ['## Where the CPU goes, by test', ''];
  if (!c) return [...L, 'Not measured in this run (--skip-suite, or no /proc/stat).', ''];
  const pct = (s: number) => `${((100 * s) / c.cpuS).toFixed(0)} %`;
  L.push(`The suite once more, both modes, **one test at a time** (\`--workers 1\`, bench/cpu-by-test.ts), the machine's busy time read every 100 ms: a test's CPU is the busy time over its span, whoever spent it (its browser, the servers, the worker). In all ${(c.wallMs / 1000).toFixed(1)} s and ${cpu(c.cpuS)}: ${cpu(c.testsCpuS)} (${pct(c.testsCpuS)}) within tests, ${cpu(c.cpuS - c.testsCpuS)} (${pct(c.cpuS - c.testsCpuS)}) outside any — the command, the runner, the worker's and browser's start, the report.${floorCpuS === undefined ? '' : ` The floor above: ${cpu(floorCpuS)}.`} With the default workers the same tests cost more in all (more browsers and workers start, and they share the cores): compare shares, not sums, with the runs above.`, '');
  L.push('| clause | tests | CPU | share of the run | per test | heaviest test |', '|---|---:|---:|---:|---:|---|');
  for (const k of c.clauses) L.push(`| ${k.id} | ${k.tests} | ${cpu(k.cpuS)} | ${pct(k.cpuS)} | ${(k.cpuS / k.tests).toFixed(2)} | ${k.heaviest ? `${cpu(k.heaviest.cpuS)} — (${k.heaviest.mode}) ${k.heaviest.title}` : ''} |`);
  L.push('', 'Heaviest tests:', '');
  for (const t of c.heaviest) L.push(`- ${cpu(t.cpuS)} in ${(t.ms / 1000).toFixed(1)} s — ${t.clause} (${t.mode}) · ${t.title}`);
  L.push('');
  return L;
}
