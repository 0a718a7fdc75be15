import fs from 'node:fs';
import path from 'node:path';
import { runCommand } from '../launcher';
import { serveStatic } from '../targets/hosts/static-server';
import { ROOT } from '../spec/root';
import type { TestTiming } from '../conformance/observers/timing';
import { loadsOfTests, type Loads } from './floor';
import { measured, secs } from './util';

// A team's first run on its own site: the create-next-app 14.2 template's export, judged in one mode
// with no profile (discovery crawls, the tests judge what it found), as `npx spec-conformance --target
// <url> --mode static` runs it. Its target is a sum, not a bare floor: the page loads the run made
// (the crawl's and the tests') with nothing judged, plus the time the timed clauses must let pass
// (their fake-clock runs and bounded waits, which no faster machine shortens), each counted once.

/** The clauses whose subject is a time: their clock runs and waits are the spec's, not the harness's. */
export const TIMED_CLAUSE = /^K9\./;

export interface TeamRun {
  wallMs: number;
  cpuS?: number;
  exitCode: number;
  load: string;
  logFile: string;
  /** The headline's line for the mode: "judged N of M applicable clauses …". */
  judged?: string;
  /** Pages discovery read ("N pages read in …"). */
  crawled?: number;
  /** The report's listed pages and the page loads its tests made: the floor's input. */
  paths: string[];
  loads: Loads;
  /** The timed clauses' clock runs and bounded waits, summed over their tests, divided by the workers that ran them side by side. */
  windowsMs: number;
  workers: number;
}

interface ReportShape {
  clauses: { id: string; results: Record<string, { tests: { timing?: TestTiming }[] } | undefined> }[];
  run?: { workers?: number };
}

/** What the run's report says the floor and the windows are (pure: the bench's unit test reads it). */
export function teamFigures(report: ReportShape, crawled: number, workers: number): Pick<TeamRun, 'loads' | 'windowsMs'> {
  const tests = report.clauses.flatMap((c) => Object.values(c.results).flatMap((r) => (r?.tests ?? []).map((t) => ({ clause: c.id, timing: t.timing }))));
  const { own, other } = loadsOfTests(tests);
  const timed = tests.filter((t) => TIMED_CLAUSE.test(t.clause)).reduce((n, t) => n + (t.timing ? t.timing.clockMs + t.timing.waitMs : 0), 0);
  // The crawl reads its pages one after another in one browser: its loads are the floor's own.
  return { loads: { own: own + crawled, other }, windowsMs: timed / Math.max(1, workers) };
}

export async function timeTeamRun(workDir: string, exportDir: string, workers: number): Promise<TeamRun> {
  const out = path.join(workDir, 'team-14.2-static');
  const logFile = `${out}.log`;
  const server = await serveStatic({ dir: exportDir });
  try {
    const args = ['run', '--silent', 'conformance', '--', '--target', server.url, '--mode', 'static', '--out', out];
    const m = await measured(() => runCommand('npm', args, { cwd: ROOT, env: { NEXT_TELEMETRY_DISABLED: '1', CI: 'true' }, output: { file: logFile } }));
    const text = fs.readFileSync(logFile, 'utf8');
    const crawled = Number(/^ {2}(\d+) pages read in /m.exec(text)?.[1] ?? 0);
    const judged = /judged \d+ of [^\n]*/.exec(text)?.[0];
    let figures: Pick<TeamRun, 'loads' | 'windowsMs'> = { loads: { own: crawled, other: 0 }, windowsMs: 0 };
    let paths = ['/'];
    try {
      figures = teamFigures(JSON.parse(fs.readFileSync(path.join(out, 'conformance.json'), 'utf8')) as ReportShape, crawled, workers);
      const profile = JSON.parse(fs.readFileSync(path.join(out, 'profiles', 'static.json'), 'utf8')) as { scenarios?: { sitePages?: { paths?: string[] } } };
      paths = profile.scenarios?.sitePages?.paths ?? paths;
    } catch {
      // No report: the row says so through its exit code and judged line.
    }
    return { wallMs: m.value.ms, cpuS: m.cpuS, exitCode: m.value.code, load: m.load, logFile, judged, crawled, paths, workers, ...figures };
  } finally {
    await server.stop();
  }
}

/** The bench's rows: the run beside its floor plus the timed windows, and the ratio to that sum (target 1.5×). */
export function renderTeamRun(run: TeamRun | undefined, floorMs: number | undefined): string[] {
  const L = ['## A team\'s first run on the 14.2 template, zero-config', ''];
  if (!run) return [...L, 'Not measured in this run (--skip-foreign).', ''];
  L.push('The matrix\'s 14.2 App Router site (the create-next-app template with its extra pages), its static export, served by our static server and judged with no profile: `npm run conformance -- --target <url> --mode static`, discovery included. Its target: at most **1.5×** the sum of its floor (the browser started once, then the crawl\'s and the tests\' page loads with nothing judged, bench/floor.ts) and the timed clauses\' own windows (the K9 tests\' fake-clock runs and bounded waits, divided by the workers that ran them side by side).', '');
  const sum = floorMs === undefined ? undefined : floorMs + run.windowsMs;
  const ratio = sum ? run.wallMs / sum : undefined;
  L.push('| run | judged | wall time | floor | timed windows | floor + windows | ratio (target ≤ 1.5×) | CPU | exit | load before → after |', '|---|---|---:|---:|---:|---:|---:|---:|---:|---|');
  L.push(`| ${run.crawled ?? '?'} pages crawled, ${run.loads.own + run.loads.other} loads | ${run.judged ?? 'no headline in the log'} | ${secs(run.wallMs)} | ${floorMs === undefined ? 'n/a' : secs(floorMs)} | ${secs(run.windowsMs)} | ${sum === undefined ? 'n/a' : secs(sum)} | ${ratio === undefined ? 'n/a' : `**${ratio.toFixed(2)}×**${ratio <= 1.5 ? '' : ' (not met)'}`} | ${run.cpuS === undefined ? 'n/a' : `${run.cpuS.toFixed(0)} CPU-s`} | ${run.exitCode} | ${run.load} |`, '');
  return L;
}
