/**
 * The clause registry: the seed spec (spec/seed-spec.md) cut into clauses with stable IDs.
 *
 * This file and its section files (spec/clauses/) are the one machine-readable source. spec/spec.md is generated from them
 * (`npm run spec:generate`) and a unit test fails when the two drift, when a quote is no
 * longer found verbatim in the seed, or when a quote's hash changes (a changed spec flags
 * the clause's tests for review). IDs are fixed: never renumber them.
 */
import { SECTION_1 } from './clauses/section-1';
import { SECTION_2 } from './clauses/section-2';
import { SECTIONS_3_TO_6 } from './clauses/sections-3-6';
import { SECTION_7 } from './clauses/section-7';
import { SECTIONS_8_AND_9 } from './clauses/sections-8-9';
import type { Clause } from './clauses/types';

export { MODES, type Clause, type ClauseKind, type ClausePart, type Mode } from './clauses/types';

/**
 * The registry in the seed's order, one file per section (spec/clauses/). `as const` there: the
 * IDs, kinds, part IDs and scenario names stay literal types, so ClauseId, NormativeClauseId,
 * PartId and CLAUSE_SCENARIOS below are derived from them and the compiler checks every place that
 * names one.
 */
const REGISTRY = [...SECTION_1, ...SECTION_2, ...SECTIONS_3_TO_6, ...SECTION_7, ...SECTIONS_8_AND_9] as const;

type Registered = (typeof REGISTRY)[number];
/** Every clause ID of the registry. */
export type ClauseId = Registered['id'];
/** The IDs of normative clauses: the ones with tests, matrix rows and mutants. */
export type NormativeClauseId = Extract<Registered, { kind: 'normative' }>['id'];
/** The part IDs of one clause (never for a clause without parts). */
export type PartId<I extends ClauseId> = Extract<Registered, { id: I }> extends { parts: readonly { id: infer P extends string }[] } ? P : never;
/** A clause or one of its parts as reports and the matrix name them: "R2.5", "R2.5/client". */
export type ClauseOrPartId<I extends ClauseId = ClauseId> = { [K in I]: K | `${K}/${PartId<K>}` }[I];

export const CLAUSES: readonly Clause[] = REGISTRY;

export function isClauseId(id: string): id is ClauseId {
  return CLAUSES.some((c) => c.id === id);
}

export function clauseById(id: ClauseId): Clause {
  const c = CLAUSES.find((x) => x.id === id);
  if (!c) throw new Error(`Unknown clause ID "${id}". Known: ${CLAUSES.map((x) => x.id).join(', ')}`);
  return c;
}

/** A normative clause: its ID typed, for the tables keyed by it (mutants, matrix). */
export interface NormativeClause extends Clause { id: NormativeClauseId }

export const NORMATIVE: readonly NormativeClause[] = REGISTRY.filter((c): c is Extract<Registered, { kind: 'normative' }> => c.kind === 'normative');

/**
 * The profile scenarios each normative clause's tests use (its `scenarios` in the section file) —
 * names of conformance/scenarios/table.ts, where the compiler checks them. The one place a clause is
 * tied to the routes it is tested on: pre-flight, the profile schema's descriptions and the matrix
 * read it the other way round (the clauses a scenario serves).
 */
export const CLAUSE_SCENARIOS = Object.fromEntries(
  REGISTRY.flatMap((c) => (c.kind === 'normative' ? [[c.id, c.scenarios] as const] : [])),
) as { [K in NormativeClauseId]: Extract<Registered, { id: K }>['scenarios'] };
