import type { NormativeClauseId } from '../../spec/clauses';
import { clauseDetails, clauseScope, clauseTitle, type ClauseScope } from './clause';
import { test } from './fixtures';

/**
 * The one way a test file declares its clause: `describeClause('K9.4', ({ parts, part }) => …)`.
 * Title, tag and quoted text come from spec/clauses.ts; the body gets the clause's part IDs,
 * typed. A module of its own because it needs the fixtures, which import clause.ts.
 * conformance/unit/clause-files.test.ts checks that every test file calls it once, with the ID
 * its file name starts with.
 */
export function describeClause<I extends NormativeClauseId>(id: I, body: (clause: ClauseScope<I>) => void): void {
  test.describe(clauseTitle(id), clauseDetails(id), () => body(clauseScope(id)));
}
