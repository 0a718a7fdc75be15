import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkCandidate, lookupChromium, wantsWindow } from '../setup/browser';
import { renderJUnit } from '../report/junit';
import { failRun } from '../report/gate';
import type { Report } from '../report/model';
import { publish, stagingDir, writeLastRun } from '../report/publish';
import { currentRun, defaultRun, readRunFile, RUN_ENV, useRunFile, writeRunFile } from '../run/channel';
import { blobFileName, checkShards, shardReasons, type RunFacts } from '../run/facts';
import { ensureWritableDir } from '../run/out-dir';
import { UsageError } from '../run/args';
import { ROOT } from '../../spec/root';
import { tempDirs } from '../../launcher/temp-dirs';

const dirs = tempDirs('run-protocol-');
afterAll(dirs.removeAll);
const tmp = dirs.make;

describe('the run file is the one channel to Playwright', () => {
  it('round-trips a run through CONFORMANCE_RUN and reads it once per file', () => {
    const dir = tmp();
    const profile = { path: 'p.json', source: 'file' as const, content: { name: 'p', scenarios: {} } };
    const run = defaultRun({ out: dir, gateScope: 'all', targets: (['static', 'server'] as const).map((mode) => ({ mode, url: `http://127.0.0.1:1/${mode}`, reference: false, profile })) });
    const file = writeRunFile(run);
    const before = process.env[RUN_ENV];
    try {
      useRunFile(file);
      expect(currentRun()).toEqual(run);
      expect(readRunFile(file).targets.map((t) => t.mode)).toEqual(['static', 'server']);
    } finally {
      if (before === undefined) delete process.env[RUN_ENV];
      else process.env[RUN_ENV] = before;
    }
  });

  it('refuses a file that is not a run, in one sentence', () => {
    const file = path.join(tmp(), 'run.json');
    fs.writeFileSync(file, '{"hello":1}');
    expect(() => readRunFile(file)).toThrow(/is not a run of this suite/);
  });

  it('no other file reads CONFORMANCE_* variables or process.argv to learn about the run', () => {
    const root = ROOT;
    const files = ['conformance', 'site/scripts', 'bench', 'targets', 'selftest', 'playwright.config.ts'].flatMap((p) => walk(path.join(root, p)));
    const offenders = files.filter((f) => !f.includes(`${path.sep}unit${path.sep}`) && !f.endsWith(path.join('run', 'channel.ts')))
      .filter((f) => /process\.env\.CONFORMANCE_|process\.env\[['"`]CONFORMANCE_/.test(fs.readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
    const argv = files.filter((f) => !f.includes(`${path.sep}unit${path.sep}`) && !f.endsWith(path.join('run', 'channel.ts')) && /process\.argv/.test(fs.readFileSync(f, 'utf8'))).map((f) => path.relative(root, f)).sort();
    // Only command-line entry points read their own arguments.
    expect(argv.filter((f) => !/cli[\\/]|main\.ts$|scripts[\\/]cli\.ts$|discovery[\\/]cli|matrix[\\/]|selftest[\\/](reference-run|package-files)\.ts$/.test(f))).toEqual([]);
  });
});

describe('shards', () => {
  const facts = (current: number, total: number): RunFacts => ({
    mode: 'static', url: 'http://x', reference: false, profile: { path: 'p', source: 'file', content: { name: 'p', scenarios: {} } },
    browser: { name: 'chromium', source: 'PATH' }, gateScope: 'all', shard: { current, total }, startedAt: '',
  });

  it('a merge missing a shard names it as a gate reason', () => {
    const check = checkShards([facts(1, 3), facts(3, 3), facts(1, 3)]);
    expect(check).toEqual({ seen: [1, 3], total: 3, missing: [2] });
    expect(shardReasons(check)).toEqual([expect.stringMatching(/^shard 2 of 3 is missing from the merged results/)]);
  });

  it('a shard whose selection held no test is seen by its blob report, which has no facts', () => {
    expect(checkShards([facts(1, 3), facts(3, 3)], ['report-2-of-3.zip', 'notes.txt'])).toEqual({ seen: [1, 2, 3], total: 3, missing: [] });
    expect(checkShards([facts(1, 3)], [blobFileName({ current: 3, total: 3 })])?.missing).toEqual([2]);
  });

  it('an unsharded run has nothing to miss', () => {
    expect(checkShards([{ ...facts(1, 1), shard: null }])).toBeUndefined();
    expect(shardReasons(checkShards([facts(1, 2), facts(2, 2)]))).toEqual([]);
  });
});

describe('a report is never lost', () => {
  it('moves the previous report to previous/ and the staged one into place', () => {
    const out = tmp();
    fs.writeFileSync(path.join(out, 'conformance.json'), 'old');
    fs.mkdirSync(path.join(out, 'evidence'));
    fs.writeFileSync(path.join(out, 'evidence', 'a.txt'), 'old evidence');
    const staging = stagingDir(out);
    fs.writeFileSync(path.join(staging, 'conformance.json'), 'new');
    fs.mkdirSync(path.join(staging, 'evidence'));
    expect(publish(staging, out)).toBe(true);
    expect(fs.readFileSync(path.join(out, 'conformance.json'), 'utf8')).toBe('new');
    expect(fs.readFileSync(path.join(out, 'previous', 'conformance.json'), 'utf8')).toBe('old');
    expect(fs.readFileSync(path.join(out, 'previous', 'evidence', 'a.txt'), 'utf8')).toBe('old evidence');
    expect(fs.readdirSync(out).filter((e) => e.startsWith('.staging-'))).toEqual([]);
  });

  it('a run without a test writes its reason and touches no report', () => {
    const out = tmp();
    fs.writeFileSync(path.join(out, 'conformance.json'), 'kept');
    writeLastRun(out, { status: 'not-run', reason: 'no conformance test matched the selection' });
    expect(fs.readFileSync(path.join(out, 'conformance.json'), 'utf8')).toBe('kept');
    expect(JSON.parse(fs.readFileSync(path.join(out, 'last-run.json'), 'utf8'))).toMatchObject({ status: 'not-run' });
  });
});

describe('--out is checked before anything runs', () => {
  it('creates a missing folder and accepts a writable one', () => {
    const dir = path.join(tmp(), 'a', 'b');
    expect(ensureWritableDir(dir)).toBe(dir);
    expect(fs.statSync(dir).isDirectory()).toBe(true);
  });

  it('refuses a file, and a path below a file, in one sentence', () => {
    const file = path.join(tmp(), 'f');
    fs.writeFileSync(file, '');
    expect(() => ensureWritableDir(file)).toThrow(UsageError);
    expect(() => ensureWritableDir(file)).toThrow(/is a file, not a folder/);
    expect(() => ensureWritableDir(path.join(file, 'x'))).toThrow(/a part of the path is a file/);
  });

  it.skipIf(process.platform !== 'linux')('refuses a path the system cannot create, at once (no retry)', () => {
    expect(() => ensureWritableDir('/proc/no-such-folder/x')).toThrow(/not a folder the report can be written to/);
  });
});

describe('junit.xml follows the gate scope', () => {
  const report = (scope: 'all' | 'selected', reasons: string[] = []): Report => ({
    schema: 'spec-conformance-report', schemaVersion: 'x', suite: { name: 's', version: '1' }, startedAt: '', finishedAt: '', durationMs: 0,
    modes: ['static'], targets: [], totals: { all: { passed: 0, failed: 0, cantTell: 0, inapplicable: 0, untested: 0 } },
    gate: failRun({ passed: true, scope, reasons: [], findings: [] }, reasons),
    clauses: [
      { id: 'R2.2', title: 'a', section: 's', kind: 'normative', quote: [], hash: '', modes: ['static'], results: { static: { verdict: 'passed', tests: [{ title: 't', file: 'f', line: 1, outcome: 'passed', durationMs: 1, attempts: 1, evidence: [] }] } } },
      { id: 'R2.3', title: 'b', section: 's', kind: 'normative', quote: [], hash: '', modes: ['static'], results: { static: { verdict: 'untested', reason: 'no test ran', tests: [] } } },
    ],
  } as unknown as Report);

  it('under --grep an unselected clause is skipped, not a failure', () => {
    const xml = renderJUnit(report('selected'));
    expect(xml).toContain('failures="0"');
    expect(xml).toMatch(/R2\.3 b[^\n]*<skipped message="not selected in this run/);
  });

  it('over every clause an untested clause is a failure', () => {
    expect(renderJUnit(report('all'))).toMatch(/R2\.3 b[^\n]*<failure type="untested"/);
  });

  it('a missing shard fails the run as a whole', () => {
    const xml = renderJUnit(report('selected', ['shard 2 of 2 is missing from the merged results (only shard 1 found): x']));
    expect(xml).toMatch(/<testsuite name="conformance run" tests="1" failures="1"/);
  });
});

describe('browser lookup says in one sentence why a candidate does not work', () => {
  it('a directory, a non-executable file, a program that is not Chromium', () => {
    const dir = tmp();
    expect(checkCandidate(dir, 2000)).toEqual({ ok: false, why: 'is a directory, not a program' });
    const plain = path.join(dir, 'plain');
    fs.writeFileSync(plain, 'x');
    expect(checkCandidate(plain, 2000)).toEqual({ ok: false, why: 'is not executable' });
    const fake = path.join(dir, 'fake');
    fs.writeFileSync(fake, '#!/bin/sh\necho "Firefox 140"\n', { mode: 0o755 });
    expect(checkCandidate(fake, 2000)).toMatchObject({ ok: false, why: expect.stringMatching(/^is not Chromium \(--version printed "Firefox 140"\)$/) });
  });

  it('a broken CHROMIUM_PATH is refused (no silent fall-back) and the message says what to do', () => {
    const r = lookupChromium({ env: { CHROMIUM_PATH: tmp(), PATH: '' }, playwrightPath: () => undefined });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/^CHROMIUM_PATH=\S+ is a directory, not a program: point it at a Chromium or Chrome program/);
    expect(!r.ok && r.message).not.toContain('\n');
  });

  it('finds a Chromium on PATH first', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'chromium'), '#!/bin/sh\necho "Chromium 1.2.3"\n', { mode: 0o755 });
    const r = lookupChromium({ env: { PATH: dir }, playwrightPath: () => undefined });
    expect(r).toEqual({ ok: true, choice: { executablePath: path.join(dir, 'chromium'), source: 'PATH', version: 'Chromium 1.2.3' } });
  });

  it('prefers the headless shell on PATH, and a headed run (--headed, --debug, --ui) skips it', () => {
    const dir = tmp();
    for (const name of ['chromium', 'chromium-headless-shell']) fs.writeFileSync(path.join(dir, name), `#!/bin/sh\necho "Chromium 1.2.3"\n`, { mode: 0o755 });
    const pick = (headed: boolean) => {
      const r = lookupChromium({ env: { PATH: dir }, playwrightPath: () => undefined, headed });
      return r.ok ? path.basename(r.choice.executablePath!) : r.message;
    };
    expect(pick(false)).toBe('chromium-headless-shell');
    expect(pick(true)).toBe('chromium');
    expect([['--headed'], ['--debug'], ['--ui'], ['--ui=x'], ['--grep', 'K9']].map(wantsWindow)).toEqual([true, true, true, true, false]);
  });
});

function walk(p: string): string[] {
  if (!fs.existsSync(p)) return [];
  if (fs.statSync(p).isFile()) return p.endsWith('.ts') ? [p] : [];
  return fs.readdirSync(p).filter((n) => n !== 'node_modules' && !n.startsWith('.')).flatMap((n) => walk(path.join(p, n)));
}
