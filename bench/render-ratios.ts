import type { Floor } from './floor';
import { ratio, times } from './floor';
import type { ForeignRun } from './foreign';
import type { SuiteRun } from './suite';
import { secs } from './util';

// The speed targets are ratios to the floor, measured in one bench run on one machine.

/** Each target: at most this many times the floor (the fresh run: the builds' span plus this many floors). */
export const FLOOR_TARGET = 3.0;

export interface RatioInput {
  suites: SuiteRun[];
  floor?: Floor;
  foreign?: ForeignRun;
  foreignFloor?: Floor;
  /** The machine-speed line's figures, written beside the ratios. */
  speed: string;
}

const cpu = (s?: number) => (s === undefined ? 'n/a' : `${s.toFixed(1)} CPU-s`);
const verdict = (r: number | undefined, target = FLOOR_TARGET) => (r === undefined ? 'n/a' : r <= target ? 'met' : `**not met**`);

/** The rows of the ratios table: the figure, the floor's, the ratio and the target. */
export function ratioRows(r: RatioInput): string[] {
  const rows: string[] = [];
  const after = r.suites.find((t) => t.kind === 'after builds');
  const fresh = r.suites.find((t) => t.kind === 'fresh');
  const f = r.floor;
  // The last column: the same figure over the floor as the bench counted it before (the tests' own pages' loads only).
  const before = (figure: number | undefined, own: number | undefined) => times(ratio(figure, own));
  if (after && f) {
    const w = ratio(after.wallMs, f.wallMs);
    const c = ratio(after.cpuS, f.cpuS);
    rows.push(`| the suite, both modes, after the builds: wall | ${secs(after.wallMs)} | ${secs(f.wallMs)} | **${times(w)}** | ≤ ${FLOOR_TARGET.toFixed(1)}× | ${verdict(w)} | ${before(after.wallMs, f.ownWallMs)} |`);
    rows.push(`| the suite, both modes, after the builds: CPU | ${cpu(after.cpuS)} | ${cpu(f.cpuS)} | **${times(c)}** | ≤ ${FLOOR_TARGET.toFixed(1)}× | ${verdict(c)} | ${before(after.cpuS, f.ownCpuS)} |`);
  }
  if (fresh && f) {
    const span = fresh.buildsSpanMs ?? 0;
    const rest = ratio(fresh.wallMs - span, f.wallMs);
    const target = span + FLOOR_TARGET * f.wallMs;
    rows.push(`| the fresh main job: wall, less the builds side by side (${secs(span)}) | ${secs(fresh.wallMs)} (${secs(fresh.wallMs - span)} after the builds) | ${secs(f.wallMs)} | **${times(rest)}** | ≤ builds + ${FLOOR_TARGET.toFixed(1)}× = ${secs(target)} | ${fresh.wallMs <= target ? 'met' : '**not met**'} | ${before(fresh.wallMs - span, f.ownWallMs)} |`);
  }
  const g = r.foreignFloor;
  if (r.foreign && g) {
    const w = ratio(r.foreign.wallMs, g.wallMs);
    const judge = r.foreign.judgeS === undefined ? undefined : ratio(r.foreign.judgeS * 1000, g.wallMs);
    rows.push(`| ${r.foreign.id}, one mode, command to report: wall | ${secs(r.foreign.wallMs)} (the suite alone ${r.foreign.judgeS === undefined ? 'n/a' : `${r.foreign.judgeS.toFixed(1)} s, ${times(judge)}`}) | ${secs(g.wallMs)} | **${times(w)}** | ≤ ${FLOOR_TARGET.toFixed(1)}× | ${verdict(w)} | ${before(r.foreign.wallMs, g.ownWallMs)} |`);
    rows.push(`| ${r.foreign.id}, one mode, command to report: CPU | ${cpu(r.foreign.cpuS)} | ${cpu(g.cpuS)} | ${times(ratio(r.foreign.cpuS, g.cpuS))} | (not a target) | | ${before(r.foreign.cpuS, g.ownCpuS)} |`);
  }
  return rows;
}

/** The section that opens the page: the ratios, which figures compare, and each floor. */
export function renderRatios(r: RatioInput): string[] {
  const L: string[] = ['## Speed as a ratio to the floor', ''];
  const rows = ratioRows(r);
  if (!rows.length) return [...L, 'Not measured in this run (--skip-suite and --skip-foreign).', ''];
  L.push(`Copies of the same machine kind differ by up to 2.5× in speed, so the targets (issue 36) are ratios: each figure divided by its **floor** — the same page loads with no assertion (bench/floor.ts), measured in this run on this machine, wall time and CPU over the same spans. **Which figures compare:** a ratio compares with any other bench run's ratio; an absolute figure (seconds, CPU-s) only with a run whose machine-speed line agrees (${r.speed}). "CPU" is the whole machine's busy time (/proc/stat), whoever spent it.`, '');
  L.push('| figure | measured | its floor | ratio | target | | over the tests\' own pages\' loads only |', '|---|---:|---:|---:|---|---|---:|', ...rows, '');
  L.push('**The floor counts every document the tests loaded**: their own pages\' and those of the other pages they opened — tabs and contexts of their own, and the every-page walk (observers/timing.ts `otherLoads`). The last column gives each ratio over the tests\' own pages\' loads only — the floor as the bench counted it before 2026-11-28, which left the walk (about a fifth of the suite\'s CPU) out — so it compares with the ratios of earlier runs.', '');
  for (const [name, fl] of [['The suite\'s floor', r.floor], ['The foreign site\'s floor', r.foreignFloor]] as const) {
    if (!fl) continue;
    L.push(`${name}: the browser starts in ${secs(fl.browserStartMs)} (${cpu(fl.browserStartCpuS)}); ${fl.parts.map((p) => `${p.label}: ${p.loads.own} loads as the tests' own pages made (${secs(p.own.wallMs)}, ${cpu(p.own.cpuS)}) and ${p.loads.other} as their other pages made (${secs(p.other.wallMs)}, ${cpu(p.other.cpuS)}), each to the load event, ${fl.workers} at a time in one context each as the suite's workers`).join('; ')}. In all ${secs(fl.wallMs)} and ${cpu(fl.cpuS)}; the tests' own pages only ${secs(fl.ownWallMs)} and ${cpu(fl.ownCpuS)} (load ${fl.load}).`, '');
  }
  return L;
}
