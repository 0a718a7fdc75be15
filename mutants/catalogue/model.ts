/** The shape of a mutant (the catalogue's sections write them, mutants/catalogue.ts joins them). */
import type { Mode, NormativeClauseId } from '../../spec/clauses';
import type { HeaderRule, RenameRule, TextRule } from '../delivery/rules';
import type { SourceEdits } from '../delivery/source';

export interface Mutant {
  /** `<clause>-<what-changed>`, stable: reports are kept under <out>/<id> (default reports/mutants/<id>). */
  id: string;
  description: string;
  mode: Mode;
  /** Clauses the suite must fail on this mutant (all of them: then it is killed). */
  declared: NormativeClauseId[];
  /**
   * The verdict each declared clause must get instead of `failed`: a site that removes what a
   * clause needs must make it `untested`, never `failed`; a change the spec allows must leave it
   * `passed` (no rule read into the spec).
   */
  expected?: Partial<Record<NormativeClauseId, 'untested' | 'failed' | 'passed'>>;
  /**
   * Where a run with no profile (--zero-config) must come out otherwise, and why: the mutant takes away
   * the page the reference profile names, but discovery finds the same subject elsewhere on the site
   * (a shorter page read in a lower window), so the clause is judged, not untested.
   */
  zeroConfig?: { expected: Partial<Record<NormativeClauseId, 'untested' | 'failed' | 'passed'>>; because: string };
  rename?: RenameRule[];
  text?: TextRule[];
  headers?: HeaderRule[];
  /** Static only: a change of the site's source, built anew (delivery/source.ts), for what no rewrite of the build can do. */
  source?: SourceEdits;
  /** URL paths fetched through the proxy at preflight so rules on non-asset answers are checked (server). */
  probe?: string[];
  /** In the quick set run by `npm test`. */
  quick?: boolean;
  /**
   * In the absent-subject set (docs/mutants.md): the change removes what the declared
   * clauses judge, so they must come out as `expected` says (untested, or failed where the change
   * itself contradicts the text). `npmTest`: cheap enough for npm test (`npm run mutants -- --absent-subject`).
   */
  absentSubject?: { npmTest?: boolean };
}
