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

export interface PartOutcome {
  part: string;
  verdict: Verdict;
  reason?: string;
  /** How often the part's subject was seen while it was observed (outcome/subject.ts). */
  observed?: Count[];
}
export interface Advisory { check: string; ok: boolean; observed?: string }

/** How bad a verdict is when several observations of one thing are combined (higher wins). */
export const SEVERITY: Record<Verdict, number> = { inapplicable: 0, untested: 1, passed: 2, cantTell: 3, failed: 4 };

export function worst(vs: readonly Verdict[]): Verdict | undefined {
  return vs.reduce<Verdict | undefined>((w, v) => (w === undefined || SEVERITY[v] > SEVERITY[w] ? v : w), undefined);
}
