import { describe, expect, it } from 'vitest';
import type { TargetProfile } from '../conformance/run/profile';
import type { ClauseLike, ReportLike } from './cells';
import { compareScenarios, compareVerdicts, isPartOf, renderComparisonMarkdown, unexplained } from './discovery-compare';

const clauses: ClauseLike[] = [
  { id: 'R2.2', title: 'Not found', kind: 'normative', modes: ['static', 'server'], parts: [{ id: 'direct', text: 'd' }, { id: 'link', text: 'l' }] },
  { id: 'C7.5', title: 'Server functions', kind: 'normative', modes: ['server'] },
  { id: 'K9.1', title: 'Route load timeout', kind: 'normative', modes: ['static', 'server'] },
];
const hand: TargetProfile = { name: 'hand', scenarios: {
  brokenLink: { from: '/broken', href: '/no-such-page' },
  serverFunction: { modes: ['server'], page: '/action', submit: { role: 'button', name: 'Send' }, result: '#r' },
  routeLoadTimeout: { from: '/timeout', to: '/timeout/target' },
} };
const found: TargetProfile = { name: 'found', scenarios: {
  brokenLink: { from: '/broken', href: '/no-such-page' },
  routeLoadTimeout: { from: '/a', to: '/b' },
  sitePages: { paths: ['/', '/broken'] },
} };
const unfilled = [{ scenario: 'serverFunction', need: 'a page with a server-function form' }];
const report = (c75: string, k91: string): ReportLike => ({ clauses: [
  { id: 'R2.2', results: { server: { verdict: 'passed', parts: [{ id: 'direct', verdict: 'passed' }, { id: 'link', verdict: 'passed' }] } } },
  { id: 'C7.5', results: { server: { verdict: c75 as 'passed' } } },
  { id: 'K9.1', results: { server: { verdict: k91 as 'passed' } } },
] });

describe('comparing a run with a hand-written profile and one with no profile', () => {
  const scenarios = compareScenarios(hand, found, unfilled, 'server');

  it('says per scenario whether discovery found the same routes, others, or none and what it would need', () => {
    expect(scenarios.find((s) => s.scenario === 'brokenLink')?.status).toBe('same');
    expect(scenarios.find((s) => s.scenario === 'routeLoadTimeout')?.status).toBe('other routes');
    expect(scenarios.find((s) => s.scenario === 'serverFunction')).toMatchObject({ status: 'profile only', need: 'a page with a server-function form' });
    expect(scenarios.find((s) => s.scenario === 'sitePages')?.status).toBe('discovery only');
    expect(compareScenarios(hand, found, unfilled, 'static').find((s) => s.scenario === 'serverFunction')).toMatchObject({ status: 'neither' });
  });

  it('marks a verdict that is untested only because discovery lacks the scenario as explained by that scenario', () => {
    const v = compareVerdicts(report('passed', 'passed'), report('untested', 'passed'), 'server', clauses, scenarios);
    expect(v.find((x) => x.row === 'C7.5')).toMatchObject({ match: 'missing-scenario', scenarios: ['serverFunction'] });
    expect(v.filter((x) => x.row.startsWith('R2.2')).every((x) => x.match === 'same')).toBe(true);
    expect(unexplained({ id: 'x', mode: 'server', verdicts: v, scenarios })).toEqual([]);
  });

  it('calls any other difference unexplained, naming the scenarios whose routes differ', () => {
    const v = compareVerdicts(report('passed', 'passed'), report('passed', 'failed'), 'server', clauses, scenarios);
    expect(v.find((x) => x.row === 'K9.1')).toMatchObject({ match: 'differs', scenarios: ['routeLoadTimeout'] });
    const md = renderComparisonMarkdown([{ id: 'next-16-server', mode: 'server', verdicts: v, scenarios }]);
    expect(md).toContain('| K9.1 | **pass → FAIL** — UNEXPLAINED |');
    expect(md).toContain('| C7.5 | pass = pass |');
  });

  it('explains a row judged on fewer ways when discovery filled only part of a scenario (a route the site does not link), nothing else', () => {
    const part = compareScenarios(
      { name: 'hand', scenarios: { routeLoadTimeout: { from: '/timeout', to: '/timeout/target' } } },
      { name: 'found', scenarios: { routeLoadTimeout: { from: '/timeout' } as never } },
      [{ scenario: 'routeLoadTimeout.to', need: 'a route nobody links' }], 'server');
    const v = compareVerdicts(report('passed', 'failed'), report('passed', 'passed'), 'server', clauses, part);
    expect(v.find((x) => x.row === 'K9.1')).toMatchObject({ match: 'fewer-ways', scenarios: ['routeLoadTimeout'] });
    expect(renderComparisonMarkdown([{ id: 'x', mode: 'server', verdicts: v, scenarios: part }])).toContain('| K9.1 | **FAIL → pass** — fewer ways (a scenario or part not found) |');
    expect(isPartOf({ hub: '/h', page: '/p' }, { from: '/f', hub: '/h', page: '/p' })).toBe(true);
    expect(isPartOf({ hub: '/x', page: '/p' }, { from: '/f', hub: '/h', page: '/p' })).toBe(false);
    expect(isPartOf({ from: '/f', hub: '/h', page: '/p' }, { from: '/f', hub: '/h', page: '/p' })).toBe(false);
    // A whole scenario not found, the row judged on the others: fewer ways too.
    const none = compareScenarios({ name: 'hand', scenarios: { routeLoadTimeout: { from: '/timeout', to: '/timeout/target' } } }, { name: 'found', scenarios: {} }, [{ scenario: 'routeLoadTimeout', need: 'a Pages Router pair' }], 'server');
    expect(compareVerdicts(report('passed', 'failed'), report('passed', 'passed'), 'server', clauses, none).find((x) => x.row === 'K9.1')?.match).toBe('fewer-ways');
    // Other routes (not a part): still unexplained.
    expect(compareVerdicts(report('passed', 'failed'), report('passed', 'passed'), 'server', clauses, scenarios).find((x) => x.row === 'K9.1')?.match).toBe('differs');
  });

  it('leaves out clauses that do not apply in the mode', () => {
    expect(compareVerdicts(report('passed', 'passed'), report('passed', 'passed'), 'static', clauses, scenarios).map((x) => x.row)).not.toContain('C7.5');
  });
});
