import type { Mode } from '../../spec/clauses';
import type { ClauseResult, NotJudgedKind, Report, Verdict } from './model';
import { NOT_JUDGED_KINDS, NOT_JUDGED_WORDS, kindOfReason } from '../outcome/verdict';

/** A normative clause that applies in a mode but got no verdict of its own observation. */
export interface NotJudged {
  id: string;
  verdict: Extract<Verdict, 'untested' | 'cantTell'>;
  /** What it lacks (untested) or what was pending (cantTell), in a few words. */
  lacks: string;
  /** For untested: which kind of not judged (outcome/verdict.ts). */
  kind?: NotJudgedKind;
  /** Not passed, and the run's expectations say so: accepted by the team, or a known deviation of the framework. */
  expected?: 'accepted' | 'known deviation';
}

/** How much of the spec one mode's run judged. */
export interface ModeCoverage {
  mode: Mode;
  url?: string;
  /** Normative clauses in the gate's scope that apply in this mode (not inapplicable). */
  applicable: number;
  /** The parts of those clauses that apply (a clause without parts counts as one), and how many of them were judged (passed or failed). */
  parts: { applicable: number; judged: number };
  passed: number;
  failed: number;
  /** The failed clauses, in the report's order. */
  failedIds: string[];
  /** Of the failed, those the run's expectations say so (a framework's known deviations, a team's accepted failure). */
  failedExpected: { id: string; expected: NonNullable<NotJudged['expected']> }[];
  notJudged: NotJudged[];
}

export interface Coverage {
  modes: ModeCoverage[];
  /** Clauses the spec marks "not shown": counted apart, never judged. */
  pending: number;
}

/**
 * What a verdict's reason says is missing, shortened for a headline: the precondition of an
 * untested verdict (before its "To fix"), the pending step of a cantTell, else its first clause.
 */
export function lacks(reason: string | undefined, max = 160): string {
  let text = reason ?? '';
  // A clause judged by its parts: what its first missing part lacks ("build-id: no build identifier …").
  const missing = /parts not observed: ([\w-]+) \((.*)$/.exec(text);
  if (missing) return `${missing[1]}: ${lacks(inParens(missing[2]), max - missing[1].length - 2)}`;
  text = text.replace(/^(precondition not met|could not complete the observation|not on this site|not observable on this deployment): /, '');
  text = text.split(/\. (To fix|Option, on a preview deployment only): /)[0];
  // How much discovery looked at stays, however short the rest is cut.
  const looked = / \(discovery looked at \d+ pages?\)$/.exec(text)?.[0] ?? '';
  text = text.slice(0, text.length - looked.length).split('; ')[0].trim();
  const room = max - looked.length;
  return `${text.length > room ? `${text.slice(0, room - 1).trimEnd()}…` : text || 'no reason given'}${looked}`;
}

/** The text up to the parenthesis that closes the one just opened (all of it when none closes). */
function inParens(text: string): string {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && depth-- === 0) return text.slice(0, i);
  }
  return text;
}

const expectedKind = (r: ClauseResult): NotJudged['expected'] => {
  if (r.gate !== 'expected') return undefined;
  return (r.expectations ?? []).some((e) => e.source?.startsWith('preset ')) ? 'known deviation' : 'accepted';
};

