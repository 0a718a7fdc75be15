import { describe, expect, it } from 'vitest';
import { checkNothingToJudge, namesSomething, tally } from './nothing-to-judge-check';
import type { ClauseRow } from '../conformance/report/model';

const row = (id: string, kind: ClauseRow['kind'], results: ClauseRow['results'], modes: ClauseRow['modes'] = ['static', 'server']): ClauseRow =>
  ({ id, title: id, section: 's', kind, quote: [], hash: 'h', modes, results });

describe('a site with nothing to judge', () => {
  it('accepts untested and inapplicable verdicts that name what is missing', () => {
    const lines = checkNothingToJudge({ modes: ['static', 'server'], clauses: [
      row('R2.2', 'normative', { static: { verdict: 'untested', reason: '/404 answered HTTP 404 with a page that is not this site\'s', tests: [] }, server: { verdict: 'untested', reason: 'no "unknownPath" scenario: the site shows no page of its own', tests: [] } }),
      row('C7.5', 'normative', { static: { verdict: 'inapplicable', reason: 'A static export cannot contain server functions', tests: [] }, server: { verdict: 'untested', reason: 'no "serverFunction" scenario: no form of the site', tests: [] } }),
      row('P1', 'pending', { static: { verdict: 'passed', tests: [] } }),
    ] });
    expect(lines.every((l) => l.ok)).toBe(true);
    expect(lines).toHaveLength(4);
    expect(tally(lines, 'server')).toBe('server: 0 passed, 0 failed, 0 cantTell, 2 untested, 0 inapplicable');
  });

  it('refuses a pass, a failure, a cantTell, a reason naming nothing and a missing result', () => {
    const lines = checkNothingToJudge({ modes: ['static', 'server'], clauses: [
      row('R2.2', 'normative', { static: { verdict: 'passed', tests: [] }, server: { verdict: 'failed', reason: 'heading 404 missing on /x', tests: [] } }),
      row('R2.3', 'normative', { static: { verdict: 'cantTell', reason: 'flaky', tests: [] }, server: { verdict: 'untested', reason: 'untested', tests: [] } }),
      row('R2.4', 'normative', { static: { verdict: 'untested', reason: 'no client crash trigger on the site', tests: [] } }),
    ] });
    expect(lines.filter((l) => !l.ok).map((l) => `${l.clause} ${l.mode}`)).toEqual(['R2.2 static', 'R2.2 server', 'R2.3 static', 'R2.3 server', 'R2.4 server']);
  });

  it('reads a bare verdict word or an empty reason as naming nothing', () => {
    expect(namesSomething('')).toBe(false);
    expect(namesSomething(' Untested. ')).toBe(false);
    expect(namesSomething('no "statusPages" scenario: the site names no status page')).toBe(true);
  });
});
