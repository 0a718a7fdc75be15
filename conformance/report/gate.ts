import type { Mode } from '../../spec/clauses';
import { expectationFor, type Expectation, type PresetFile } from '../expectations/model';
import { knownDeviation, presetsFor } from '../expectations/known';
import type { ClauseResult, ClauseRow, ExpectationOutcome, GateFinding, NotJudgedKind, Report, Verdict } from './model';
import { NOT_JUDGED_WORDS } from '../outcome/verdict';
import { gates, unshownPart } from './verdicts';
import { DEFAULT_LEVELS, type GateKind, type GateLevels } from '../run/gate-levels';

/** The words of a gate reason that is an expected non-pass now passing. */
export const NOW_PASSES = 'now passes: remove its expectation';

/**
 * The gate, with known deviations. For every applicable normative clause in the run's
 * scope and mode:
 * - no expectation for it or its parts: the gate fails on failed, cantTell and untested, as ever;
 * - an expectation for the clause: its verdict must be exactly the expected one;
 * - expectations for some of its parts: each of those parts must have its expected verdict, and
 *   every other part must pass (or be absent where optional): the waiver covers only what it names;
 *   without an expectation of its own the clause is then judged by its parts.
 * A verdict other than the expected one fails the gate, a pass included ("R2.5/client (static) now
 * passes: remove its expectation"), so a fixed deviation is noticed. Each result gets its `gate`
 * status, the expectations applied and, when the detected framework version has a preset naming a
 * failed clause or part, its known deviation. Mutates `rows` (adds those fields); returns the rest.
 */
export interface GateInput {
  rows: ClauseRow[];
  modes: Mode[];
  scope: 'all' | 'selected';
  /** For scope `selected`: `${id}|${mode}` of each clause with a selected test. */
  inScope: (id: string, mode: Mode) => boolean;
  expectations?: readonly Expectation[];
  /** The shipped presets (for "a known deviation of …"). */
  presets?: readonly PresetFile[];
  /** The framework version seen on each mode's target. */
  detected?: Partial<Record<Mode, string>>;
  /** What each kind of finding does to the gate (default: every one fails it). */
  levels?: GateLevels;
  /** Every expectations input asked for, a preset with no entry included (so the report names it). */
  sources?: readonly string[];
}

export interface GateOutput {
  /** Findings whose level is `error`: each fails the gate. */
  findings: ClauseFinding[];
  /** Findings whose level is `warn`: shown, never failing the gate. */
  warnings: string[];
  expected: string[];
  expectations?: Report['expectations'];
}

/** One thing the gate found about a clause or part, with the kind its level is looked up by. */
export type ClauseFinding = GateFinding & { kind: GateKind; of: string; mode: Mode };

export function applyGate(input: GateInput): GateOutput {
  const list = input.expectations ?? [];
  const used = new Set<Expectation>();
  const levels = { ...DEFAULT_LEVELS, ...input.levels };
  const findings: ClauseFinding[] = [];
  const warnings: string[] = [];
  const expected: string[] = [];
  const counts: Partial<Record<Mode, number>> & { all: number } = { all: 0 };
  for (const row of input.rows) {
    if (row.kind !== 'normative') continue;
    for (const mode of input.modes) {
      if (!row.modes.includes(mode)) continue;
      const r = row.results[mode];
      if (!r) continue;
      if (!input.inScope(row.id, mode)) {
        r.gate = 'ungated';
        continue;
      }
      const detected = input.detected?.[mode];
      const presets = detected ? presetsFor(input.presets ?? [], detected) : [];
      const judged = judge(row.id, mode, r, list, presets, detected);
      judged.applied.forEach((e) => used.add(e));
      for (const p of judged.problems) {
        if (levels[p.kind] === 'error') findings.push(p);
        else if (levels[p.kind] === 'warn') warnings.push(`${p.text} (a warning: gate.${p.kind} is "warn")`);
      }
      const failing = judged.problems.some((p) => levels[p.kind] === 'error');
      r.gate = failing ? 'unexpected' : judged.problems.length ? 'allowed' : judged.outcomes.some((o) => o.expected !== 'passed' && o.met) ? 'expected' : 'ok';
      if (judged.outcomes.length) r.expectations = judged.outcomes;
      if (judged.known.length) r.knownDeviations = judged.known;
      if (r.gate === 'expected') {
        counts[mode] = (counts[mode] ?? 0) + 1;
        counts.all++;
        for (const o of judged.outcomes) if (o.expected !== 'passed') expected.push(`${o.of} (${mode}) is ${o.observed}, as expected: ${o.reason}${o.source ? ` [${o.source}]` : ''}`);
      }
    }
  }
  if (!list.length && !input.sources?.length) return { findings, warnings, expected };
  const sources = [...new Set([...(input.sources ?? []), ...list.map((e) => e.source ?? 'inline')])];
  const unused = list.filter((e) => !used.has(e)).map((e) => ({ clause: e.clause, ...(e.mode ? { mode: e.mode } : {}), verdict: e.verdict, reason: e.reason, ...(e.source ? { source: e.source } : {}) }));
  return { findings, warnings, expected, expectations: { sources, expected: counts, unused } };
}

const tag = (e: Expectation) => (e.source ? `; ${e.source}` : '');

