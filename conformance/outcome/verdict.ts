/**
 * Verdict words (EARL) and how a test says which one it stands for. Pure: imported by the harness
 * (tests record outcomes) and the report (outcomes become clause verdicts); imports neither.
 */
import type { Count } from './count';

export type Verdict = 'passed' | 'failed' | 'cantTell' | 'inapplicable' | 'untested';
export const VERDICTS: readonly Verdict[] = ['passed', 'failed', 'cantTell', 'inapplicable', 'untested'];

/** Annotation types a test writes (testInfo.annotations) and the report reads. */
export const ANNOTATION = {
  /** A test that ended itself early: description is 'untested' | 'inapplicable' | 'cantTell'. */
  verdict: 'verdict',
  /** Why, when the test ended itself early (Playwright's own skip annotation carries it too). */
  why: 'verdict-reason',
  /** For a test that ended itself untested: which kind of not judged (NotJudgedKind). */
  notJudged: 'not-judged',
  /** Static: the clause parts the whole test observes, comma separated ("400,404"). */
  parts: 'parts',
  /** Dynamic: one part's outcome, JSON PartOutcome. */
  part: 'part',
  /** An observation beyond the clause text: JSON Advisory. Never changes a verdict. */
  advisory: 'advisory',
  /** What the test was waiting for when it ran out of time. */
  pending: 'pending',
  /** How often the test saw its subject outside obs.part(): JSON Count[] (outcome/subject.ts). */
  observed: 'observed',
  /** The machine when an attempt ended without passing: JSON RunnerNote (its load, the harness's factor). */
  runner: 'runner',
} as const;

/**
 * Why something was not judged (an `untested` verdict), in three kinds told apart in every output:
 *  - `deployment`: this deployment cannot show the subject (its delivery mode or router), e.g. a
 *    static export answers no 400 — nothing the team or the run could change here;
 *  - `site`: the site has no such subject (no route group, no page without a title) — a
 *    description, never a fix; at most an option for a preview deployment;
 *  - `run`: the run could not set it up (a profile entry that does not work, a page that did not
 *    answer, a control not found) — the only kind that says "To fix: …".
 */
export type NotJudgedKind = 'deployment' | 'site' | 'run';
/** In the order the outputs list them. */
export const NOT_JUDGED_KINDS: readonly NotJudgedKind[] = ['deployment', 'site', 'run'];
/** Each kind's heading, as every output groups what was not judged. */
export const NOT_JUDGED_HEADING: Record<NotJudgedKind, string> = {
  deployment: 'Not observable on this deployment',
  site: 'Not on this site',
  run: 'Not set up by the run (to fix)',
};
/** The kind in a few words, where a line names it ("R2.3/400 untested, not observable on this deployment"). */
export const NOT_JUDGED_WORDS: Record<NotJudgedKind, string> = {
  deployment: 'not observable on this deployment',
  site: 'not on this site',
  run: 'not set up by the run',
};
export const isNotJudgedKind = (x: unknown): x is NotJudgedKind => x === 'deployment' || x === 'site' || x === 'run';

/** The kind's words beside an untested verdict (a clause's or part's row); none for another verdict or a value that is no kind. */
export function notJudgedWords(x: { verdict: string; notJudged?: unknown }): string | undefined {
  return x.verdict === 'untested' && isNotJudgedKind(x.notJudged) ? NOT_JUDGED_WORDS[x.notJudged] : undefined;
}

/**
 * The kind of a part judged over several ways of observing it: any way would do, so the kind that
 * is easiest to change wins (run, then site, then deployment).
 */
export function easiestKind(kinds: readonly (NotJudgedKind | undefined)[]): NotJudgedKind | undefined {
  return (['run', 'site', 'deployment'] as const).find((k) => kinds.includes(k));
}

/**
 * The kind of a clause judged over its parts: every part is needed, so the hardest kind stands
 * for the clause (deployment, then site, then run).
 */
export function hardestKind(kinds: readonly (NotJudgedKind | undefined)[]): NotJudgedKind | undefined {
  return (['deployment', 'site', 'run'] as const).find((k) => kinds.includes(k));
}

/** The reasons' words, one form per kind (harness/observe.ts writes them; the report reads them back). */
export const notJudgedReason = {
  run: (missing: string, fix: string): string => `precondition not met: ${missing}. To fix: ${fix}`,
  site: (missing: string, option?: string): string => `not on this site: ${missing}${option ? `. Option, on a preview deployment only: ${option}` : ''}`,
  deployment: (why: string): string => `not observable on this deployment: ${why}`,
};

/** The kind an untested reason of an older report (one without its kind) stands for, from its words. */
export function kindOfReason(reason: string | undefined): NotJudgedKind {
  if (/^not observable on this deployment: /.test(reason ?? '')) return 'deployment';
  if (/^not on this site: /.test(reason ?? '')) return 'site';
  return 'run';
}

export interface PartOutcome {
  part: string;
  verdict: Verdict;
  reason?: string;
  /** For an untested part: which kind of not judged. */
  notJudged?: NotJudgedKind;
  /** How often the part's subject was seen while it was observed (outcome/subject.ts). */
  observed?: Count[];
}
export interface Advisory { check: string; ok: boolean; observed?: string }

/** How bad a verdict is when several observations of one thing are combined (higher wins). */
export const SEVERITY: Record<Verdict, number> = { inapplicable: 0, untested: 1, passed: 2, cantTell: 3, failed: 4 };

export function worst(vs: readonly Verdict[]): Verdict | undefined {
  return vs.reduce<Verdict | undefined>((w, v) => (w === undefined || SEVERITY[v] > SEVERITY[w] ? v : w), undefined);
}
