import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Mode } from '../../spec/clauses';
import { shownPath } from '../../launcher/format';
import { answerOf, notJudgedByKind } from './answer';
import type { NotJudgedKind } from '../outcome/verdict';
import { coverageLine, coverageOf } from './coverage';
import { gateWords, notJudgedOnly, short } from './headline';
import type { Evidence, GateFinding, Report } from './model';

/** A failing reason's one line: long enough for what was expected and what was seen (the headline's lines are shorter). */
const FAILING_MAX = 320;


/** A finding the gate fails on (or warns of), with the evidence a reader opens first. */
export interface AnswerLine {
  finding: GateFinding;
  /** The reason in one line: clause, mode, verdict, what was expected and seen. */
  text: string;
  /** A screenshot (or other evidence) of the observation, as a path from the command's folder; only one that exists. */
  evidence?: string;
  /** The trace of that observation, likewise. */
  trace?: string;
}

/**
 * The answer (answer.ts) as the console and the job summary open with it, in the order a reader
 * needs it: the gate; what fails it (failed, cantTell, an unexpected pass, a shard missing), each
 * one line of what was expected and seen with its evidence as paths that exist after the run; what
 * was not judged, under its kind (the deployment cannot show it, the site has none, the run could
 * not set it up) and by why; warnings; what was accepted.
 */
export interface ConsoleAnswer {
  gate: string;
  /** A red gate with nothing failed: why, in one sentence. */
  why?: string;
  coverage: { mode: Mode; url?: string; line: string }[];
  pending: number;
  failing: AnswerLine[];
  /** Untested findings grouped by kind, then by what they lack: the same lack once, with every clause that lacks it. */
  notJudged: { why: string; kind: NotJudgedKind; clauses: string[] }[];
  warnings: string[];
  accepted: { kind: 'known deviation' | 'accepted'; clauses: string[] }[];
}

export function consoleAnswerOf(r: Report, out: string, cwd: string): ConsoleAnswer {
  const cov = coverageOf(r);
  const answer = answerOf(r);
  const why = notJudgedOnly(r);
  // The answer's problems are the findings other than untested, in the same order.
  const failing = (r.gate.findings ?? []).filter((f) => f.kind !== 'untested').map((f, i) => {
    const item = answer.problems[i];
    const at = (e: Evidence | undefined) => (e && existsSync(join(out, e.path)) ? shownPath(join(out, e.path), cwd) : undefined);
    const evidence = at(item?.screenshot) ?? fallbackEvidence(r, f, out, cwd);
    const trace = at(item?.trace);
    return { finding: f, text: short(item?.line ?? f.text, FAILING_MAX), ...(evidence ? { evidence } : {}), ...(trace ? { trace } : {}) };
  });
  const expected = cov.modes.flatMap((c) => [...c.failedExpected.map((x) => ({ ...x, v: 'failed' })), ...c.notJudged.filter((n) => n.expected).map((n) => ({ id: n.id, expected: n.expected!, v: n.verdict }))].map((x) => ({ ...x, mode: c.mode })));
  return {
    gate: gateWords(r),
    ...(why ? { why } : {}),
    coverage: cov.modes.map((c) => ({ mode: c.mode, url: c.url, line: coverageLine(c) })),
    pending: cov.pending,
    failing,
    notJudged: answer.notJudged.map((g) => ({ why: g.why, kind: g.kind, clauses: g.items.map((x) => x.line) })),
    warnings: (r.gate.warnings ?? []).map((w) => short(w)),
    accepted: (['known deviation', 'accepted'] as const).map((kind) => ({ kind, clauses: expected.filter((x) => x.expected === kind).map((x) => `${x.id} ${x.v} (${x.mode})`) })).filter((a) => a.clauses.length),
  };
}

/** Without a screenshot of the observation: the first other evidence of the clause's tests that did not pass, where it is after the run. */
function fallbackEvidence(r: Report, f: GateFinding, out: string, cwd: string): string | undefined {
  if (!f.of || !f.mode) return undefined;
  const res = r.clauses.find((c) => c.id === f.of!.split('/')[0])?.results[f.mode];
  const tests = (res?.tests ?? []).filter((t) => t.verdict !== 'passed');
  const all: Evidence[] = (tests.length ? tests : res?.tests ?? []).flatMap((t) => t.evidence ?? []);
  const e = all.find((x) => x.contentType.startsWith('image/')) ?? all.find((x) => !x.contentType.includes('zip'));
  return e && existsSync(join(out, e.path)) ? shownPath(join(out, e.path), cwd) : undefined;
}

/**
 * The command that opens a trace in the trace viewer of the Playwright that recorded it, the
 * package's own (a project's `npx playwright` may be an older one, whose viewer refuses a newer
 * trace), from the project's folder: the same words the HTML report gives (html-evidence.ts).
 */
export function traceCommand(trace: string): string {
  return `npx spec-conformance --show-trace ${trace}`;
}

/** The answer as console lines (each cut by the caller). */
export function answerConsole(a: ConsoleAnswer): string[] {
  const lines = [`Conformance: ${a.gate}`];
  for (const c of a.coverage) lines.push(`${c.mode}${c.url ? ` ${c.url}` : ''}: ${c.line}`);
  if (a.pending) lines.push(`pending: ${a.pending} clauses the spec marks "not shown" — counted apart, never judged`);
  if (a.why) lines.push('', a.why);
  if (a.failing.length) {
    lines.push('', `Failing the gate (${a.failing.length}):`);
    for (const x of a.failing) {
      lines.push(`- ${x.text}`);
      if (x.evidence) lines.push(`    evidence: ${x.evidence}`);
      if (x.trace) lines.push(`    trace: ${traceCommand(x.trace)}`);
    }
  }
  if (a.notJudged.length) {
    lines.push('', `Not judged (${a.notJudged.reduce((n, g) => n + g.clauses.length, 0)}), by kind:`);
    for (const k of notJudgedByKind(a.notJudged, (g) => g.clauses.length)) {
      lines.push(`${k.heading} (${k.n}):`);
      for (const g of k.groups) lines.push(`- ${g.why}: ${g.clauses.join(', ')}`);
    }
  }
  if (a.warnings.length) {
    lines.push('', `Warnings (${a.warnings.length}, not failing the gate):`);
    for (const w of a.warnings) lines.push(`- ${w}`);
  }
  if (a.accepted.length) lines.push('', `Expected, not counted against the gate: ${a.accepted.map((x) => `${x.kind === 'known deviation' ? 'known deviations of the framework' : 'accepted by the team'}: ${x.clauses.join(', ')}`).join('; ')}`);
  return lines;
}
