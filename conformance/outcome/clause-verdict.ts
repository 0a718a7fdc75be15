import { describeCounts, mergeCounts, requireSubject, type Count } from './subject';
import { easiestKind, hardestKind, kindOfReason, worst, type NotJudgedKind, type PartOutcome, type Verdict } from './verdict';

/**
 * A clause's verdict in one mode from its tests' verdicts and the parts they observed.
 *
 * Parts come from the spec's text (R2.3's rows, the two sides of a time boundary …); the tests
 * are ways of observing them (a direct load, a followed link, a click or history). A part is
 * judged on every way that observed it: `failed` if one contradicted it, `cantTell` if one could
 * not complete, `passed` if one observed it and none of those — a way the site does not offer
 * (untested) is reported, not required. A clause with parts passes only when every part that
 * applies passed; an optional part ("It may add a digest line") cannot fail by being absent.
 * A pass needs its subject: a part (or a clause without parts) observed zero times is `untested`
 * (outcome/subject.ts).
 *
 * What was not judged keeps its kind (outcome/verdict.ts NotJudgedKind): a part's is the easiest
 * of its untested ways' (any way would do: run, then site, then deployment); a part no test in this
 * mode could observe (its ways inapplicable here) is `deployment`; a part no test observed at all
 * is `run`; a pass over zero subjects is `site`. A clause's is the hardest of its missing parts'
 * (every part is needed: deployment, then site, then run).
 */
export interface PartDef {
  id: string;
  /** What the part checks, in the spec's words where it has them. */
  text: string;
  /** The spec allows it to be absent: not observing it does not keep the clause from passing. */
  optional?: boolean;
  /** Modes the part exists in (default: every mode the clause applies to). */
  modes?: readonly string[];
  /** What must be seen at least once for the part to pass (named when it was not). */
  subject?: string;
}

export interface JudgedTest {
  title: string;
  verdict: Verdict;
  reason?: string;
  /** For an untested test: which kind of not judged. */
  notJudged?: NotJudgedKind;
  /** Parts the whole test observes (its verdict is theirs unless an outcome below says otherwise). */
  staticParts?: readonly string[];
  /** Parts observed one by one inside the test. */
  outcomes?: readonly PartOutcome[];
  /** How often the test saw its subject outside obs.part() (for its static parts, or the whole clause). */
  observed?: readonly Count[];
}

/** One test's observation of a part (or of a clause without parts): a way of observing it. */
export interface WayVerdict { test: string; verdict: Verdict; reason?: string; notJudged?: NotJudgedKind; observed?: Count[] }
export interface PartVerdict {
  id: string;
  text: string;
  optional?: boolean;
  verdict: Verdict;
  reason?: string;
  /** For an untested part: which kind of not judged. */
  notJudged?: NotJudgedKind;
  /** The part's subject, counted over every way that observed it. */
  observed?: Count[];
  ways?: WayVerdict[];
}
export interface ClauseVerdict {
  verdict: Verdict;
  reason?: string;
  /** For an untested clause: which kind of not judged. */
  notJudged?: NotJudgedKind;
  parts?: PartVerdict[];
  /** The clause's subject, counted over every test (parts added together). */
  observed?: Count[];
  /** For a clause without parts: each test's observation. */
  ways?: WayVerdict[];
}

