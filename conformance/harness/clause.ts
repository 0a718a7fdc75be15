import type { TestInfo } from '@playwright/test';
import { clauseById, isClauseId, type ClauseId, type NormativeClauseId } from '../../spec/clauses';
import { ANNOTATION } from '../outcome/verdict';

/**
 * Details for test.describe / test: the clause ID as a tag (`--grep @K9.5`) and an annotation
 * quoting the clause, so spec, test and report can be walked side by side.
 */
export function clause(id: NormativeClauseId): { tag: string; annotation: { type: string; description: string } } {
  const c = clauseById(id);
  return { tag: `@${id}`, annotation: { type: 'clause', description: `${id} "${c.quote.join(' ')}"` } };
}

/**
 * Details for a test that observes whole parts of its clause (spec/clauses.ts `parts`): the
 * test's verdict is those parts' verdict. Tests that observe several parts one by one use
 * obs.part() instead.
 */
export function parts(...ids: string[]): { annotation: { type: string; description: string } } {
  return { annotation: { type: ANNOTATION.parts, description: ids.join(',') } };
}

/** The describe title for a clause: its ID and title. */
export function clauseTitle(id: NormativeClauseId): string {
  return `${id} ${clauseById(id).title}`;
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

/** Skips the test and records that it could not be run here (verdict `untested`). */
export function markUntested(info: TestInfo, reason: string): never {
  info.annotations.push({ type: ANNOTATION.verdict, description: 'untested' }, { type: ANNOTATION.why, description: reason });
  info.skip(true, `untested: ${reason}`);
  throw new Error('unreachable');
}

/** Keeps an observation as evidence in the report (recorded, not asserted). */
export async function record(info: TestInfo, name: string, data: unknown): Promise<void> {
  await info.attach(name, { body: JSON.stringify(data, null, 2), contentType: 'application/json' });
}
