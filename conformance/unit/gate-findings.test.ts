import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { summaryLines } from '../cli/summary';
import { BASELINE_FILE, resolveExpectations } from '../expectations/model';
import { failRun } from '../report/gate';
import { renderJUnit } from '../report/junit';
import type { Report } from '../report/model';
import { regate } from '../report/regate';
import { next16, report, test, tests } from './report-fixture';

// The gate's reasons as data (report.gate.findings): what the summary's next step and JUnit act on,
// never the reasons' words.
const dir = mkdtempSync(join(tmpdir(), 'gate-findings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const resolve = (...inputs: Parameters<typeof resolveExpectations>[0]) => resolveExpectations(inputs, dir, undefined, dir);
/** The team's baseline file, holding these expectations. */
const baseline = (list: object[]) => {
  writeFileSync(join(dir, BASELINE_FILE), JSON.stringify(list));
  return resolve(BASELINE_FILE);
};
let n = 0;
/** The "Next:" line the command prints under this report (none: undefined). */
function nextLine(r: Report): string | undefined {
  const out = join(dir, `out${++n}`);
  mkdirSync(out);
  writeFileSync(join(out, 'conformance.json'), JSON.stringify(r));
  return summaryLines(out, dir).find((l) => l.startsWith('Next: '));
}
/** Next 16's deviations in static delivery but R2.5's (it passes), and R2.2 failed. */
const r25Passes = tests(['static'], { 'K9.5': next16['K9.5'], 'K9.3': next16['K9.3'], 'R2.2': (m) => [test(m, 'R2.2', 'failed', { reason: 'saw "gone"' })] });

describe('gate findings: the reasons as data', () => {
  it('one finding per reason, in order, with its kind, clause or part, mode and the expectation held to', () => {
    const r = report(r25Passes, { modes: ['static'], expectations: resolve('next@16', [{ clause: 'K9.5', verdict: 'passed', reason: 'ours', source: 'config: x' }]) });
    expect(r.gate.findings.map((f) => f.text)).toEqual(r.gate.reasons);
    expect(r.gate.findings).toContainEqual({ kind: 'unexpectedPass', of: 'R2.5/client', mode: 'static', expected: { verdict: 'failed', source: 'preset next@16' }, text: expect.stringMatching(/^R2\.5\/client \(static\) now passes/) });
    expect(r.gate.findings).toContainEqual({ kind: 'failed', of: 'K9.5', mode: 'static', expected: { verdict: 'passed', source: 'config: x' }, text: expect.stringMatching(/^K9\.5 \(static\) is failed, not passed as expected/) });
    const plain = report(tests(['static'], { 'R2.2': (m) => [test(m, 'R2.2', 'untested', { reason: 'no unknown path' })] }), { modes: ['static'] });
    expect(plain.gate.findings).toEqual([{ kind: 'untested', notJudged: 'run', of: 'R2.2', mode: 'static', text: 'R2.2 (static) is untested (not set up by the run): no unknown path' }]);
  });

  it('a finding the levels make a warning is no finding: only what fails the gate', () => {
    const r = report(r25Passes, { modes: ['static'], expectations: resolve('next@16'), levels: { unexpectedPass: 'warn' } });
    expect(r.gate.findings.map((f) => f.kind)).toEqual(['failed']);
    expect(r.gate.warnings!.length).toBeGreaterThan(0);
  });

  it("a reason of the run itself comes first, kind run; judged again with other expectations it stays", () => {
    const r = { ...report(tests(['static']), { modes: ['static'] }) };
    r.gate = failRun(r.gate, ['shard 2 of 2 is missing from the merged results (only shard 1 found): run it']);
    expect(r.gate).toMatchObject({ passed: false, findings: [{ kind: 'run', text: expect.stringMatching(/^shard 2 of 2/) }] });
    expect(regate(r, [], []).gate.findings.map((f) => f.kind)).toEqual(['run']);
    // A report of schema 1.7 has reasons only: the reasons naming no clause are the run's.
    const old = JSON.parse(JSON.stringify(r)) as Report;
    delete (old.gate as Partial<Report['gate']>).findings;
    expect(regate(old, [], []).gate.findings).toEqual([{ kind: 'run', text: r.gate.reasons[0] }]);
  });

  it('JUnit puts a finding on its clause in its mode only', () => {
    const r = report(tests(['static', 'server'], { 'K9.5': (m) => [test(m, 'K9.5', m === 'static' ? 'failed' : 'passed', { reason: 'observed 6 in flight' })] }));
    const xml = renderJUnit(r);
    expect(xml).toMatch(/classname="conformance\.static" name="K9\.5 [^"]*" time="[^"]*"><failure[^>]*message="K9\.5 \(static\) is failed: observed 6 in flight[^"]*"/);
    expect(xml).not.toMatch(/classname="conformance\.server" name="K9\.5 [^"]*" time="[^"]*"><failure/);
  });
});

describe("the summary's next step, from the findings", () => {
  it('a first red run (no baseline yet): accept its verdicts', () => {
    expect(nextLine(report(tests(['static'], next16), { modes: ['static'] }))).toMatch(/^Next: to accept these verdicts as the team's baseline/);
  });

  it("red only for passes the team's baseline no longer has to expect: tighten it", () => {
    const list = baseline([{ clause: 'R2.5/client', mode: 'static', verdict: 'failed', reason: 'framework text' }]);
    expect(nextLine(report(tests(['static']), { modes: ['static'], expectations: list }))).toMatch(/^Next: every reason is a pass no longer to expect: tighten spec-conformance\.expectations\.json/);
  });

  it("a preset's expectation now passing is not the team's to tighten; a regression, or a shard missing: no line", () => {
    const list = [...baseline([{ clause: 'C7.3', mode: 'static', verdict: 'untested', reason: 'no build id' }]), ...resolve('next@16')];
    const withC73 = (extra: NonNullable<Parameters<typeof tests>[1]>) => tests(['static'], { 'C7.3': (m) => [test(m, 'C7.3', 'untested', { reason: 'no build id' })], ...extra });
    expect(nextLine(report(withC73({ 'K9.5': next16['K9.5'], 'K9.3': next16['K9.3'] }), { modes: ['static'], expectations: list }))).toBeUndefined();
    expect(nextLine(report(withC73({ ...next16, 'R2.2': (m) => [test(m, 'R2.2', 'failed', { reason: 'saw "gone"' })] }), { modes: ['static'], expectations: list }))).toBeUndefined();
    const shard = report(tests(['static'], next16), { modes: ['static'] });
    shard.gate = failRun(shard.gate, ['shard 2 of 2 is missing from the merged results']);
    expect(nextLine(shard)).toBeUndefined();
  });

  it('with unexpected passes made warnings, a first run red for a failure is still told to accept', () => {
    const r = report(r25Passes, { modes: ['static'], expectations: resolve('next@16'), levels: { unexpectedPass: 'warn' } });
    expect(nextLine(r)).toMatch(/^Next: to accept these verdicts/);
  });
});
