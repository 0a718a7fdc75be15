import type { Verdict } from './model';

/**
 * Verdicts of a test and of a clause are worked out in conformance/outcome/ (classify.ts,
 * clause-verdict.ts); the report only decides what fails the gate.
 */

/** Verdicts that fail the gate for an applicable normative clause. */
export function gates(v: Verdict): boolean {
  return v === 'failed' || v === 'cantTell' || v === 'untested';
}