export function judgeClause(tests: readonly JudgedTest[], parts: readonly PartDef[] | undefined, mode: string, subject?: string): ClauseVerdict {
  if (!parts?.length) return judgeWhole(tests, subject);

  const applicable = parts.filter((p) => !p.modes || p.modes.includes(mode));
  const seen = new Map<string, WayVerdict[]>();
  const add = (part: string, way: WayVerdict) => {
    if (!seen.has(part)) seen.set(part, []);
    seen.get(part)!.push(way);
  };
  /** Failures or unfinished observations that no part accounts for still speak for the clause. */
  const unattributed: JudgedTest[] = [];
  for (const t of tests) {
    const dynamic = new Map((t.outcomes ?? []).map((o) => [o.part, o]));
    for (const o of dynamic.values()) add(o.part, way(t.title, o.verdict, o.reason, o.observed, o.notJudged));
    for (const p of t.staticParts ?? []) if (!dynamic.has(p)) add(p, way(t.title, t.verdict, t.reason, t.observed, t.notJudged));
    const partFailures = [...dynamic.values()].some((o) => o.verdict === t.verdict);
    const covers = (t.staticParts?.length ?? 0) > 0 || dynamic.size > 0;
    // A failure no part explains (no part outcome with that verdict, no static part left to carry it) is the clause's.
    const carried = (t.staticParts ?? []).some((p) => !dynamic.has(p));
    if ((t.verdict === 'failed' || t.verdict === 'cantTell') && !carried && !partFailures) unattributed.push(t);
    else if (!covers && t.verdict !== 'passed') unattributed.push(t);
  }

  const partVerdicts: PartVerdict[] = applicable.map((p) => judgePart(p, seen.get(p.id) ?? []));
  const observed = mergeCounts(...partVerdicts.map((p) => p.observed));
  const withCounts = (v: ClauseVerdict): ClauseVerdict => (observed.length ? { ...v, observed } : v);

  const failedParts = partVerdicts.filter((p) => p.verdict === 'failed');
  const failedWhole = unattributed.filter((t) => t.verdict === 'failed');
  if (failedParts.length || failedWhole.length) {
    return withCounts({ verdict: 'failed', reason: [...failedParts.map((p) => `part ${p.id} failed: ${p.reason ?? ''}`), ...failedWhole.map((t) => `${t.title}: ${t.reason ?? 'failed'}`)].join('; '), parts: partVerdicts });
  }
  const cantParts = partVerdicts.filter((p) => p.verdict === 'cantTell');
  const cantWhole = unattributed.filter((t) => t.verdict === 'cantTell');
  if (cantParts.length || cantWhole.length) {
    return withCounts({ verdict: 'cantTell', reason: [...cantParts.map((p) => `part ${p.id}: ${p.reason ?? ''}`), ...cantWhole.map((t) => `${t.title}: ${t.reason ?? ''}`)].join('; '), parts: partVerdicts });
  }
  // A part this deployment cannot show (a static export answers no 400) is not asked of it, as a part
  // of another mode is not: the clause is judged on the parts it can show, once one of them passed.
  const judgedSome = partVerdicts.some((p) => p.verdict === 'passed');
  const missing = partVerdicts.filter((p) => !p.optional && p.verdict !== 'passed' && !(judgedSome && p.notJudged === 'deployment'));
  if (missing.length) {
    const allInapplicable = missing.every((p) => p.verdict === 'inapplicable') && !partVerdicts.some((p) => p.verdict === 'passed');
    if (allInapplicable) return withCounts({ verdict: 'inapplicable', reason: missing.map((p) => p.reason).join('; '), parts: partVerdicts });
    const passed = partVerdicts.filter((p) => p.verdict === 'passed').map((p) => p.id);
    return withCounts({
      verdict: 'untested',
      notJudged: hardestKind(missing.map((p) => p.notJudged)) ?? 'run',
      reason: `${passed.length ? `parts passed: ${passed.join(', ')}; ` : ''}parts not observed: ${missing.map((p) => `${p.id} (${p.reason ?? p.verdict})`).join('; ')}`,
      parts: partVerdicts,
    });
  }
  if (!partVerdicts.some((p) => p.verdict === 'passed')) return withCounts({ verdict: 'untested', notJudged: hardestKind(partVerdicts.map((p) => p.notJudged)) ?? 'site', reason: 'no part was observed', parts: partVerdicts });
  return withCounts({ verdict: 'passed', parts: partVerdicts });
}

/** One part over the ways that observed it (see the file's comment). */
function judgePart(p: PartDef, ways: WayVerdict[]): PartVerdict {
  const base: PartVerdict = { ...def(p), verdict: 'untested' };
  const observed = mergeCounts(...ways.map((w) => w.observed));
  if (observed.length) base.observed = observed;
  if (ways.length) base.ways = ways;
  const v = worst(ways.map((o) => o.verdict));
  const why = ways.find((o) => o.reason)?.reason;
  if (v === undefined || v === 'inapplicable') {
    if (p.optional) return { ...base, verdict: 'inapplicable', reason: `optional, and not shown here${why ? ` (${why})` : ''}` };
    // Every way of observing it is inapplicable in this mode: this deployment cannot show it; no way at all: the run had none.
    if (v === 'inapplicable') return { ...base, verdict: 'untested', notJudged: 'deployment', reason: `not observable on this deployment: ${why ?? 'no way of observing it applies in this delivery mode'}` };
    return { ...base, verdict: 'untested', notJudged: 'run', reason: why ?? 'no test observed this part' };
  }
  if (v === 'untested') {
    if (p.optional) return { ...base, verdict: 'inapplicable', reason: `optional, and not shown here: ${why ?? ''}`.trim() };
    // Any way would do: the kind easiest to change stands for the part, and its reason comes first.
    const untested = ways.filter((o) => o.verdict === 'untested');
    const kind = easiestKind(untested.map(kindOfWay)) ?? 'run';
    // One reason per part: the first way's of that kind; the others are listed under it (`ways`), not repeated here.
    const reasons = [...untested.filter((o) => kindOfWay(o) === kind), ...untested.filter((o) => kindOfWay(o) !== kind)].map((o) => o.reason ?? `${o.test}: not observed`).filter(unique);
    return { ...base, verdict: 'untested', notJudged: kind, reason: `${reasons[0]}${reasons.length > 1 ? ` (and ${reasons.length - 1} other way${reasons.length > 2 ? 's' : ''} of observing it, untested too)` : ''}` };
  }
  if (v === 'passed') {
    // What the pass rests on: the ways that passed (a way that stopped untested judged nothing it counted).
    const rests = mergeCounts(...ways.filter((w) => w.verdict === 'passed').map((w) => w.observed));
    const need = requireSubject('passed', rests, p.subject);
    if (need.verdict !== 'passed') {
      return p.optional ? { ...base, verdict: 'inapplicable', reason: `optional, and not shown here: ${need.reason}` } : { ...base, verdict: need.verdict, notJudged: 'site', reason: need.reason };
    }
    return { ...base, ...(rests.length ? { observed: rests } : {}), verdict: 'passed', reason: `observed on ${describeCounts(rests)}` };
  }
  const o = ways.find((x) => x.verdict === v)!;
  return { ...base, verdict: v, reason: o.reason ? `${o.reason} (${o.test})` : undefined };
}

