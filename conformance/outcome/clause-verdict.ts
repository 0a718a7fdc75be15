import { worst, type PartOutcome, type Verdict } from './verdict';

/**
 * A clause's verdict in one mode from its tests' verdicts and the parts they observed.
 * A clause with parts passes only when every part that applies was observed and passed; an
 * optional part ("It may add a digest line") cannot fail by being absent.
 */
export interface PartDef {
  id: string;
  /** What the part checks, in the spec's words where it has them. */
  text: string;
  /** The spec allows it to be absent: not observing it does not keep the clause from passing. */
  optional?: boolean;
  /** Modes the part exists in (default: every mode the clause applies to). */
  modes?: readonly string[];
}

export interface JudgedTest {
  title: string;
  verdict: Verdict;
  reason?: string;
  /** Parts the whole test observes (its verdict is theirs unless an outcome below says otherwise). */
  staticParts?: readonly string[];
  /** Parts observed one by one inside the test. */
  outcomes?: readonly PartOutcome[];
}

export interface PartVerdict { id: string; text: string; optional?: boolean; verdict: Verdict; reason?: string }
export interface ClauseVerdict { verdict: Verdict; reason?: string; parts?: PartVerdict[] }

export function judgeClause(tests: readonly JudgedTest[], parts: readonly PartDef[] | undefined, mode: string): ClauseVerdict {
  if (!parts?.length) return judgeWhole(tests);

  const applicable = parts.filter((p) => !p.modes || p.modes.includes(mode));
  const seen = new Map<string, { verdict: Verdict; reason?: string; test: string }[]>();
  const add = (part: string, verdict: Verdict, reason: string | undefined, test: string) => {
    if (!seen.has(part)) seen.set(part, []);
    seen.get(part)!.push({ verdict, reason, test });
  };
  /** Failures or unfinished observations that no part accounts for still speak for the clause. */
  const unattributed: JudgedTest[] = [];
  for (const t of tests) {
    const dynamic = new Map((t.outcomes ?? []).map((o) => [o.part, o]));
    for (const o of dynamic.values()) add(o.part, o.verdict, o.reason, t.title);
    for (const p of t.staticParts ?? []) if (!dynamic.has(p)) add(p, t.verdict, t.reason, t.title);
    const partFailures = [...dynamic.values()].some((o) => o.verdict === t.verdict);
    const covers = (t.staticParts?.length ?? 0) > 0 || dynamic.size > 0;
    if ((t.verdict === 'failed' || t.verdict === 'cantTell') && !(t.staticParts?.length) && !partFailures) unattributed.push(t);
    else if (!covers && t.verdict !== 'passed') unattributed.push(t);
  }

  const partVerdicts: PartVerdict[] = applicable.map((p) => {
    const obs = seen.get(p.id) ?? [];
    const v = worst(obs.map((o) => o.verdict));
    if (v === undefined || v === 'inapplicable') {
      const why = obs.find((o) => o.reason)?.reason;
      if (p.optional) return { ...def(p), verdict: 'inapplicable', reason: `optional, and not shown here${why ? ` (${why})` : ''}` };
      return { ...def(p), verdict: 'untested', reason: why ?? 'no test observed this part' };
    }
    if (v === 'untested' && p.optional) return { ...def(p), verdict: 'inapplicable', reason: `optional, and not shown here: ${obs.find((o) => o.reason)?.reason ?? ''}`.trim() };
    const o = obs.find((x) => x.verdict === v)!;
    return { ...def(p), verdict: v, reason: o.reason ? `${o.reason} (${o.test})` : undefined };
  });

  const failedParts = partVerdicts.filter((p) => p.verdict === 'failed');
  const failedWhole = unattributed.filter((t) => t.verdict === 'failed');
  if (failedParts.length || failedWhole.length) {
    return { verdict: 'failed', reason: [...failedParts.map((p) => `part ${p.id} failed: ${p.reason ?? ''}`), ...failedWhole.map((t) => `${t.title}: ${t.reason ?? 'failed'}`)].join('; '), parts: partVerdicts };
  }
  const cantParts = partVerdicts.filter((p) => p.verdict === 'cantTell');
  const cantWhole = unattributed.filter((t) => t.verdict === 'cantTell');
  if (cantParts.length || cantWhole.length) {
    return { verdict: 'cantTell', reason: [...cantParts.map((p) => `part ${p.id}: ${p.reason ?? ''}`), ...cantWhole.map((t) => `${t.title}: ${t.reason ?? ''}`)].join('; '), parts: partVerdicts };
  }
  const missing = partVerdicts.filter((p) => !p.optional && p.verdict !== 'passed');
  if (missing.length) {
    const allInapplicable = missing.every((p) => p.verdict === 'inapplicable') && !partVerdicts.some((p) => p.verdict === 'passed');
    if (allInapplicable) return { verdict: 'inapplicable', reason: missing.map((p) => p.reason).join('; '), parts: partVerdicts };
    const passed = partVerdicts.filter((p) => p.verdict === 'passed').map((p) => p.id);
    return {
      verdict: 'untested',
      reason: `${passed.length ? `parts passed: ${passed.join(', ')}; ` : ''}parts not observed: ${missing.map((p) => `${p.id} (${p.reason ?? p.verdict})`).join('; ')}`,
      parts: partVerdicts,
    };
  }
  if (!partVerdicts.some((p) => p.verdict === 'passed')) return { verdict: 'untested', reason: 'no part was observed', parts: partVerdicts };
  return { verdict: 'passed', parts: partVerdicts };
}

function def(p: PartDef): Pick<PartVerdict, 'id' | 'text' | 'optional'> {
  return p.optional ? { id: p.id, text: p.text, optional: true } : { id: p.id, text: p.text };
}

/**
 * A clause without parts: any failed → failed; else any cantTell → cantTell; else any untested →
 * untested (one test not run is a part of the clause not seen); else any passed → passed; else
 * only inapplicable → inapplicable; no test → untested.
 */
export function judgeWhole(tests: readonly Pick<JudgedTest, 'title' | 'verdict' | 'reason'>[]): ClauseVerdict {
  if (!tests.length) return { verdict: 'untested', reason: 'no test ran for this clause' };
  for (const v of ['failed', 'cantTell', 'untested'] as const) {
    const hit = tests.filter((t) => t.verdict === v);
    if (hit.length) {
      const reasons = unique(hit.map((t) => (v === 'untested' ? t.reason ?? 'not run' : `${t.title}: ${t.reason ?? v}`)));
      return { verdict: v, reason: v === 'failed' ? `${hit.length} of ${tests.length} tests failed — ${reasons.join('; ')}` : reasons.join('; ') };
    }
  }
  if (tests.some((t) => t.verdict === 'passed')) return { verdict: 'passed' };
  return { verdict: 'inapplicable', reason: unique(tests.map((t) => t.reason ?? 'inapplicable')).join('; ') };
}

function unique(xs: string[]): string[] {
  return [...new Set(xs)];
}
