import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDirs } from '../../launcher/temp-dirs';
import { run } from '../api';
import { settleAccess } from '../config/access';
import { checkTraceArgs } from '../cli/access-step';
import { blobProblem, checkMergeDir, stageBlobs } from '../cli/merge-input';
import { endRun, resolveRun } from '../cli/resolve-run';
import { reportProblem } from '../report/validate';
import { writeReport } from '../report/write';
import { parseRunArgs, passedValue, UsageError } from '../run/args';
import { ensureWritableFile } from '../run/out-dir';
import { report, tests } from './report-fixture';

const dirs = tempDirs('fail-closed-');
afterAll(dirs.removeAll);
const tmp = dirs.make;

/** A project folder whose reports/ holds a report, changed by `edit` as a hostile or damaged one would be. */
function projectWith(edit: (r: Record<string, unknown> & { clauses: { results: Record<string, { verdict: string }> }[] }) => void): string {
  const cwd = tmp();
  const out = path.join(cwd, 'reports');
  writeReport(report(tests(['static']), { modes: ['static'] }), out);
  const file = path.join(out, 'conformance.json');
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  edit(data);
  fs.writeFileSync(file, JSON.stringify(data));
  return cwd;
}
const judge = (cwd: string, argv: string[] = ['--from-report']) => resolveRun(parseRunArgs(argv), () => undefined, cwd);

describe('every report read back is held to its schema: never a pass on what cannot be read', () => {
  it('--from-report refuses an unknown verdict, a missing field and a damaged file in one sentence (exit 2)', async () => {
    const skipped = projectWith((r) => { r.clauses[0].results.static.verdict = 'skipped'; });
    const err = await judge(skipped).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as UsageError).exitCode).toBe(2);
    expect((err as Error).message).toMatch(/^--from-report: reports\/conformance\.json cannot be judged again: its clauses\.0\.results\.static\.verdict is "skipped", not one of "passed", "failed", "cantTell", "inapplicable", "untested"; run npx spec-conformance again to write a new one\.$/);
    await expect(judge(projectWith((r) => { delete r.gate; }))).rejects.toThrow(/cannot be judged again: it lacks "gate"/);
    const damaged = projectWith(() => undefined);
    fs.writeFileSync(path.join(damaged, 'reports', 'conformance.json'), '{"schema":"spec-conformance-report",');
    await expect(judge(damaged)).rejects.toThrow(/cannot be judged again: it cannot be read as JSON/);
    await expect(judge(projectWith((r) => { r.schemaVersion = '0.9.0'; }))).rejects.toThrow(/it has report schema 0\.9\.0, which this version \(\d+\.\d+\.\d+\) cannot read/);
  });

  it('judges a report of schema 1.7, which has no gate.findings yet, and holds the rest of it to the schema', async () => {
    const older = projectWith((r) => { r.schemaVersion = '1.7.0'; delete (r.gate as Record<string, unknown>).findings; });
    endRun((await judge(older)).run);
    await expect(judge(projectWith((r) => { r.schemaVersion = '1.7.0'; delete (r.gate as Record<string, unknown>).findings; r.clauses[0].results.static.verdict = 'skipped'; }))).rejects.toThrow(/"skipped", not one of/);
  });

  it('run(config) rejects the same report with a UsageError, not a report whose gate passes', async () => {
    const cwd = projectWith((r) => { r.clauses[0].results.static.verdict = '<img src=x onerror=alert(1)>'; });
    await expect(run({ targets: [{ url: 'http://127.0.0.1:9', mode: 'static' }] }, { cwd, args: ['--from-report'], log: () => undefined })).rejects.toThrow(UsageError);
  });

  it('names the first problem in words', () => {
    expect(reportProblem({ schema: 'other' })).toBe('it is not a conformance report of this tool');
    expect(reportProblem(report(tests(['static']), { modes: ['static'] }))).toBeUndefined();
  });
});

/** A zip record: `size` bytes, each field [offset, value, width 2 or 4], little-endian as the format says. */
function record(size: number, fields: [number, number, 2 | 4][]): Buffer {
  const b = Buffer.alloc(size);
  for (const [at, value, width] of fields) (width === 2 ? b.writeUInt16LE(value, at) : b.writeUInt32LE(value, at));
  return b;
}

/** A zip of these entries, stored (no compression, as the format allows). */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const n = Buffer.from(name);
    const crc = zlib.crc32(data);
    locals.push(record(30, [[0, 0x04034b50, 4], [14, crc, 4], [18, data.length, 4], [22, data.length, 4], [26, n.length, 2]]), n, data);
    central.push(record(46, [[0, 0x02014b50, 4], [16, crc, 4], [20, data.length, 4], [24, data.length, 4], [28, n.length, 2], [42, offset, 4]]), n);
    offset += 30 + n.length + data.length;
  }
  const cd = Buffer.concat(central);
  const count = Object.keys(entries).length;
  return Buffer.concat([...locals, cd, record(22, [[0, 0x06054b50, 4], [8, count, 2], [10, count, 2], [12, cd.length, 4], [16, offset, 4]])]);
}
const events = '{"method":"onBlobReportMetadata","params":{"version":2}}\n{"method":"onBegin","params":{}}\n';

