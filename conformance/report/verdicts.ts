import type { NotJudgedKind, Verdict } from './model';

/**
 * Verdicts of a test and of a clause are worked out in conformance/outcome/ (classify.ts,
 * clause-verdict.ts); the report only decides what fails the gate.
 */

/** Verdicts that fail the gate for an applicable normative clause. */
export function gates(v: Verdict): boolean {
  return v === 'failed' || v === 'cantTell' || v === 'untested';
}

/** A part its deployment cannot show, of a clause judged on the parts it can (outcome/clause-verdict.ts): listed, never gating. */
export function unshownPart(clause: Verdict, part: { verdict: Verdict; notJudged?: NotJudgedKind }): boolean {
  return clause === 'passed' && part.verdict === 'untested' && part.notJudged === 'deployment';
}
