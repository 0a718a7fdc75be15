import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Mode } from '../../spec/clauses';
import { gateLevels } from '../run/gate-levels';
import { loadPresets, resolveExpectations } from '../expectations/model';
import { baselineOf, readBaseline, writeBaseline } from '../report/baseline';
import { coverageOf, lacks } from '../report/coverage';
import { headline, short } from '../report/headline';
import { renderJUnit } from '../report/junit';
import { answerConsole, consoleAnswerOf } from '../report/console-answer';
import { jobSummary } from '../report/job-summary';
import { renderMarkdown } from '../report/markdown';
import { regate } from '../report/regate';
import { writeReport } from '../report/write';
import type { Report } from '../report/model';
import { parseRunArgs } from '../run/args';
import { run } from '../api';
import { report, test, tests } from './report-fixture';
import { command } from './command';

const dir = mkdtempSync(join(tmpdir(), 'first-hour-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const presets = [...loadPresets().values()];

/** A site whose C7.3 build identifier is not sent and whose R2.6 has no route group: two clauses not judged. */
const untestedTwo = {
  'C7.3': (m: Mode) => [test(m, 'C7.3', 'untested', { partOutcomes: [{ part: 'target', verdict: 'passed' }, { part: 'current', verdict: 'passed' }, { part: 'router-state', verdict: 'passed' }, { part: 'build-id', verdict: 'untested', reason: 'precondition not met: no build identifier in the page-data requests. To fix: set deploymentId' }] })],
  'R2.6': (m: Mode) => [test(m, 'R2.6', 'untested', { parts: ['addresses'], notJudged: 'site', reason: 'not on this site: no route group was seen on the site' })],
};

describe('the answer first', () => {
  it('says per mode how many applicable clauses were judged, and what each one not judged lacks', () => {
    const r = report(tests(['static'], untestedTwo), { modes: ['static'] });
    const [c] = coverageOf(r).modes;
    expect(c.applicable - c.passed - c.failed).toBe(2);
    expect(c.notJudged.map((n) => `${n.id} ${n.verdict}: ${n.lacks}`)).toEqual(['R2.6 untested: addresses: no route group was seen on the site', 'C7.3 untested: build-id: no build identifier in the page-data requests']);
    const lines = headline(r);
    expect(lines[0]).toMatch(/^static http:\/\/127\.0\.0\.1\/static: judged \d+ of \d+ applicable clauses \(\d+ of \d+ parts\): \d+ passed, 0 failed; 2 not judged \(untested 2: 1 not on this site, 1 not set up by the run\)$/);
    expect(lines[1]).toBe('pending: 9 clauses the spec marks "not shown" — counted apart, never judged');
  });

  it('gives one reason per part, in a line (the full text stays in the details)', () => {
    const r = report(tests(['static'], untestedTwo), { modes: ['static'] });
    expect(r.gate.reasons.map((x) => x.split(':')[0])).toEqual(['R2.6/addresses (static) is untested (not on this site)', 'C7.3/build-id (static) is untested (not set up by the run)']);
    expect(short(r.gate.reasons[1])).toBe('C7.3/build-id (static) is untested (not set up by the run): no build identifier in the page-data requests');
    // Nothing failed: the one sentence says why the gate is red all the same, and how to accept the run.
    expect(headline(r).join('\n')).toMatch(/Nothing failed: the gate is red because 2 verdicts are untested and no expectation accepts them yet \(the config's `gate: \{ untested: 'warn' \}` would make them warnings\)\. To accept this run: `npx spec-conformance --update-expectations --from-report`/);
    // The console's answer and conformance.md open with the same sentence (the console's next step says how to accept).
    expect(renderMarkdown(r)).toContain('Nothing failed: the gate is red because 2 verdicts are untested');
    expect(jobSummary(consoleAnswerOf(r, dir, dir), '')).toMatch(/^## Conformance: gate FAILED\n(.*\n)+\nNothing failed: the gate is red because 2 verdicts/);
    expect(answerConsole(consoleAnswerOf(r, dir, dir)).join('\n')).toMatch(/^Conformance: gate FAILED\n(.*\n)+\nNothing failed: the gate is red because 2 verdicts/);
    const withFailure = report(tests(['static'], { ...untestedTwo, 'R2.2': (m: Mode) => [test(m, 'R2.2', 'failed', { reason: 'expected the heading 404' })] }), { modes: ['static'] });
    expect(headline(withFailure).join('\n')).not.toMatch(/Nothing failed/);
    const md = renderMarkdown(r).split('\n');
    const head = md.slice(0, 15).join('\n');
    expect(head).toMatch(/gate FAILED/);
    // What was not judged, under its kind's heading, grouped by why.
    expect(head).toMatch(/\*\*Not judged\*\* \(2\), by kind:\n- Not on this site \(1\):\n  - no route group was seen on the site: R2\.6\/addresses \(static\)\n- Not set up by the run \(to fix\) \(1\):\n  - no build identifier in the page-data requests: C7\.3\/build-id \(static\)/);
    // The table is folded below the answer.
    expect(md.indexOf('<details><summary>Targets, every clause and part with its verdict, expectations</summary>')).toBeGreaterThan(md.findIndex((l) => /Not judged/.test(l)));
    expect(renderJUnit(r)).toMatch(/<property name="coverage" value="judged \d+ of \d+ applicable clauses/);
  });

  it('shortens a reason to what it lacks', () => {
    expect(lacks('precondition not met: no link to /x. To fix: add one')).toBe('no link to /x');
    expect(lacks('could not complete the observation: waited 15 s for the page')).toBe('waited 15 s for the page');
  });
});

describe('baseline, then tighten', () => {
  it('accepts every verdict not passed with its reason; the next run is green, and any change fails it', () => {
    const r = report(tests(['static'], untestedTwo), { modes: ['static'] });
    const change = baselineOf(regate(r, [], presets), []);
    expect(change.entries.map((e) => `${e.clause} ${e.mode} ${e.verdict}`)).toEqual(['R2.6/addresses static untested', 'C7.3/build-id static untested']);
    expect(change.added).toHaveLength(2);
    const file = join(dir, 'spec-conformance.expectations.json');
    writeBaseline(file, change.entries, new Date(0));
    expect(JSON.parse(readFileSync(file, 'utf8')).$comment).toMatch(/Replace each reason with why the team accepts it/);
    const accepted = resolveExpectations([file], dir, undefined, dir);
    expect(accepted[0].source).toBe('file: spec-conformance.expectations.json');
    const green = regate(r, accepted, presets);
    expect(green.gate.passed).toBe(true);
    expect(coverageOf(green).modes[0].notJudged.map((n) => n.expected)).toEqual(['accepted', 'accepted']);
    expect(renderMarkdown(green)).toMatch(/Accepted by the team, not passed \(2\)/);
    // R2.6 now passes: the gate names the pass to remove; a fresh baseline drops it and keeps the team's reason of the other.
    const fixed = report(tests(['static'], { 'C7.3': untestedTwo['C7.3'] }), { modes: ['static'] });
    const red = regate(fixed, accepted, presets);
    expect(red.gate.reasons).toEqual([expect.stringMatching(/^R2\.6\/addresses \(static\) now passes: remove its expectation/)]);
    const edited = readBaseline(file).map((e) => ({ ...e, reason: e.clause === 'C7.3/build-id' ? 'our host sets no deploymentId' : e.reason }));
    const tighter = baselineOf(regate(fixed, [], presets), edited);
    expect(tighter.entries).toEqual([{ clause: 'C7.3/build-id', mode: 'static', verdict: 'untested', reason: 'our host sets no deploymentId' }]);
    expect(tighter.removed).toEqual(['R2.6/addresses (static)']);
    expect(tighter.kept).toEqual(['C7.3/build-id (static)']);
  });

  it('keeps the entries of a mode or clause the run did not judge (--mode, --grep): a partial run takes back only what it judged', () => {
    const accepted = [
      { clause: 'C7.3/build-id', mode: 'static' as const, verdict: 'untested' as const, reason: 'static: our host sets no deploymentId' },
      { clause: 'C7.3/build-id', mode: 'server' as const, verdict: 'untested' as const, reason: 'server: the same' },
      { clause: 'R2.6/addresses', mode: 'static' as const, verdict: 'untested' as const, reason: 'no route group yet' },
    ];
    // Only static was run, and C7.3 passes there now: its entry goes, the server's stays.
    const staticOnly = baselineOf(regate(report(tests(['static'], { 'R2.6': untestedTwo['R2.6'] }), { modes: ['static'] }), [], presets), accepted);
    expect(staticOnly.entries.map((e) => `${e.clause} ${e.mode}`)).toEqual(['R2.6/addresses static', 'C7.3/build-id server']);
    expect(staticOnly.removed).toEqual(['C7.3/build-id (static)']);
    expect(staticOnly.entries.find((e) => e.mode === 'server')?.reason).toBe('server: the same');
    // A --grep selection of R2.2 alone, both modes: nothing it did not select is taken back.
    const selected = baselineOf(regate(report(tests(['static', 'server']).filter((t) => t.clauseIds.includes('R2.2')), { scope: 'selected' }), [], presets), accepted);
    expect(selected.entries).toEqual(accepted);
    expect(selected.removed).toEqual([]);
  });

  it('leaves to a preset what the preset expects, and overrides a preset that expects what this site does not do', () => {
    const next16Site = tests(['static'], { 'K9.5': (m) => [test(m, 'K9.5', 'failed', { reason: 'observed 4 in flight' })] });
    const withPreset = resolveExpectations(['next@16'], dir, undefined, dir);
    const change = baselineOf(regate(report(next16Site, { modes: ['static'] }), withPreset, presets), []);
    // K9.5 is the preset's; R2.5/client passes here though next@16 expects it failed: accepted as passed.
    expect(change.entries.map((e) => `${e.clause} ${e.verdict}`)).toEqual(expect.arrayContaining(['R2.5/client passed']));
    expect(change.entries.some((e) => e.clause === 'K9.5')).toBe(false);
  });
});

describe('gate levels', () => {
  it('a kind at "warn" is shown, never failing; at "off" it is left to the table', () => {
    const t = tests(['static'], untestedTwo);
    const warn = report(t, { modes: ['static'], levels: { untested: 'warn' } });
    expect(warn.gate.passed).toBe(true);
    expect(warn.gate.warnings).toHaveLength(2);
    expect(warn.gate.levels).toMatchObject({ untested: 'warn', failed: 'error' });
    expect(headline(warn).join('\n')).toMatch(/Warnings \(2, not failing the gate\)/);
    const off = report(t, { modes: ['static'], levels: { untested: 'off' } });
    expect(off.gate).toMatchObject({ passed: true, reasons: [] });
    expect(off.gate.warnings).toBeUndefined();
    expect(report(t, { modes: ['static'], levels: { failed: 'warn' } }).gate.passed).toBe(false);
  });

  it('refuses a kind or a level it does not know, naming it', () => {
    expect(() => gateLevels({ untested: 'loud' }, 'x.json')).toThrow(/gate\.untested must be "off", "warn", "error", not "loud"/);
    expect(() => gateLevels({ flaky: 'warn' }, 'x.json')).toThrow(/gate\."flaky" is not a kind the gate knows/);
  });
});

describe('--from-report: the gate judged again on the report in place, no test run', () => {
  const judge = command;

  it('accepts the reviewed run with --update-expectations, tries a preset on it, and keeps every verdict', async () => {
    const cwd = mkdtempSync(join(dir, 'project-'));
    const out = join(cwd, 'reports');
    const red = report(tests(['static'], untestedTwo), { modes: ['static'] });
    writeReport(red, out);
    // Verdicts and their reasons, clause and part: what judging again must never change.
    const verdicts = (r: Report) => JSON.stringify(r.clauses.map((c) => Object.entries(c.results).map(([m, x]) => [c.id, m, x?.verdict, x?.reason, x?.parts?.map((p) => [p.id, p.verdict, p.reason])])));
    const read = () => JSON.parse(readFileSync(join(out, 'conformance.json'), 'utf8')) as Report;
    // The red run as it was: judged again with nothing new, still red, the same reasons.
    const again = await judge(cwd, ['--from-report']);
    expect(again.code).toBe(1);
    expect(again.text).toMatch(/^From report: reports\/conformance\.json, the run of .* \(static\) finished .*; no test runs/m);
    expect(again.text).toMatch(/gate FAILED/);
    expect(again.text).toMatch(/^Next: to accept these verdicts as the team's baseline, run npx spec-conformance --update-expectations --from-report \(nothing runs again\)/m);
    // Accepted: the baseline written beside it (no config: in the working directory), the report green.
    const accepted = await judge(cwd, ['--from-report', '--update-expectations']);
    expect(accepted.code).toBe(0);
    expect(accepted.text).toMatch(/Expectations updated: spec-conformance\.expectations\.json holds 2 accepted verdicts/);
    expect(readBaseline(join(cwd, 'spec-conformance.expectations.json')).map((e) => e.clause)).toEqual(['R2.6/addresses', 'C7.3/build-id']);
    expect(read().gate.passed).toBe(true);
    expect(verdicts(read())).toBe(verdicts(red));
    // A preset expecting what this site does not do: the unexpected pass named, exit 1; the verdicts as they were.
    const preset = await judge(cwd, ['--from-report', '--expectations', 'next@16']);
    expect(preset.code).toBe(1);
    expect(preset.text).toMatch(/R2\.5\/client \(static\) now passes: remove its expectation/);
    // With a baseline in place, red is a change to look at: no advice to accept it (here a preset that does not fit).
    expect(preset.text).not.toMatch(/^Next:/m);
    expect(read().expectations?.sources).toEqual(['file: spec-conformance.expectations.json', 'preset next@16']);
    expect(verdicts(read())).toBe(verdicts(red));
    // A later run where R2.6 passes: red only for a pass the team's baseline expected otherwise — tighten it, from that report.
    writeReport(report(tests(['static'], { 'C7.3': untestedTwo['C7.3'] }), { modes: ['static'] }), out);
    const fixed = await judge(cwd, ['--from-report']);
    expect(fixed.code).toBe(1);
    expect(fixed.text).toMatch(/^Next: every reason is a pass no longer to expect: tighten spec-conformance\.expectations\.json with npx spec-conformance --update-expectations --from-report \(nothing runs again\)/m);
    const tightened = await judge(cwd, ['--from-report', '-u']);
    expect(tightened.code).toBe(0);
    expect(readBaseline(join(cwd, 'spec-conformance.expectations.json')).map((e) => e.clause)).toEqual(['C7.3/build-id']);
  });

  it('names in its next step the exact command that accepts, the report folder included: none of the run\'s own flags, which --from-report refuses', async () => {
    const cwd = mkdtempSync(join(dir, 'elsewhere-'));
    writeReport(report(tests(['static'], untestedTwo), { modes: ['static'] }), join(cwd, 'reports-https'));
    const r = await judge(cwd, ['--from-report', '--out', 'reports-https']);
    expect(r.text).toMatch(/^Next: to accept these verdicts as the team's baseline, run npx spec-conformance --out reports-https --update-expectations --from-report \(nothing runs again\)/m);
    const accepted = await judge(cwd, ['--out', 'reports-https', '--update-expectations', '--from-report']);
    expect(accepted.code).toBe(0);
  });

  it('gives no next step when accepting is not the way: a preset that does not fit a site with every clause passed', async () => {
    const cwd = mkdtempSync(join(dir, 'preset-'));
    writeReport(report(tests(['static']), { modes: ['static'] }), join(cwd, 'reports'));
    const r = await judge(cwd, ['--from-report', '--expectations', 'next@16']);
    expect(r.code).toBe(1);
    expect(r.text).toMatch(/now passes: remove its expectation/);
    expect(r.text).not.toMatch(/^Next:/m);
  });

  it('run(config) with --from-report resolves to the report judged again, the target not visited', async () => {
    const cwd = mkdtempSync(join(dir, 'library-'));
    writeReport(report(tests(['static'], untestedTwo), { modes: ['static'] }), join(cwd, 'reports'));
    // Nothing listens at this address: a run that visited it would be refused.
    const r = await run({ targets: [{ url: 'http://127.0.0.1:9', mode: 'static' }] }, { cwd, args: ['--from-report', '--expectations', 'next@16'], log: () => undefined });
    expect(r.gate.passed).toBe(false);
    expect(r.expectations?.sources).toEqual(['preset next@16']);
  });

  it('refuses, in one sentence and before writing anything, a folder with no report and a flag that shapes a test run', async () => {
    const cwd = mkdtempSync(join(dir, 'empty-'));
    await expect(judge(cwd, ['--from-report'])).rejects.toThrow(/^--from-report: there is no report at reports\/conformance\.json to judge again: run npx spec-conformance first, or give --out/);
    expect(existsSync(join(cwd, 'reports'))).toBe(false);
    expect(() => parseRunArgs(['--from-report', '--target', 'http://x', '--mode', 'static'])).toThrow(/--from-report judges the report already written and runs no test, so --target does not go with it/);
    expect(() => parseRunArgs(['--from-report', '--workers', '2'])).toThrow(/so --workers does not go with it/);
  });
});