function judge(id: string, mode: Mode, r: ClauseResult, list: readonly Expectation[], presets: readonly PresetFile[], detected: string | undefined) {
  const problems: ClauseFinding[] = [];
  const kindOf = (v: Verdict): GateKind => (v === 'passed' ? 'unexpectedPass' : v === 'inapplicable' ? 'untested' : v);
  const outcomes: ExpectationOutcome[] = [];
  const applied: Expectation[] = [];
  const known: NonNullable<ClauseResult['knownDeviations']> = [];
  const deviation = (of: string, v: Verdict) => {
    if (v !== 'failed' || !detected) return undefined;
    const d = knownDeviation(presets, of, mode, detected);
    if (d) known.push(d);
    return d;
  };
  const because = (reason: string | undefined) => (reason ? `: ${reason}` : '');
  // An untested verdict names its kind of not judged, in words and as data; the kind never changes what gates.
  const kinded = (v: Verdict, kind: NotJudgedKind | undefined) => (v === 'untested' && kind ? { words: ` (${NOT_JUDGED_WORDS[kind]})`, data: { notJudged: kind } } : { words: '', data: {} });
  // The kind named once: a reason that opens with the same words says the rest.
  const untold = (reason: string | undefined, k: { words: string }) => (k.words ? reason?.replace(/^(not on this site|not observable on this deployment): /, '') : reason);
  const check = (of: string, e: Expectation, observed: Verdict, reason: string | undefined, kind?: NotJudgedKind) => {
    applied.push(e);
    outcomes.push({ of, expected: e.verdict, observed, met: observed === e.verdict, reason: e.reason, ...(e.link ? { link: e.link } : {}), ...(e.source ? { source: e.source } : {}), ...(e.cite ? { cite: [...e.cite] } : {}) });
    if (observed === e.verdict) return;
    const held = { of, mode, expected: { verdict: e.verdict, ...(e.source ? { source: e.source } : {}) } };
    if (observed === 'passed') problems.push({ kind: 'unexpectedPass', ...held, text: `${of} (${mode}) ${NOW_PASSES} (expected ${e.verdict}: ${e.reason}${tag(e)})` });
    else {
      const k = kinded(observed, kind);
      problems.push({ kind: kindOf(observed), ...k.data, ...held, text: `${of} (${mode}) is ${observed}${k.words}, not ${e.verdict} as expected (${e.reason}${tag(e)})${because(untold(reason, k))}` });
    }
  };
  const unexpected = (of: string, v: Verdict, reason: string | undefined, kind: NotJudgedKind | undefined, extra = '') => {
    const d = deviation(of, v);
    const note = d ? ` (${d.note}; expect it with --expectations ${d.preset})` : '';
    const k = kinded(v, kind);
    problems.push({ kind: kindOf(v), ...k.data, of, mode, text: `${of} (${mode}) is ${v}${k.words}${extra}${note}${because(untold(reason, k))}` });
  };

  const own = expectationFor(list, id, mode);
  const parts = (r.parts ?? []).map((p) => ({ p, e: expectationFor(list, `${id}/${p.id}`, mode) }));
  const anyPart = parts.some((x) => x.e);
  // The clause first, then its parts (the order of the report's lines).
  if (own) {
    check(id, own, r.verdict, r.reason, r.notJudged);
    deviation(id, r.verdict);
  } else {
    // A verdict its parts account for is reported per part (one reason each); a failure no part accounts for, as the clause's.
    const explained = parts.some(({ p }) => p.verdict === r.verdict);
    if (gates(r.verdict) && !explained) unexpected(id, r.verdict, r.reason, r.notJudged);
    else deviation(id, r.verdict);
  }
  for (const { p, e } of parts) {
    const of = `${id}/${p.id}`;
    if (e) {
      check(of, e, p.verdict, p.reason, p.notJudged);
      deviation(of, p.verdict);
    } else if (!own && gates(p.verdict) && !unshownPart(r.verdict, p)) {
      unexpected(of, p.verdict, p.reason, p.notJudged, anyPart ? `, and no expectation of ${id} covers it` : '');
    } else deviation(of, p.verdict);
  }
  return { problems, outcomes, applied, known: dedupe(known) };
}

function dedupe<T extends { of: string }>(xs: T[]): T[] {
  const seen = new Set<string>();
  return xs.filter((x) => !seen.has(x.of) && !!seen.add(x.of));
}

/** A reason of the run itself (a shard missing, no test ran), as a finding of the gate. */
export const runFinding = (text: string): GateFinding => ({ kind: 'run', text });

/** The report's gate from the gate's output: the run's own findings first; the levels shown only when not the strict default. */
export function gateOf(out: GateOutput, run: readonly GateFinding[], scope: Report['gate']['scope'], levels: GateLevels): Report['gate'] {
  const findings = [...run, ...out.findings];
  const strict = Object.values(levels).every((l) => l === 'error');
  return {
    passed: findings.length === 0, scope, reasons: findings.map((f) => f.text), findings,
    ...(out.expected.length ? { expected: out.expected } : {}),
    ...(out.warnings.length ? { warnings: out.warnings } : {}),
    ...(strict ? {} : { levels }),
  };
}

/** The gate with reasons of the run itself put first (a merge missing a shard): it fails. */
export function failRun(gate: Report['gate'], reasons: readonly string[]): Report['gate'] {
  if (!reasons.length) return gate;
  const findings = [...reasons.map(runFinding), ...gate.findings];
  return { ...gate, passed: false, reasons: findings.map((f) => f.text), findings };
}