function def(p: PartDef): Pick<PartVerdict, 'id' | 'text' | 'optional'> {
  return p.optional ? { id: p.id, text: p.text, optional: true } : { id: p.id, text: p.text };
}

function way(test: string, verdict: Verdict, reason: string | undefined, observed: readonly Count[] | undefined, kind?: NotJudgedKind): WayVerdict {
  const w: WayVerdict = { test, verdict };
  if (reason) w.reason = reason;
  if (verdict === 'untested') w.notJudged = kind ?? kindOfReason(reason);
  const counts = mergeCounts(observed);
  if (counts.length) w.observed = counts;
  return w;
}

/**
 * A clause without parts: its tests are ways of observing one subject. Any failed → failed; else
 * any cantTell → cantTell; else one passed → passed, if its subject was counted at least once
 * (else untested, naming it); else untested (each way's reason); else only inapplicable →
 * inapplicable; no test → untested.
 */
export function judgeWhole(tests: readonly Pick<JudgedTest, 'title' | 'verdict' | 'reason' | 'observed' | 'notJudged'>[], subject?: string): ClauseVerdict {
  if (!tests.length) return { verdict: 'untested', notJudged: 'run', reason: 'no test ran for this clause' };
  const ways = tests.map((t) => way(t.title, t.verdict, t.reason, t.observed, t.notJudged));
  const observed = mergeCounts(...ways.map((w) => w.observed));
  const extra = { ...(observed.length ? { observed } : {}), ways };
  for (const v of ['failed', 'cantTell'] as const) {
    const hit = tests.filter((t) => t.verdict === v);
    if (hit.length) {
      // What was seen first, the test that saw it after: a reason cut to one line still names the observation.
      const reasons = hit.map((t) => `${t.reason ?? v} (${t.title})`).filter(unique);
      return { verdict: v, reason: v === 'failed' ? `${reasons.join('; ')} — ${hit.length} of ${tests.length} tests failed` : reasons.join('; '), ...extra };
    }
  }
  if (tests.some((t) => t.verdict === 'passed')) {
    // What the pass rests on: the ways that passed (a way that stopped untested judged nothing it counted).
    const rests = mergeCounts(...ways.filter((w) => w.verdict === 'passed').map((w) => w.observed));
    const need = requireSubject('passed', rests, subject);
    return need.verdict === 'passed' ? { verdict: 'passed', reason: `observed on ${describeCounts(rests)}`, ...extra, ...(rests.length ? { observed: rests } : {}) } : { ...need, notJudged: 'site', ...extra };
  }
  const untested = ways.filter((w) => w.verdict === 'untested');
  if (untested.length) {
    // Ways of observing one subject: any would do, so the kind easiest to change stands for the clause, its reasons first.
    const kind = easiestKind(untested.map(kindOfWay)) ?? 'run';
    const ordered = [...untested.filter((w) => kindOfWay(w) === kind), ...untested.filter((w) => kindOfWay(w) !== kind)];
    return { verdict: 'untested', notJudged: kind, reason: ordered.map((t) => t.reason ?? 'not run').filter(unique).join('; '), ...extra };
  }
  return { verdict: 'inapplicable', reason: tests.map((t) => t.reason ?? 'inapplicable').filter(unique).join('; '), ...extra };
}

const kindOfWay = (w: WayVerdict): NotJudgedKind => w.notJudged ?? kindOfReason(w.reason);

function unique<T>(x: T, i: number, xs: readonly T[]): boolean {
  return xs.indexOf(x) === i;
}
