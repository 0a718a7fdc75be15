import type { TestInfo } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import type { Mode } from '../../spec/clauses';
import { annotations } from '../cli/annotations';
import { Observer } from '../harness/observe';
import { lackingEntry, lackingScenario, siteLacks, type EntryContext } from '../harness/not-judged';
import { classifyAttempt } from '../outcome/classify';
import { judgeClause, judgeWhole } from '../outcome/clause-verdict';
import { answerOf } from '../report/answer';
import { answerConsole, consoleAnswerOf } from '../report/console-answer';
import { coverageLine, coverageOf, lacks } from '../report/coverage';
import { renderHtml } from '../report/html';
import { jobSummary } from '../report/job-summary';
import { renderMarkdown } from '../report/markdown';
import type { Report } from '../report/model';
import { reportProblem } from '../report/validate';
import { report, test, tests } from './report-fixture';

// The three kinds of not judged (outcome/verdict.ts): what a test says, how parts and clauses carry
// it, and how every output groups by it.

function info(): TestInfo & { skipped?: string } {
  const i = {
    annotations: [] as { type: string; description?: string }[], retry: 0, project: { retries: 0 }, status: 'passed',
    skip(_c: boolean, why: string) { (i as { skipped?: string }).skipped = why; throw new Error(`Test is skipped: ${why}`); },
  };
  return i as unknown as TestInfo & { skipped?: string };
}

describe('a test says which kind of not judged it is', () => {
  it('untested() is the run\'s, with its fix; absent() the site\'s, without one; cannotShow() the deployment\'s', () => {
    const run = info();
    expect(() => new Observer(run).untested('/x has no link to /y', 'name another page')).toThrow(/skipped/);
    expect(classifyAttempt({ status: 'skipped', annotations: run.annotations, errors: [] })).toEqual({ verdict: 'untested', reason: 'precondition not met: /x has no link to /y. To fix: name another page', notJudged: 'run' });
    const site = info();
    expect(() => new Observer(site).absent('no route group was seen', 'a page in app/(group)/')).toThrow(/skipped/);
    const s = classifyAttempt({ status: 'skipped', annotations: site.annotations, errors: [] });
    expect(s).toEqual({ verdict: 'untested', reason: 'not on this site: no route group was seen. Option, on a preview deployment only: a page in app/(group)/', notJudged: 'site' });
    expect(s.reason).not.toMatch(/To fix/);
    const dep = info();
    expect(() => new Observer(dep).cannotShow('a static export answers no 400')).toThrow(/skipped/);
    expect(classifyAttempt({ status: 'skipped', annotations: dep.annotations, errors: [] })).toMatchObject({ reason: 'not observable on this deployment: a static export answers no 400', notJudged: 'deployment' });
  });

  it('inside a part, the part carries the kind; the test goes on', async () => {
    const i = info();
    const obs = new Observer(i);
    await obs.part('digest', () => obs.absent('/crash shows no digest line'));
    expect(JSON.parse(i.annotations[0].description!)).toEqual({ part: 'digest', verdict: 'untested', reason: 'not on this site: /crash shows no digest line', notJudged: 'site' });
  });

  it('a test of an older run, without the note, is read by its words', () => {
    const old = (why: string) => classifyAttempt({ status: 'skipped', annotations: [{ type: 'verdict', description: 'untested' }, { type: 'verdict-reason', description: why }], errors: [] }).notJudged;
    expect(old('precondition not met: x. To fix: y')).toBe('run');
    expect(old('not on this site: x')).toBe('site');
    expect(old('not observable on this deployment: x')).toBe('deployment');
  });
});

