// The registry's types and the seed's section names, shared by spec/clauses.ts and its section files.

export interface ClausePart {
  /** Stable within the clause; reports show `<clause>/<part>`. */
  id: string;
  text: string;
  optional?: boolean;
  /** Modes the part exists in (default: every mode of the clause). */
  modes?: readonly Mode[];
  /** What must be observed at least once for the part to pass (a pass needs its subject). */
  subject?: string;
}

export type ClauseKind = 'normative' | 'pending' | 'informative';
/** The delivery modes: the one definition every folder uses. */
export type Mode = 'static' | 'server';
export const MODES: readonly Mode[] = ['static', 'server'];

export interface Clause {
  id: string;
  title: string;
  /** Section of the seed spec, e.g. "2. Screens and routes". */
  section: string;
  /** Verbatim fragments of the seed spec; each must be found in it as written. */
  quote: readonly string[];
  /** sha256 (first 16 hex digits) of quote.join('\n'); checked by a unit test. */
  hash: string;
  kind: ClauseKind;
  /** Delivery modes the clause applies to. Outside them its verdict is `inapplicable`. */
  modes: readonly Mode[];
  /** Why a mode is left out (shown in the report for inapplicable verdicts). */
  inapplicableBecause?: Partial<Record<Mode, string>>;
  /** How the clause is tested and what evidence the report keeps (normative clauses). */
  howTested?: string;
  /**
   * How the text was read where it needs reading: what is judged, and what is only reported as
   * advisory because the spec does not state it. Shown to auditors next to the verdict.
   */
  readings?: readonly string[];
  /**
   * The parts of a clause that are observed separately. The clause passes only when every part
   * that applies in the mode was observed and passed; an optional part cannot fail by being absent.
   */
  parts?: readonly ClausePart[];
  /** Clauses without parts: what must be observed at least once for the clause to pass. */
  subject?: string;
  /** Pending clauses: what would settle them, and what to look for on the real site. */
  questions?: readonly string[];
  evidenceNeeded?: readonly string[];
}

export const S1 = '1. What the product does and for whom';
export const S2 = '2. Screens and routes';
export const S3 = '3. Entities and their fields';
export const S4 = '4. States and transitions';
export const S5 = '5. Validation rules';
export const S6 = '6. Roles and permissions';
export const S7 = '7. The calls it makes';
export const S8 = '8. The error catalogue';
export const S9 = '9. Business constants and limits';
/** A clause that applies in every mode (the registry's entries say `modes: BOTH`). */
export const BOTH = MODES;

/**
 * One entry of the registry as written: a normative clause names the profile scenarios its tests
 * use (names of conformance/scenarios/table.ts, where the compiler checks them); a normative
 * clause without them does not compile.
 */
export type ClauseEntry = (Clause & { kind: 'normative'; scenarios: readonly string[] }) | (Clause & { kind: 'pending' | 'informative'; scenarios?: never });
