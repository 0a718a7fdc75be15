import { describe, expect, it } from 'vitest';
import { CLAUSE_SCENARIOS, NORMATIVE } from '../spec/clauses';
import { loadProfile, scenarioFor } from '../conformance/run/profile';
import { contextOf, expectationsFor } from './expected';
import { SITES } from './template';
import { loadVersions, planMatrix } from './versions';

/**
 * A clause the table expects the suite to judge (passed or failed) on a build can only be judged when
 * the build's site's profile names a scenario serving it in that build's mode; otherwise every such cell
 * comes out untested and only a matrix run, minutes later, would say so.
 */
describe('the matrix sites\' profiles (fixtures/implementations/profile*.json)', () => {
  it('names a scenario for every clause matrix/expected.ts expects to be judged', () => {
    const missing: string[] = [];
    // The ordinary sites have no profile: discovery alone finds their scenarios (judged zero-config).
    for (const b of planMatrix(loadVersions()).builds.filter((x) => SITES[x.site].profile)) {
      const profile = loadProfile(SITES[b.site].profile!);
      const expected = expectationsFor(contextOf(b));
      for (const c of NORMATIVE) {
        const { verdict } = expected[c.id];
        if (verdict !== 'passed' && verdict !== 'failed') continue;
        const serving = CLAUSE_SCENARIOS[c.id];
        if (!serving.some((s) => scenarioFor(profile, s, b.mode))) missing.push(`${b.id}: ${c.id} is expected ${verdict}, but the profile names none of ${serving.join(', ') || '(no scenario serves it)'}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