describe('a missing profile entry: its kind from where the profile came from', () => {
  const ctx = (over: Partial<EntryContext> = {}): EntryContext => ({ mode: 'static', profileName: 'discovered', discovered: true, crawled: 12, ...over });

  it('discovered, and the site has none: what it lacks, in the picker\'s words, and the pages read — no fix', () => {
    const l = lackingScenario('routeGroups', ctx({ unfilled: { routeGroups: 'an App Router page inside a route group' } }), 'pages in a group');
    expect(l).toEqual({ kind: 'site', reason: 'not on this site: the site has no App Router page inside a route group (discovery looked at 12 pages)' });
    expect(siteLacks('two Pages Router pages', 1)).toBe('the site does not have two Pages Router pages (discovery looked at 1 page)');
  });

  it('discovered, a static export, and a status it cannot answer: not observable on this deployment', () => {
    const unfilled = { 'statusPages.400': 'a page that shows the generic error page for 400', 'statusPages.other': 'a page that shows the generic error page for a code outside the table' };
    expect(lackingEntry('statusPages.400', ctx({ unfilled }), 'm', 'f')).toMatchObject({ kind: 'deployment', reason: expect.stringMatching(/^not observable on this deployment: a static export answers no 400/) });
    expect(lackingEntry('statusPages.other', ctx({ unfilled }), 'm', 'f').kind).toBe('deployment');
    // In server delivery a 400 can be answered: the site's lack, not the deployment's.
    expect(lackingEntry('statusPages.400', ctx({ mode: 'server', unfilled }), 'm', 'f').kind).toBe('site');
    // A whole scenario missing falls back to it for a part the test names.
    expect(lackingScenario('statusPages', ctx({ unfilled: { statusPages: 'pages that show the generic error page' } }), 'n', 'statusPages.400').kind).toBe('deployment');
  });

  it('the profile the run was given leaves it out: the run\'s to fix', () => {
    const l = lackingScenario('serverFunction', ctx({ discovered: false, profileName: 'mine', mode: 'server' }), 'a page with a server-function form');
    expect(l).toEqual({ kind: 'run', reason: 'precondition not met: the target profile "mine" provides no "serverFunction" scenario for server mode. To fix: add "serverFunction" to the profile (a page with a server-function form)' });
    expect(lackingEntry('statusPages.400', ctx({ discovered: false }), 'the profile names no page for 400', 'name one').kind).toBe('run');
  });
});

describe('parts and clauses carry the kind', () => {
  const parts = [{ id: 'a', text: 'a' }, { id: 'b', text: 'b' }, { id: 'c', text: 'c' }];
  const seen = [{ noun: 'page' as const, n: 1, where: ['/'] }];

  it('a part takes its ways\' easiest kind (any way would do), with that way\'s reason first', () => {
    const v = judgeClause([
      { title: 'direct', verdict: 'untested', notJudged: 'site', reason: 'not on this site: none', staticParts: ['a'] },
      { title: 'link', verdict: 'untested', notJudged: 'run', reason: 'precondition not met: x. To fix: y', staticParts: ['a'] },
      { title: 'b', verdict: 'passed', staticParts: ['b', 'c'], observed: seen },
    ], parts, 'static');
    expect(v.parts!.find((p) => p.id === 'a')).toMatchObject({ verdict: 'untested', notJudged: 'run', reason: expect.stringMatching(/^precondition not met: x/) });
    expect(v).toMatchObject({ verdict: 'untested', notJudged: 'run' });
  });

  it('a clause takes its missing parts\' hardest kind; a part no way in this mode can observe is the deployment\'s', () => {
    const v = judgeClause([
      { title: 'server only', verdict: 'inapplicable', reason: 'server delivery only', staticParts: ['a'] },
      { title: 'b', verdict: 'untested', notJudged: 'site', reason: 'not on this site: none', staticParts: ['b'] },
      { title: 'c', verdict: 'untested', notJudged: 'run', reason: 'precondition not met: x. To fix: y', staticParts: ['c'] },
    ], parts, 'static');
    expect(v.parts!.map((p) => `${p.id} ${p.notJudged}`)).toEqual(['a deployment', 'b site', 'c run']);
    expect(v.notJudged).toBe('deployment');
  });

  it('a clause without parts: its ways\' easiest kind; a pass over zero subjects is the site\'s; no test at all the run\'s', () => {
    expect(judgeWhole([{ title: 't1', verdict: 'untested', notJudged: 'deployment', reason: 'not observable on this deployment: x' }, { title: 't2', verdict: 'untested', notJudged: 'site', reason: 'not on this site: y' }])).toMatchObject({ notJudged: 'site', reason: 'not on this site: y; not observable on this deployment: x' });
    expect(judgeWhole([{ title: 't', verdict: 'passed' }], 'pages')).toMatchObject({ verdict: 'untested', notJudged: 'site' });
    expect(judgeWhole([])).toMatchObject({ verdict: 'untested', notJudged: 'run' });
  });
});

