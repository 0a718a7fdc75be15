/** The shapes of the matrix's expected verdicts (expected.ts and expected-routers.ts write them, the matrix reads them). */
import type { ClauseOrPartId, Mode, NormativeClauseId } from '../spec/clauses';
import type { Verdict } from './model';
import type { SiteKind } from './versions';

export interface Expectation {
  verdict: Verdict;
  /** Why, in one sentence: what the code does against the clause's text. */
  because: string;
  /** "dist/<file>:<line>" inside that version's `next` package. */
  cite: string[];
}

export type VersionKey = '14.2' | '15.5' | '16';
/** A row of the matrix: a normative clause of the registry, or one of its parts ("R2.5/client"). */
export type Row = ClauseOrPartId<NormativeClauseId>;

/**
 * Inputs that change an expectation: version, staleTimes.dynamic (s), the delivery mode and the
 * site kind (the App Router template, the Pages Router template, or both routers: versions.ts).
 */
export interface Ctx { v: VersionKey; dynamicStale: number; mode: Mode; site: SiteKind }
