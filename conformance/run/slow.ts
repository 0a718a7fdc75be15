import { loadavg, availableParallelism } from 'node:os';
import { currentRun } from './channel';
import { factorOf, measureMachine, type MachineSpeed } from './machine-speed';
import type { SlowFactor } from './slow-factor';

export type { SlowFactor };

/**
 * The harness's patience. Every bound the harness sets on its own waits — a page to
 * load and its client application to start, an answer, an address, a quiet moment, Playwright's
 * test and expect time-outs — is a base figure tuned on the reference machine, multiplied by the
 * run's factor: measured at the start (machine-speed.ts), or given with --slow / the config's
 * `slow`. A time the spec names (3.8 s, 30 s, 5 minutes and the ages around them) is never
 * multiplied: those run on the page's fake clock, which patience does not touch.
 */
/** What the user asked for: a factor, or `auto` (measure). */
export type SlowSetting = number | 'auto';

/** Parses --slow / the config's `slow`: a number from 1 to 10, or `auto`; undefined on anything else. */
export function parseSlow(raw: string | number): SlowSetting | undefined {
  if (raw === 'auto') return 'auto';
  const n = typeof raw === 'number' ? raw : /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : NaN;
  return n >= 1 && n <= 10 ? n : undefined;
}

/** The run's factor: the flag over the config; `auto` or nothing given measures the machine. */
export async function resolveSlow(flag: SlowSetting | undefined, config: SlowSetting | undefined, measure: () => Promise<MachineSpeed> = measureMachine): Promise<SlowFactor> {
  if (typeof flag === 'number') return { factor: flag, source: 'flag' };
  if (flag === undefined && typeof config === 'number') return { factor: config, source: 'config' };
  const machine = await measure();
  return { factor: factorOf(machine), source: 'measured', machine };
}

let override: SlowFactor | undefined;

/** Makes `s` this process's factor before the run file exists (the CLI: its probes and checks). */
export function useSlow(s: SlowFactor | undefined): void {
  override = s;
}

/** The factor in force: this process's, else the run's, else 1. */
export function slowFactor(): number {
  const s = override ?? currentRunSlow();
  return s ? clampGiven(s.factor) : 1;
}

function currentRunSlow(): SlowFactor | undefined {
  try {
    return currentRun().slow;
  } catch {
    return undefined;
  }
}

/** A given factor is kept within 1–10 (a hand-written run file included). */
function clampGiven(f: number): number {
  return Number.isFinite(f) ? Math.min(10, Math.max(1, f)) : 1;
}

/** A bound of the harness's own, fitted to this machine: `baseMs` (tuned on the reference machine) × the factor. */
export function patience(baseMs: number): number {
  return Math.round(baseMs * slowFactor());
}

/** A bound in words: "30 s (15 s × 2)" when scaled, "15 s" when not. */
export function describeBound(baseMs: number): string {
  const f = slowFactor();
  return f === 1 ? secs(baseMs) : `${secs(patience(baseMs))} (${secs(baseMs)} × ${f}, the harness's patience on this machine)`;
}

export function secs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** The factor and where it came from, in words (the report's header, the CLI's line). */
export function describeSlow(s: SlowFactor | undefined): string {
  if (!s) return 'the harness\'s bounds as tuned on the reference machine (× 1; no factor was measured: a run of npx spec-conformance measures one)';
  const m = s.machine;
  const measured = m ? `reference work took ${m.computeRatio}× as long on ${m.threads} thread(s) and a process start ${m.nodeStartRatio}× (${m.computeMs} ms and ${m.nodeStartMs} ms, against 409 and 65 ms), with a 1-minute load of ${m.load1} on ${m.cores} cores; measured in ${(m.tookMs / 1000).toFixed(1)} s` : '';
  switch (s.source) {
    case 'measured': return `× ${s.factor}, measured at the start: ${measured} (kept within 1–4)`;
    case 'flag': return `× ${s.factor}, given with --slow`;
    case 'config': return `× ${s.factor}, given by the config's \`slow\``;
    default: return `× ${s.factor}`;
  }
}

/** The machine's state now, for the words of an attempt that did not complete (outcome/classify.ts, retry notes). */
export interface RunnerState { load1: number; cores: number; factor: number; source: SlowFactor['source'] | 'none' }

export function runnerState(): RunnerState {
  const s = override ?? currentRunSlow();
  return { load1: Math.round(loadavg()[0] * 100) / 100, cores: availableParallelism(), factor: slowFactor(), source: s?.source ?? 'none' };
}