/** R2.3 on a static export whose profile discovery built: 404 shown; 400, 405, 500 cannot be; no other code on the site. C7.3's build id the run's to fix. */
const mixed = (m: Mode) => ({
  'R2.3': () => [
    test(m, 'R2.3', 'passed', { parts: ['404'] }),
    ...(['400', '405', '500'] as const).map((code) => test(m, 'R2.3', 'untested', { parts: [code], notJudged: 'deployment', reason: `not observable on this deployment: a static export answers no ${code} of its own` })),
    test(m, 'R2.3', 'untested', { parts: ['other'], notJudged: 'site', reason: 'not on this site: the site has no page that shows the generic error page for a code outside the table (discovery looked at 12 pages)' }),
  ],
  'C7.3': () => [test(m, 'C7.3', 'untested', { partOutcomes: [{ part: 'target', verdict: 'passed' }, { part: 'current', verdict: 'passed' }, { part: 'router-state', verdict: 'passed' }, { part: 'build-id', verdict: 'untested', notJudged: 'run', reason: 'precondition not met: no build identifier where this run looks. To fix: name the header in the profile (buildIdentifier)' }] })],
});

describe('every output groups what was not judged by kind', () => {
  const r: Report = report(tests(['static'], mixed('static')), { modes: ['static'] });

  it('the report: each clause, part, test and gate finding carries its kind, and holds to the schema', () => {
    const r23 = r.clauses.find((c) => c.id === 'R2.3')!.results.static!;
    // One part the site lacks (no other code shown) keeps it untested: its hardest kind.
    expect(r23.notJudged).toBe('site');
    expect(r23.parts!.map((p) => `${p.id} ${p.verdict} ${p.notJudged ?? ''}`.trim())).toEqual(['400 untested deployment', '404 passed', '405 untested deployment', '500 untested deployment', 'other untested site']);
    expect(r.gate.findings.filter((f) => f.kind === 'untested').map((f) => `${f.of} ${f.notJudged}`)).toEqual(['R2.3/400 deployment', 'R2.3/405 deployment', 'R2.3/500 deployment', 'R2.3/other site', 'C7.3/build-id run']);
    // The kind changes no gate: untested still fails it; its reason names the kind.
    expect(r.gate.passed).toBe(false);
    expect(r.gate.reasons).toContain('R2.3/400 (static) is untested (not observable on this deployment): a static export answers no 400 of its own');
    expect(reportProblem(r)).toBeUndefined();
  });

  it('a report of schema 1.8, without kinds, is still read, its kinds from the words', () => {
    const old = JSON.parse(JSON.stringify(r)) as Report;
    old.schemaVersion = '1.8.0';
    const strip = (x: unknown): void => {
      if (Array.isArray(x)) x.forEach(strip);
      else if (x && typeof x === 'object') {
        delete (x as { notJudged?: unknown }).notJudged;
        Object.values(x).forEach(strip);
      }
    };
    strip(old);
    expect(reportProblem(old)).toBeUndefined();
    expect(answerOf(old).notJudged.map((g) => g.kind)).toEqual(['deployment', 'deployment', 'deployment', 'site', 'run']);
    expect(reportProblem({ ...r, gate: { ...r.gate, findings: [{ kind: 'untested', notJudged: 'somebody', text: 'x' }] } })).toMatch(/notJudged/);
  });

  it('a reason cut short keeps how many pages discovery looked at', () => {
    const long = `not on this site: the site has no ${'very '.repeat(40)}long page; discovery does not click unknown buttons (discovery looked at 9 pages)`;
    expect(lacks(long)).toMatch(/^the site has no very .*…  ?\(discovery looked at 9 pages\)$/);
    expect(lacks(long).length).toBeLessThanOrEqual(160);
    expect(lacks('not on this site: the site has no button; discovery does not click unknown buttons (discovery looked at 9 pages)')).toBe('the site has no button (discovery looked at 9 pages)');
  });

  it('the headline counts parts as well as clauses, and the untested clauses by kind', () => {
    const [c] = coverageOf(r).modes;
    expect(c.parts.applicable - c.parts.judged).toBe(5);
    expect(coverageLine(c)).toMatch(/^judged (\d+) of (\d+) applicable clauses \((\d+) of (\d+) parts\): \d+ passed, 0 failed; 2 not judged \(untested 2: 1 not on this site, 1 not set up by the run\)$/);
  });

  it('a clause is judged on the parts this deployment can show: the rest listed, never gating', () => {
    const only404 = report(tests(['static'], {
      'R2.3': () => [
        test('static', 'R2.3', 'passed', { parts: ['404'] }),
        ...(['400', '405', '500', 'other'] as const).map((code) => test('static', 'R2.3', 'untested', { parts: [code], notJudged: 'deployment', reason: `not observable on this deployment: a static export answers no ${code} of its own` })),
      ],
    }), { modes: ['static'] });
    const r23 = only404.clauses.find((c) => c.id === 'R2.3')!.results.static!;
    expect(r23.verdict).toBe('passed');
    expect(only404.gate.findings.filter((f) => f.of?.startsWith('R2.3'))).toEqual([]);
    expect(answerOf(only404).notJudged.filter((g) => g.kind === 'deployment').length).toBeGreaterThan(0);
    const [c] = coverageOf(only404).modes;
    expect(c.parts.judged).toBeLessThan(c.parts.applicable);
  });

  it('the console: three headings, in order, each with its groups', () => {
    const lines = answerConsole(consoleAnswerOf(r, '/nowhere', '/'));
    const at = (s: string) => lines.indexOf(s);
    expect(at('Not judged (5), by kind:')).toBeGreaterThan(0);
    expect(at('Not observable on this deployment (3):')).toBeGreaterThan(at('Not judged (5), by kind:'));
    expect(at('Not on this site (1):')).toBeGreaterThan(at('Not observable on this deployment (3):'));
    expect(at('Not set up by the run (to fix) (1):')).toBeGreaterThan(at('Not on this site (1):'));
    expect(lines).toContain('- a static export answers no 400 of its own: R2.3/400 (static)');
    expect(lines).toContain('- the site has no page that shows the generic error page for a code outside the table (discovery looked at 12 pages): R2.3/other (static)');
    expect(lines).toContain('- no build identifier where this run looks: C7.3/build-id (static)');
  });

  it('the job summary and conformance.md: the same headings, as lists', () => {
    const md = renderMarkdown(r);
    for (const text of [md, jobSummary(consoleAnswerOf(r, '/nowhere', '/'), md)]) {
      expect(text).toMatch(/\*\*Not judged\*\* \(5\), by kind:\n+- Not observable on this deployment \(3\):\n {2}- a static export answers no 400 of its own: R2\.3\/400 \(static\)\n/);
      expect(text).toMatch(/- Not on this site \(1\):\n {2}- the site has no page /);
      expect(text).toMatch(/- Not set up by the run \(to fix\) \(1\):\n {2}- no build identifier where this run looks: C7\.3\/build-id \(static\)/);
    }
    // The table names the kind beside each untested clause and part.
    expect(md).toMatch(/\| R2\.3\/400 \| [^|]* \| ⏸ untested · not observable on this deployment \|/);
    expect(md).toMatch(/\| R2\.3\/other \| [^|]* \| ⏸ untested · not on this site \|/);
  });

  it('the HTML: a heading per kind', () => {
    const html = renderHtml(r);
    expect(html).toContain('<h4 id="not-judged-deployment">Not observable on this deployment (3)</h4>');
    expect(html).toContain('<h4 id="not-judged-site">Not on this site (1)</h4>');
    expect(html).toContain('<h4 id="not-judged-run">Not set up by the run (to fix) (1)</h4>');
    expect(html).toContain('<span class="muted">not observable on this deployment</span>');
  });

  it('GitHub annotations name the kind', () => {
    const lines = annotations(consoleAnswerOf(r, '/nowhere', '/'), { GITHUB_ACTIONS: 'true' });
    expect(lines).toContain('::error title=R2.3/other (static) untested — Not on this site::R2.3/other (static) is not judged (not on this site): the site has no page that shows the generic error page for a code outside the table (discovery looked at 12 pages)');
    expect(lines.some((l) => l.startsWith('::error title=C7.3/build-id (static) untested — Not set up by the run (to fix)::'))).toBe(true);
  });
});