describe('--merge: a damaged blob is bad input, and the input folder is only read', () => {
  it('accepts a blob report whose every entry unpacks, and refuses a damaged one naming it (exit 2)', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'report-1-of-2.zip'), zip({ 'report-1-of-2.jsonl': events, 'resources/a.png': 'png' }));
    expect(blobProblem(path.join(dir, 'report-1-of-2.zip'))).toBeUndefined();
    expect(checkMergeDir(dir)).toBe(dir);
    const good = zip({ 'report-2-of-2.jsonl': events });
    fs.writeFileSync(path.join(dir, 'report-2-of-2.zip'), good.subarray(0, good.length - 30));
    expect(() => checkMergeDir(dir)).toThrow(/^--merge .*: report-2-of-2\.zip is not a usable blob report \(no zip directory at its end: it is cut short or not a zip\): copy that shard's <out>\/blob-report\/report-2-of-2\.zip again, or run the shard again\.$/);
    const flipped = Buffer.from(good);
    flipped[60] ^= 0xff; // inside the entry's data: its CRC no longer agrees
    fs.writeFileSync(path.join(dir, 'report-2-of-2.zip'), flipped);
    expect(blobProblem(path.join(dir, 'report-2-of-2.zip'))).toMatch(/its entry report-2-of-2\.jsonl is damaged/);
    fs.writeFileSync(path.join(dir, 'report-2-of-2.zip'), zip({ 'report.jsonl': 'not events' }));
    expect(blobProblem(path.join(dir, 'report-2-of-2.zip'))).toMatch(/holds no Playwright report events/);
  });

  it('hands merge-reports a copy in the run\'s working folder, so nothing is written into the input folder', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'report-1-of-1.zip'), zip({ 'report-1-of-1.jsonl': events }));
    const scratch = tmp();
    const staged = stageBlobs(dir, scratch);
    expect(staged.startsWith(scratch)).toBe(true);
    expect(fs.readdirSync(staged)).toEqual(['report-1-of-1.zip']);
    fs.mkdirSync(path.join(staged, 'resources'));
    expect(fs.readdirSync(dir)).toEqual(['report-1-of-1.zip']);
  });
});

describe('every file argument is checked before the run starts', () => {
  it('refuses a folder, a missing folder and a read-only place for a file the run writes at its end', () => {
    const dir = tmp();
    expect(() => ensureWritableFile(dir, '--summary')).toThrow(/^--summary .* is a folder, not a file: give the path of a file\.$/);
    expect(() => ensureWritableFile(path.join(dir, 'no', 'summary.md'), '--summary')).toThrow(/the folder .*no does not exist/);
    expect(ensureWritableFile(path.join(dir, 'summary.md'), '--summary')).toBe(path.join(dir, 'summary.md'));
    if (process.getuid?.() !== 0) {
      fs.chmodSync(dir, 0o500);
      try {
        expect(() => ensureWritableFile(path.join(dir, 'summary.md'), '--summary')).toThrow(/cannot be written: permission denied/);
      } finally {
        fs.chmodSync(dir, 0o700);
      }
    }
  });

  it('--summary <a folder> and --write-profile <a folder> are refused by the run before anything runs', async () => {
    const cwd = projectWith(() => undefined);
    fs.mkdirSync(path.join(cwd, 'a-folder'));
    await expect(judge(cwd, ['--from-report', '--summary', 'a-folder'])).rejects.toThrow(/^--summary a-folder is a folder, not a file/);
    await expect(resolveRun(parseRunArgs(['--target', 'http://127.0.0.1:9', '--mode', 'static', '--write-profile', 'a-folder']), () => undefined, cwd)).rejects.toThrow(/^--write-profile a-folder is a folder, not a file/);
    fs.writeFileSync(path.join(cwd, 'a-file'), '');
    await expect(resolveRun(parseRunArgs(['--target', 'http://127.0.0.1:9', '--mode', 'static', '--output=a-file']), () => undefined, cwd)).rejects.toThrow(/^--output .*a-file is a file, not a folder/);
    // Nothing was started: the report folder is free for the next run.
    const next = await judge(cwd);
    endRun(next.run);
  });
});

describe('Playwright\'s flags handed on are read in both spellings', () => {
  it('finds --flag v and --flag=v; a run that sends headers refuses a trace either way', () => {
    expect(passedValue(['--grep', 'x', '--output', 'out'], '--output')).toBe('out');
    expect(passedValue(['--output=out2'], '--output')).toBe('out2');
    expect(passedValue(['--outputs=no'], '--output')).toBeUndefined();
    const settled = settleAccess({}, undefined, { SPEC_CONFORMANCE_HEADERS: 'x-bypass: s' });
    expect(() => checkTraceArgs(['--trace=on'], settled)).toThrow(/^--trace on would record/);
    expect(() => checkTraceArgs(['--trace', 'retain-on-failure'], settled)).toThrow(/^--trace retain-on-failure would record/);
    expect(() => checkTraceArgs(['--trace', 'off'], settled)).not.toThrow();
  });
});

describe('a header value HTTP cannot carry is refused as such', () => {
  it('names the control character, not an unreachable target', () => {
    const settle = (headers: string) => settleAccess({}, undefined, { SPEC_CONFORMANCE_HEADERS: headers });
    expect(() => settle('x-bypass: ab\bc')).toThrow(/^SPEC_CONFORMANCE_HEADERS: the value of x-bypass holds a control character \(U\+0008\), which no header may hold: remove it\.$/);
    expect(() => settle('x-bypass: a\u2603')).toThrow(/a character beyond Latin-1 \(U\+2603\)/);
    expect(settle('x-bypass: a\tb').secrets.headers).toEqual({ 'x-bypass': 'a\tb' });
  });
});
