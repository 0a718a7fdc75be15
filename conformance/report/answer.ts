import { unshownPart } from './verdicts';
import type { Mode } from '../../spec/clauses';
import { lacks } from './coverage';
import type { ClauseResult, Evidence, ExpectationOutcome, GateFinding, NotJudgedKind, Report, TestRecord, Verdict } from './model';
import { kindOfReason, NOT_JUDGED_HEADING, NOT_JUDGED_KINDS } from '../outcome/verdict';

/**
 * The answer first, as the Markdown and the HTML report open: the gate's failures and cantTell,
 * each one line of what was expected and what was seen with the evidence of the observation; then
 * what was not judged, grouped by its kind (outcome/verdict.ts NotJudgedKind: the deployment cannot
 * show it, the site has no such subject, the run could not set it up) and within a kind by why; then
 * what was accepted (expected, not counted against the gate).
 */
export interface AnswerItem {
  /** The clause or part ("R2.3/405"), its clause and mode. */
  of: string;
  clause: string;
  mode?: Mode;
  verdict?: Verdict;
  /** One line: "R2.2 (static) failed: expected the message … saw …". */
  line: string;
  /** The observation's screenshot and trace, when the report holds them. */
  screenshot?: Evidence;
  trace?: Evidence;
}

/** Untested findings that lack the same thing, of one kind of not judged. */
export interface NotJudgedGroup { why: string; kind: NotJudgedKind; items: AnswerItem[] }

export interface Answer {
  problems: AnswerItem[];
  /** In the order of NOT_JUDGED_KINDS, each kind's groups in the report's order. */
  notJudged: NotJudgedGroup[];
  accepted: AnswerItem[];
}

/** The not-judged groups under their kind's heading, as every output shows them: kinds with none left out. */
export function notJudgedByKind<G extends { kind: NotJudgedKind }>(groups: readonly G[], count: (g: G) => number): { kind: NotJudgedKind; heading: string; n: number; groups: G[] }[] {
  return NOT_JUDGED_KINDS.map((kind) => {
    const of = groups.filter((g) => g.kind === kind);
    return { kind, heading: NOT_JUDGED_HEADING[kind], n: of.reduce((s, g) => s + count(g), 0), groups: of };
  }).filter((k) => k.groups.length);
}

/** How long one line of the answer may be; the clause's row has every reason in full. */
export const ANSWER_LINE = 280;
/** What the observation may take of it, the clause, mode and verdict before it. */
const OBSERVATION_MAX = ANSWER_LINE - 80;

/** A reason that says what was seen, in the test's words: "expected … saw …". */
const NAMES_OBSERVATION = /\bexpected\b[^]*\b(saw|seen|observed|received|got)\b/i;

export function answerOf(r: Report): Answer {
  const problems: AnswerItem[] = [];
  const groups = new Map<string, NotJudgedGroup>();
  // The parts a deployment cannot show, of a clause judged on the parts it can: listed with the rest, though they fail no gate.
  const unshown: GateFinding[] = r.clauses.flatMap((c) => Object.entries(c.results).flatMap(([mode, res]) => (res?.parts ?? [])
    .filter((p) => unshownPart(res!.verdict, p))
    .map((p): GateFinding => ({ kind: 'untested', notJudged: 'deployment', of: `${c.id}/${p.id}`, mode: mode as GateFinding['mode'], text: p.reason ?? '' }))));
  for (const f of [...r.gate.findings, ...unshown]) {
    const item = itemOf(r, f);
    if (f.kind === 'untested') {
      const reason = reasonOf(r, f);
      const why = lacks(reason ?? f.text);
      const kind = f.notJudged ?? kindOfReason(reason);
      const key = `${kind}\n${why}`;
      if (!groups.has(key)) groups.set(key, { why, kind, items: [] });
      groups.get(key)!.items.push({ ...item, line: `${f.of} (${f.mode})` });
    } else problems.push(item);
  }
  const accepted = expectedVerdicts(r).map(({ clause, mode, e }): AnswerItem => ({ of: e.of, clause, mode, verdict: e.observed,
    line: cut(`${e.of} (${mode}) ${e.observed}, ${e.source?.startsWith('preset ') ? 'a known deviation' : 'accepted'}: ${e.reason}`) }));
  const notJudged = NOT_JUDGED_KINDS.flatMap((k) => [...groups.values()].filter((g) => g.kind === k));
  return { problems, notJudged, accepted };
}

