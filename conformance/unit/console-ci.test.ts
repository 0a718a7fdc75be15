import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { annotations } from '../cli/annotations';
import { compareReports, comparisonConsole, readCompared } from '../cli/compare';
import { keepProfiles, keptProfileFile, withGone } from '../cli/kept-profile';
import { lastFailedArgs, showTrace } from '../cli/runner-flags';
import { preflightLines } from '../cli/resolve-run';
import { summaryLines } from '../cli/summary';
import { BASELINE_FILE, resolveExpectations } from '../expectations/model';
import { consoleAnswerOf, traceCommand } from '../report/console-answer';
import { jobSummary } from '../report/job-summary';
import { expectedFailure } from '../report/console';
import type { Report } from '../report/model';
import { parseRunArgs, UsageError } from '../run/args';
import { placedReporter } from '../run/reporters';
import { report, test, tests } from './report-fixture';

// The console's and CI's surface: runner flags that work or are refused, the answer first,
// annotations, the comparison with an earlier report, the profile kept beside the expectations.
const dir = mkdtempSync(join(tmpdir(), 'console-ci-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
function written(r: Report, extra: (out: string) => void = () => undefined): string {
  const out = join(dir, `out${++n}`);
  mkdirSync(out);
  writeFileSync(join(out, 'conformance.json'), JSON.stringify(r));
  writeFileSync(join(out, 'conformance.md'), '## Conformance\n\nopening\n\n<details><summary>Targets</summary>\n\nthe table\n\n</details>\n');
  extra(out);
  return out;
}
const refused = (argv: string[]) => {
  try { parseRunArgs(argv); } catch (e) { return e instanceof UsageError ? e.message : `not a UsageError: ${e}`; }
  return 'accepted';
};
const broken404 = (m: 'static' | 'server') => [test(m, 'R2.2', 'failed', { reason: 'expected the message "This page could not be found." on /x (answered HTTP 404), saw the text: "404", "Nothing to see here."' })];
const untested24 = (m: 'static' | 'server') => [test(m, 'R2.4', 'untested', { reason: 'precondition not met: no statusPages scenario' })];

describe('runner flags: work here or are refused in one sentence', () => {
  it('--list, --last-failed, --rediscover, --compare parse; --last-failed is not handed to Playwright', () => {
    const a = parseRunArgs(['--list', '--mode', 'static']);
    expect(a.list).toBe(true);
    const b = parseRunArgs(['--last-failed', '--rediscover', '--compare', 'reports/previous']);
    expect([b.lastFailed, b.rediscover, b.compare, b.filtered]).toEqual([true, true, 'reports/previous', true]);
    expect(b.playwrightArgs).not.toContain('--last-failed');
  });
  it('refuses a reporter it cannot place, and the combinations that do not go together', () => {
    expect(refused(['--reporter', 'html,json'])).toBe('accepted');
    expect(refused(['--reporter', './my-reporter.js'])).toMatch(/^--reporter \.\/my-reporter\.js is not one this command runs: give list, .*html.*\.$/);
    expect(refused(['--last-failed', '--grep', '@R2.2'])).toMatch(/^--last-failed picks the tests itself.*: give one or the other\.$/);
    expect(refused(['--list', '--from-report'])).toMatch(/^--list lists the tests and runs none, so --from-report does not go with it/);
    expect(refused(['--rediscover', '--no-discovery'])).toMatch(/^--rediscover crawls the site again/);
    expect(refused(['--from-report', '--last-failed'])).toMatch(/so --last-failed does not go with it/);
    expect(refused(['--compare', ''])).toMatch(/^--compare is empty/);
  });
  it('a file-writing extra reporter writes under --out', () => {
    expect(placedReporter('html', '/r')).toEqual({ outputFolder: '/r/playwright-report', open: 'never' });
    expect(placedReporter('json', '/r')).toEqual({ outputFile: '/r/playwright-results.json' });
    expect(placedReporter('junit', '/r')?.outputFile).toMatch(/^\/r\//);
    expect(placedReporter('nope', '/r')).toBeUndefined();
  });
  it('--last-failed: a --grep of the clauses that failed the gate in the last report; none, or no report, is one sentence', () => {
    const out = written(report(tests(['static'], { 'R2.2': broken404, 'R2.4': untested24 }), { modes: ['static'] }));
    const { args, line } = lastFailedArgs(out, dir);
    expect(args[0]).toBe('--grep');
    const re = new RegExp(args[1]);
    expect(['x @R2.2', 'x @R2.4'].every((t) => re.test(t))).toBe(true);
    expect(['x @R2.20', 'x @R2.1', 'x @R2.2.1'].some((t) => re.test(t))).toBe(false);
    expect(line).toMatch(/^Last failed: R2\.2, R2\.4 \(from out\d+\/conformance\.json\)/);
    expect(() => lastFailedArgs(join(dir, 'none'), dir)).toThrow(/does not exist: run once without it/);
    const green = written(report(tests(['static']), { modes: ['static'] }));
    expect(() => lastFailedArgs(green, dir)).toThrow(/found no clause that failed the gate.*\(its gate passed\): nothing to rerun/);
  });
});

describe('the answer first: console and job summary', () => {
  const r = report(tests(['static'], { 'R2.2': broken404, 'R2.4': untested24 }), { modes: ['static'] });
  it('opens with the gate; the first reason line names R2.2 with what was seen; then what was not judged, grouped by why', () => {
    const lines = summaryLines(written(r), dir);
    expect(lines[1]).toBe('Conformance: gate FAILED');
    const failing = lines.indexOf('Failing the gate (1):');
    expect(lines[failing + 1]).toMatch(/^- R2\.2 \(static\) failed: .*saw the text: "404", "Nothing to see here\."/);
    expect(lines.findIndex((l) => l.startsWith('Not judged (1)'))).toBeGreaterThan(failing);
    expect(lines).toContain('- no statusPages scenario: R2.4 (static)');
  });
  it('prints only evidence paths that exist after the run', () => {
    const withShot = report(tests(['static'], { 'R2.2': (m) => [test(m, 'R2.2', 'failed', { reason: 'saw "404"', evidence: [
      { name: 'screenshot', contentType: 'image/png', path: 'evidence/static/a.png', sha256: 'a', bytes: 1 },
      { name: 'trace', contentType: 'application/zip', path: 'evidence/static/gone.zip', sha256: 'b', bytes: 1 }] })] }), { modes: ['static'] });
    const out = written(withShot, (o) => { mkdirSync(join(o, 'evidence', 'static'), { recursive: true }); writeFileSync(join(o, 'evidence', 'static', 'a.png'), ''); });
    const lines = summaryLines(out, dir);
    expect(lines).toContain(`    evidence: out${n}/evidence/static/a.png`);
    expect(lines.some((l) => l.includes('gone.zip') || l.includes('show-trace'))).toBe(false);
  });
  it('a trace opens with the viewer of the Playwright that recorded it: the package\'s own command', async () => {
    expect(traceCommand('reports/evidence/t.zip')).toBe('npx spec-conformance --show-trace reports/evidence/t.zip');
    expect(parseRunArgs(['--show-trace', 'reports/evidence/t.zip']).showTrace).toBe('reports/evidence/t.zip');
    expect(refused(['--show-trace', ''])).toMatch(/^--show-trace is empty/);
    // Neither from the working folder nor inside the report's: one sentence, before any viewer starts.
    await expect(showTrace('evidence/static/none-trace.zip', 'reports', dir)).rejects.toThrow(/^--show-trace: there is no trace evidence\/static\/none-trace\.zip here nor in reports\/: /);
  });
  it('a green run says the gate and no failure block', () => {
    const lines = summaryLines(written(report(tests(['static']), { modes: ['static'] })), dir);
    expect(lines[1]).toBe('Conformance: gate passed');
    expect(lines.some((l) => /Failing the gate|✘/.test(l))).toBe(false);
  });
  it('the job summary opens with the gate, then the failing reasons, and keeps the report\'s folded part', () => {
    const out = written(r);
    const md = jobSummary(consoleAnswerOf(r, out, out), readFileSync(join(out, 'conformance.md'), 'utf8'), ['**Compared with** x']);
    const at = (s: string) => md.indexOf(s);
    expect(md.startsWith('## Conformance: gate FAILED')).toBe(true);
    expect(at('**Failing the gate** (1)')).toBeLessThan(at('**Not judged** (1)'));
    expect(at('**Not judged**')).toBeLessThan(at('**Compared with**'));
    expect(at('<details><summary>Targets')).toBeGreaterThan(at('**Compared with**'));
    expect(md).not.toContain('opening');
  });
  it('a failure the expectations accept is labelled expected by the console reporter, not given a failure block', () => {
    const ex = [{ clause: 'R2.5/client', verdict: 'failed' as const, reason: 'r' }, { clause: 'K9.5', mode: 'server' as const, verdict: 'failed' as const, reason: 'r' }];
    expect(expectedFailure(ex, ['R2.5'], 'static')?.map((e) => e.clause)).toEqual(['R2.5/client']);
    expect(expectedFailure(ex, ['K9.5'], 'static')).toBeUndefined();
    expect(expectedFailure(ex, ['K9.5'], 'server')?.map((e) => e.clause)).toEqual(['K9.5']);
    // Part by part where the test says which parts it judged: another part's expectation does not accept it.
    const parts = [{ clause: 'R2.3/500', verdict: 'failed' as const, reason: 'r' }];
    expect(expectedFailure(parts, ['R2.3'], 'static', ['400', '405', '500'], [{ part: '404', verdict: 'failed' }])).toBeUndefined();
    expect(expectedFailure(parts, ['R2.3'], 'static', ['400', '405', '500'], [{ part: '400', verdict: 'passed' }, { part: '500', verdict: 'failed' }])?.map((e) => e.clause)).toEqual(['R2.3/500']);
    expect(expectedFailure(parts, ['R2.3'], 'static', ['400', '500'])).toBeUndefined();
    expect(expectedFailure(parts, ['R2.3'], 'static', ['500'])?.map((e) => e.clause)).toEqual(['R2.3/500']);
    // A part held to failed does not accept it seen cantTell; the whole clause's expectation accepts each of its parts.
    expect(expectedFailure(parts, ['R2.3'], 'static', [], [{ part: '500', verdict: 'cantTell' }])).toBeUndefined();
    expect(expectedFailure([{ clause: 'R2.3', verdict: 'failed', reason: 'r' }], ['R2.3'], 'static', [], [{ part: '404', verdict: 'failed' }])?.map((e) => e.clause)).toEqual(['R2.3']);
    expect(expectedFailure([{ clause: 'R2.2', verdict: 'passed', reason: 'r' }], ['R2.2'], 'static')).toBeUndefined();
    expect(expectedFailure([{ clause: 'R2.2', verdict: 'untested', reason: 'r' }], ['R2.2'], 'static')).toBeUndefined();
  });
});

describe('quiet in CI', () => {
  it('pre-flight is a count and the scenarios NOT usable', () => {
    const table = '  unknownPaths      usable     R2.2\n  statusPages       NOT usable R2.3 — /status/404 answered 500\n  serverCrash       absent     R2.5 — needs a page\n  navigation        usable     R2.6';
    const was = process.env.CI;
    process.env.CI = 'true';
    try {
      expect(preflightLines('http://t', table).split('\n')).toEqual(['Pre-flight against http://t: 2 scenarios usable, 1 NOT usable or unsure, 1 absent (each absent one\'s clauses say what it needs)', '  statusPages       NOT usable R2.3 — /status/404 answered 500']);
      delete process.env.CI;
      expect(preflightLines('http://t', table)).toBe(`Pre-flight of the profile's scenarios against http://t:\n${table}`);
    } finally {
      if (was === undefined) delete process.env.CI; else process.env.CI = was;
    }
  });
});

describe('GitHub annotations', () => {
  const r = report(tests(['static'], { 'R2.2': broken404, 'R2.4': untested24 }), { modes: ['static'] });
  it('one workflow command per failing clause inside GitHub Actions, its properties escaped; none elsewhere', () => {
    const a = consoleAnswerOf(r, dir, dir);
    expect(annotations(a, {})).toEqual([]);
    const lines = annotations(a, { GITHUB_ACTIONS: 'true' });
    expect(lines[0]).toMatch(/^::error title=R2\.2 \(static\) failed::R2\.2 \(static\) failed: expected /);
    expect(lines[1]).toBe('::error title=R2.4 (static) untested — Not set up by the run (to fix)::R2.4 (static) is not judged (not set up by the run): no statusPages scenario');
    expect(lines.every((l) => !l.includes('\n'))).toBe(true);
  });
});

describe('--compare: new failures, fixed, newly judged', () => {
  it('compares verdicts per clause and mode with the earlier report', () => {
    const before = report(tests(['static'], { 'R2.4': untested24, 'C7.3': (m) => [test(m, 'C7.3', 'failed', { reason: 'x' })] }), { modes: ['static'] });
    const now = report(tests(['static'], { 'R2.2': broken404 }), { modes: ['static'] });
    const c = compareReports(now, before, 'previous/conformance.json');
    expect(c.newFailures).toEqual(['R2.2 (static) failed, was passed']);
    expect(c.fixed).toEqual(['C7.3 (static), was failed']);
    expect(c.newlyJudged).toEqual(['R2.4 (static) passed, was untested']);
    expect(comparisonConsole(c)[0]).toMatch(/^Compared with previous\/conformance\.json \(run /);
  });
  it('reads a folder or a file; a missing or foreign one is one sentence', () => {
    const out = written(report(tests(['static']), { modes: ['static'] }));
    expect(readCompared(out, dir).file).toBe(join(out, 'conformance.json'));
    expect(() => readCompared('nowhere', dir)).toThrow(/^--compare nowhere: nowhere does not exist: give a report folder/);
    writeFileSync(join(dir, 'other.json'), '{"a":1}');
    expect(() => readCompared('other.json', dir)).toThrow(/is not a report this tool can read/);
  });
});

describe('the profile kept beside the expectations', () => {
  it('--update-expectations keeps each discovered profile; a hand-written one is not copied', () => {
    const r = report(tests(['static', 'server']));
    r.targets = r.targets.map((t) => ({ ...t, profile: t.mode === 'static' ? "discovered (the report's profiles/static.json)" : 'qa/profile.json' }));
    const out = written(r, (o) => { mkdirSync(join(o, 'profiles')); for (const m of ['static', 'server']) writeFileSync(join(o, 'profiles', `${m}.json`), `{"name":"${m}","scenarios":{}}`); });
    const baseline = join(dir, BASELINE_FILE);
    const lines = keepProfiles(r, out, baseline, dir);
    expect(existsSync(keptProfileFile(baseline, 'static'))).toBe(true);
    expect(existsSync(keptProfileFile(baseline, 'server'))).toBe(false);
    expect(lines[0]).toMatch(/^Profile kept: spec-conformance\.profile\.static\.json .*--rediscover crawls again/);
  });
  it('a scenario the kept profile had and a new crawl did not find is named as gone', () => {
    const kept = { path: 'spec-conformance.profile.static.json', source: 'file' as const, content: { name: 'k', scenarios: { statusPages: { paths: ['/404'] }, unknownPath: { path: '/x' } } } as never };
    const found = { path: 'discovered', source: 'discovered' as const, content: { name: 'd', scenarios: { unknownPath: { path: '/x' } } } as never, unfilled: { statusPages: 'a page answering 404' } };
    const merged = withGone(found, kept);
    expect(merged.unfilled?.statusPages).toMatch(/spec-conformance\.profile\.static\.json \(kept by --update-expectations\).*there last time, gone now \(a page answering 404\)/);
    expect(merged.unfilled?.unknownPath).toBeUndefined();
  });
});
void resolveExpectations;
