import type { TestInfo } from '@playwright/test';
import { clauseById, isClauseId, type ClauseId, type NormativeClauseId, type PartId } from '../../spec/clauses';
import { ANNOTATION, type NotJudgedKind } from '../outcome/verdict';

/** Test details for Playwright (a tag, annotations). */
export interface Details { tag?: string; annotation: { type: string; description: string } }

/**
 * Details for a clause's describe block: the clause ID as a tag (`--grep @K9.5`) and an
 * annotation quoting the clause, both from the registry, so spec, test and report can be walked
 * side by side. Only describeClause (describe-clause.ts) uses it: no test writes a tag by hand.
 */
export function clauseDetails(id: NormativeClauseId): Required<Details> {
  const c = clauseById(id);
  return { tag: `@${id}`, annotation: { type: 'clause', description: `${id} "${c.quote.join(' ')}"` } };
}

/** The describe title for a clause: its ID and title. */
export function clauseTitle(id: NormativeClauseId): string {
  return `${id} ${clauseById(id).title}`;
}

/** What a clause's describe body is handed: its part IDs, checked by the compiler against the registry. */
export interface ClauseScope<I extends NormativeClauseId> {
  /**
   * Details for a test that observes whole parts of its clause (spec/clauses.ts `parts`): the
   * test's verdict is those parts' verdict. Tests that observe several parts one by one use
   * obs.part(part('…')) instead.
   */
  parts(...ids: [PartId<I>, ...PartId<I>[]]): Details;
  /** A part ID of the clause, for obs.part(): a typo does not compile. */
  part(id: PartId<I>): PartId<I>;
}

export function clauseScope<I extends NormativeClauseId>(id: I): ClauseScope<I> {
  const known = (clauseById(id).parts ?? []).map((p) => p.id);
  // The compiler already refuses unknown parts; this catches a value that slipped past it, at collection time.
  const check = (p: string): void => {
    if (!known.includes(p)) throw new Error(`${id} has no part "${p}" (spec/clauses.ts: ${known.join(', ') || 'none'})`);
  };
  return {
    parts: (...ids) => {
      ids.forEach(check);
      return { annotation: { type: ANNOTATION.parts, description: ids.join(',') } };
    },
    part: (p) => {
      check(p);
      return p;
    },
  };
}

/** The registry's clause IDs a test carries (from its tags). */
export function clauseIdsOf(tags: readonly string[]): ClauseId[] {
  return tags.filter((t) => /^@[A-Z]\d/.test(t)).map((t) => t.slice(1)).filter(isClauseId);
}

/** Skips the test and records that the rule does not apply here (verdict `inapplicable`). */
export function markInapplicable(info: TestInfo, reason: string): never {
  info.annotations.push({ type: ANNOTATION.verdict, description: 'inapplicable' }, { type: ANNOTATION.why, description: reason });
  info.skip(true, `inapplicable: ${reason}`);
  throw new Error('unreachable');
}

/** Skips the test and records that it could not be run here (verdict `untested`, of kind `kind`: outcome/verdict.ts). */
export function markUntested(info: TestInfo, reason: string, kind: NotJudgedKind = 'run'): never {
  info.annotations.push({ type: ANNOTATION.verdict, description: 'untested' }, { type: ANNOTATION.why, description: reason }, { type: ANNOTATION.notJudged, description: kind });
  info.skip(true, `untested: ${reason}`);
  throw new Error('unreachable');
}

/** Keeps an observation as evidence in the report (recorded, not asserted). */
export async function record(info: TestInfo, name: string, data: unknown): Promise<void> {
  await info.attach(name, { body: JSON.stringify(data, null, 2), contentType: 'application/json' });
}