/** Every verdict not passed that its expectation accounts for (the clause's gate status `expected`), in the report's order. */
export function expectedVerdicts(r: Report): { clause: string; mode: Mode; e: ExpectationOutcome }[] {
  return r.clauses.flatMap((c) => r.modes.flatMap((mode) => {
    const res = c.results[mode];
    return res?.gate === 'expected' ? (res.expectations ?? []).filter((e) => e.expected !== 'passed').map((e) => ({ clause: c.id, mode, e })) : [];
  }));
}

function itemOf(r: Report, f: GateFinding): AnswerItem {
  const clause = f.of?.split('/')[0] ?? '';
  const base = { of: f.of ?? '', clause, ...(f.mode ? { mode: f.mode } : {}) };
  const row = r.clauses.find((c) => c.id === clause);
  const res = f.mode ? row?.results[f.mode] : undefined;
  if (!f.of || !f.mode || !row || !res) return { ...base, line: cut(f.text) };
  const part = f.of.includes('/') ? res.parts?.find((p) => `${clause}/${p.id}` === f.of) : undefined;
  const verdict = part?.verdict ?? res.verdict;
  const said = f.kind === 'failed' || f.kind === 'cantTell' ? observationOf(res, part?.id) : undefined;
  const held = f.expected ? `, not ${f.expected.verdict} as expected` : '';
  // A failure the presets know for the framework seen: said after the observation, with the flag that expects it.
  const known = res.knownDeviations?.find((d) => d.of === f.of);
  const note = known && said ? ` (a known deviation of the framework: --expectations ${known.preset})` : '';
  const line = said ? `${f.of} (${f.mode}) ${verdict}${held}: ${cut(said, OBSERVATION_MAX)}${note}` : f.text;
  const shot = evidenceOf(res, part?.id, verdict, said);
  return { ...base, verdict, line: cut(line), ...shot };
}

/** The reason of the clause or part a finding names. */
function reasonOf(r: Report, f: GateFinding): string | undefined {
  const clause = f.of?.split('/')[0];
  const res = f.mode ? r.clauses.find((c) => c.id === clause)?.results[f.mode] : undefined;
  return f.of?.includes('/') ? res?.parts?.find((p) => `${clause}/${p.id}` === f.of)?.reason : res?.reason;
}

/**
 * Of every reason given for a failed or cantTell clause or part, the first that names what was seen
 * and fits the answer's line whole (what was seen comes last: a cut one loses it); else the first
 * that names it; else its own.
 */
export function observationOf(res: ClauseResult, part?: string): string | undefined {
  const p = part ? res.parts?.find((x) => x.id === part) : undefined;
  const bad = (v: Verdict) => v === 'failed' || v === 'cantTell';
  const ways = (p ? p.ways : res.ways) ?? [];
  const tests = res.tests.flatMap((t): { verdict: Verdict; reason?: string }[] => (p ? (t.partOutcomes ?? []).filter((o) => o.part === part) : [t]));
  const candidates = [...ways, ...tests].filter((x) => bad(x.verdict)).map((x) => x.reason).filter((x): x is string => !!x);
  const named = candidates.filter((x) => NAMES_OBSERVATION.test(x));
  return named.find((x) => x.length <= OBSERVATION_MAX) ?? named[0] ?? (p ? p.reason : res.reason) ?? candidates[0];
}

/** The screenshot and trace of the test whose observation gave the verdict (its last attempt's). */
export function evidenceOf(res: ClauseResult, part: string | undefined, verdict: Verdict, said?: string): Pick<AnswerItem, 'screenshot' | 'trace'> {
  const saw = (t: TestRecord) => (part ? t.partOutcomes?.some((o) => o.part === part && o.verdict === verdict) || (t.parts?.includes(part) && t.verdict === verdict) : t.verdict === verdict);
  const told = (t: TestRecord) => !!said && [t.reason, ...(t.partOutcomes ?? []).map((o) => o.reason)].some((x) => x && said.startsWith(x));
  const seen = res.tests.filter(saw);
  const t = seen.find(told) ?? seen.find((x) => x.evidence.some(isImage)) ?? seen[0] ?? res.tests.find((x) => x.verdict === verdict);
  if (!t) return {};
  const screenshot = t.evidence.filter(isImage).at(-1);
  const trace = t.evidence.filter(isTrace).at(-1);
  return { ...(screenshot ? { screenshot } : {}), ...(trace ? { trace } : {}) };
}

export const isImage = (e: Evidence): boolean => /^image\/(png|jpeg|webp)$/.test(e.contentType);
export const isTrace = (e: Evidence): boolean => e.contentType === 'application/zip' && /trace/i.test(e.name);

const cut = (s: string, max = ANSWER_LINE) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);

/** A clause row's anchor, and a part's ("R2.3/405" → "R2.3-405"). */
export const anchorOf = (of: string): string => of.replace(/\//g, '-');