export function coverageOf(r: Report): Coverage {
  const modes = r.modes.map((mode): ModeCoverage => {
    const c: ModeCoverage = { mode, url: r.targets.find((t) => t.mode === mode)?.url, applicable: 0, parts: { applicable: 0, judged: 0 }, passed: 0, failed: 0, failedIds: [], failedExpected: [], notJudged: [] };
    for (const row of r.clauses) {
      const res = row.results[mode];
      if (row.kind !== 'normative' || !res || res.verdict === 'inapplicable' || res.gate === 'ungated') continue;
      c.applicable++;
      // Its parts that apply (an optional part not shown is inapplicable); a clause without parts is one part.
      const parts = res.parts?.length ? res.parts.filter((p) => p.verdict !== 'inapplicable') : [res];
      c.parts.applicable += parts.length;
      c.parts.judged += parts.filter((p) => p.verdict === 'passed' || p.verdict === 'failed').length;
      if (res.verdict === 'passed') c.passed++;
      else if (res.verdict === 'failed') {
        c.failed++;
        c.failedIds.push(row.id);
        if (expectedKind(res)) c.failedExpected.push({ id: row.id, expected: expectedKind(res)! });
      }
      else c.notJudged.push({ id: row.id, verdict: res.verdict, lacks: lacks(res.reason), ...(res.verdict === 'untested' ? { kind: res.notJudged ?? kindOfReason(res.reason) } : {}), ...(expectedKind(res) ? { expected: expectedKind(res) } : {}) });
    }
    return c;
  });
  return { modes, pending: r.clauses.filter((c) => c.kind === 'pending').length };
}

/**
 * Verdicts of one mode, counted as the headline counts them: the normative clauses of the gate's
 * scope (inapplicable ones too); pending and informative clauses are not among them.
 */
export function verdictCounts(r: Report, c: ModeCoverage): Record<Verdict, number> {
  const n: Record<Verdict, number> = { passed: c.passed, failed: c.failed, cantTell: 0, untested: 0, inapplicable: 0 };
  for (const x of c.notJudged) n[x.verdict]++;
  for (const row of r.clauses) if (row.kind === 'normative' && row.results[c.mode]?.verdict === 'inapplicable' && row.results[c.mode]?.gate !== 'ungated') n.inapplicable++;
  return n;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "2 not observable on this deployment, 1 not on this site": untested clauses by kind of not judged, in the outputs' order. */
export function byKind(xs: readonly { kind?: NotJudgedKind }[]): string {
  return NOT_JUDGED_KINDS.map((k) => [k, xs.filter((x) => (x.kind ?? 'run') === k).length] as const).filter(([, n]) => n).map(([k, n]) => `${n} ${NOT_JUDGED_WORDS[k]}`).join(', ');
}

/**
 * "judged 12 of 15 applicable clauses (40 of 46 parts): 11 passed, 1 failed; 3 not judged
 * (untested 2: 1 not observable on this deployment, 1 not on this site; cantTell 1)".
 */
export function coverageLine(c: ModeCoverage): string {
  const judged = c.passed + c.failed;
  const by = (v: NotJudged['verdict']) => c.notJudged.filter((n) => n.verdict === v).length;
  const untested = c.notJudged.filter((n) => n.verdict === 'untested');
  const kinds = [by('untested') ? `untested ${by('untested')}: ${byKind(untested)}` : '', by('cantTell') ? `cantTell ${by('cantTell')}` : ''].filter(Boolean).join('; ');
  const accepted = c.notJudged.filter((n) => n.expected).length;
  const not = c.notJudged.length ? `; ${c.notJudged.length} not judged (${kinds}${accepted ? `; ${accepted} of them expected` : ''})` : '';
  const failedExpected = c.failedExpected.length ? ` (${c.failedExpected.length === c.failed ? 'all' : c.failedExpected.length} expected)` : '';
  const parts = ` (${c.parts.judged} of ${plural(c.parts.applicable, 'part')})`;
  return `judged ${judged} of ${plural(c.applicable, 'applicable clause')}${parts}: ${c.passed} passed, ${c.failed} failed${failedExpected}${not}`;
}

/** The every-page sample of a profile's sitePages: pages checked, pages known (listed plus the unlisted ones of partly listed route shapes). */
export function sampleOf(sitePages: { paths?: string[]; shapes?: { pagesInShape: number; checked: number }[] } | undefined): { found: number; checked: number; how: string } | undefined {
  if (!sitePages?.paths?.length) return undefined;
  const unlisted = (sitePages.shapes ?? []).reduce((n, s) => n + Math.max(0, s.pagesInShape - s.checked), 0);
  const perShape = Math.max(0, ...(sitePages.shapes ?? []).map((s) => s.checked));
  return { found: sitePages.paths.length + unlisted, checked: sitePages.paths.length, how: `at most ${perShape} of each route shape` };
}
