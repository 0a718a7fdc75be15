import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDirs } from '../../launcher/temp-dirs';
import { endRun, resolveRun } from '../cli/resolve-run';
import { lockOut, OUT_LOCK, unlockOut } from '../cli/out-lock';
import { makeScratch, removeDeadScratches, tmpEnv } from '../cli/scratch';
import { foreignSentence, isToolFolder, MARKER, ownedEntries } from '../report/ownership';
import { ForeignEntries, publish, stagingDir, writeLastRun } from '../report/publish';
import { writeReport } from '../report/write';
import { parseRunArgs, UsageError } from '../run/args';
import { report, tests } from './report-fixture';

const dirs = tempDirs('report-folder-');
afterAll(dirs.removeAll);
const tmp = dirs.make;
const write = (file: string, text = 'x') => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
};
const read = (file: string) => fs.readFileSync(file, 'utf8');
/** A staged report as the reporter leaves it: its files and an evidence folder. */
const staged = (out: string, text = 'new') => {
  const s = stagingDir(out);
  write(path.join(s, 'conformance.json'), text);
  write(path.join(s, 'evidence', 'e.txt'), text);
  return s;
};
/** A run that reaches the report folder and then stops at its target (nothing listens there): refused or not by the folder. */
const start = (out: string, cwd: string) => resolveRun(parseRunArgs(['--target', 'http://127.0.0.1:9', '--mode', 'static', '--no-discovery', '--profile', 'none.json', '--slow', '1', '--out', out]), () => undefined, cwd);

describe('the report folder is the tool\'s, provably', () => {
  it('marks every folder it publishes, and moves to previous/ only what a marked report wrote', () => {
    const out = tmp();
    expect(publish(staged(out, 'first'), out)).toBe(false);
    expect([...ownedEntries(out)].sort()).toEqual(['conformance.json', 'evidence']);
    // The team's own file beside the report is not the report's: left where it is, run after run.
    write(path.join(out, 'team-notes.md'), 'ours');
    expect(publish(staged(out, 'second'), out)).toBe(true);
    expect(publish(staged(out, 'third'), out)).toBe(true);
    expect(read(path.join(out, 'conformance.json'))).toBe('third');
    expect(read(path.join(out, 'previous', 'conformance.json'))).toBe('second');
    expect(read(path.join(out, 'team-notes.md'))).toBe('ours');
    expect(isToolFolder(path.join(out, 'previous'))).toBe(true);
    expect(fs.existsSync(path.join(out, 'previous', MARKER))).toBe(true);
    expect(ownedEntries(out).has('previous')).toBe(true);
  });

  it('refuses up front, in one sentence naming it, a file of the user\'s under a name the report writes; nothing is touched', async () => {
    const cwd = tmp();
    const out = path.join(cwd, 'reports');
    write(path.join(out, 'profiles', 'team.json'), 'the team\'s');
    write(path.join(out, 'junit.xml'), '<theirs/>');
    await expect(start(out, cwd)).rejects.toThrow(/^--out reports holds junit\.xml and profiles\/, which no report of this tool wrote there \(no \.spec-conformance-report\.json lists them\): move them away, or give another --out\.$/);
    expect(read(path.join(out, 'profiles', 'team.json'))).toBe('the team\'s');
    expect(fs.readdirSync(out).sort()).toEqual(['junit.xml', 'profiles']);
  });

  it('refuses an unmarked previous/, and never deletes it', async () => {
    const cwd = tmp();
    const out = path.join(cwd, 'reports');
    publish(staged(out), out);
    write(path.join(out, 'previous', 'mine.txt'), 'mine');
    await expect(start(out, cwd)).rejects.toThrow(/holds previous\/, which no report of this tool wrote there/);
    expect(() => publish(staged(out), out)).toThrow(ForeignEntries);
    expect(read(path.join(out, 'previous', 'mine.txt'))).toBe('mine');
  });

  it('lists the files of the folders it wrote: one added since, to profiles/ or to previous/, is not the tool\'s', async () => {
    const cwd = tmp();
    const out = path.join(cwd, 'reports');
    publish(staged(out, 'one'), out);
    publish(staged(out, 'two'), out);
    write(path.join(out, 'evidence', 'team.json'), 'the team\'s');
    write(path.join(out, 'previous', 'evidence', 'notes.md'), 'notes');
    await expect(start(out, cwd)).rejects.toThrow(/^--out reports holds evidence\/team\.json and previous\/evidence\/notes\.md, which no report of this tool wrote there/);
    expect(() => publish(staged(out), out)).toThrow(ForeignEntries);
    fs.rmSync(path.join(out, 'evidence', 'team.json'));
    fs.rmSync(path.join(out, 'previous', 'evidence', 'notes.md'));
    expect(publish(staged(out, 'three'), out)).toBe(true);
    expect(read(path.join(out, 'previous', 'conformance.json'))).toBe('two');
  });

  it('leaves the new report where it was staged when a file of someone else\'s came during the run', () => {
    const out = tmp();
    const s = staged(out);
    write(path.join(out, 'conformance.md'), 'someone\'s');
    expect(() => publish(s, out)).toThrow(/holds conformance\.md, .* The new report is kept in .*\.staging-/);
    expect(read(path.join(s, 'conformance.json'))).toBe('new');
    expect(read(path.join(out, 'conformance.md'))).toBe('someone\'s');
  });

  it('counts a folder of an earlier release as the tool\'s when its conformance.json is a report of this schema', () => {
    const out = tmp();
    writeReport(report(tests(['static']), { modes: ['static'] }), out);
    write(path.join(out, 'profiles', 'static.json'), '{}');
    expect(fs.existsSync(path.join(out, MARKER))).toBe(false);
    expect(publish(staged(out), out)).toBe(true);
    expect(fs.existsSync(path.join(out, 'previous', 'profiles', 'static.json'))).toBe(true);
    // Inside its folders only what that report names is the tool's: a team's profile beside them is refused, twice over.
    const team = tmp();
    writeReport(report(tests(['static']), { modes: ['static'] }), team);
    write(path.join(team, 'profiles', 'static.json'), '{}');
    write(path.join(team, 'profiles', 'team.json'), 'ours');
    expect(() => publish(staged(team), team)).toThrow(ForeignEntries);
    expect(foreignSentence(team, ['profiles/team.json'])).toMatch(/holds profiles\/team\.json, which no report of this tool wrote there/);
    expect(read(path.join(team, 'profiles', 'team.json'))).toBe('ours');
    // A conformance.json that is not this tool's report proves nothing.
    const other = tmp();
    write(path.join(other, 'conformance.json'), '{"schema":"something-else"}');
    expect(ownedEntries(other).size).toBe(0);
    expect(() => publish(staged(other), other)).toThrow(ForeignEntries);
  });

  it('writes last-run.json only where it is its own, and claims it', () => {
    const out = tmp();
    writeLastRun(out, { status: 'shard', reason: 'shard 1 of 2' });
    expect([...ownedEntries(out)].sort()).toEqual(['blob-report', 'last-run.json']);
    const theirs = tmp();
    write(path.join(theirs, 'last-run.json'), 'their log');
    writeLastRun(theirs, { status: 'not-run', reason: 'x' });
    expect(read(path.join(theirs, 'last-run.json'))).toBe('their log');
  });

  it('names at most five of what is in the way, with the count of the rest', () => {
    expect(foreignSentence('reports', ['evidence', 'a', 'b', 'c', 'd', 'e', 'f'])).toMatch(/^--out reports holds evidence\/, a, b, c and 3 more, which no report/);
  });

  it('refuses --out \'\' (it would be the working folder itself)', () => {
    expect(() => parseRunArgs(['--out', ''])).toThrow(/^--out is empty: give the folder the report goes to \(e\.g\. --out reports\)\.$/);
    expect(() => parseRunArgs(['--config='])).toThrow(/^--config is empty/);
  });
});

describe('one run per report folder', () => {
  it('refuses a second run on the same --out in one sentence, and takes over a lock whose run was killed', () => {
    const out = tmp();
    lockOut(out, () => undefined);
    let refused: unknown;
    try {
      lockOut(out, () => undefined);
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(UsageError);
    expect((refused as UsageError).exitCode).toBe(2);
    expect((refused as Error).message).toMatch(new RegExp(`^Another run \\(process ${process.pid}, since .*\\) is writing its report into .*: wait for it to end, or give this run another --out\\.$`));
    unlockOut(out);
    expect(fs.existsSync(path.join(out, OUT_LOCK))).toBe(false);
    // What a SIGKILLed run leaves: its lock, naming a process that is gone.
    write(path.join(out, OUT_LOCK, 'owner.json'), JSON.stringify({ pid: 2 ** 22 + 4321, host: os.hostname(), since: 'then', what: 'a spec-conformance run' }));
    const lines: string[] = [];
    lockOut(out, (l) => lines.push(l));
    expect(lines).toEqual([expect.stringMatching(/^Report folder lock taken over: its owner, process 4198625 .* is no longer running\.$/)]);
    unlockOut(out);
  });

  it('holds the folder from the start of a run to its end, and lets go when the run is refused', async () => {
    const cwd = tmp();
    const out = path.join(cwd, 'reports');
    writeReport(report(tests(['static']), { modes: ['static'] }), out);
    const first = await resolveRun(parseRunArgs(['--from-report']), () => undefined, cwd);
    await expect(resolveRun(parseRunArgs(['--from-report']), () => undefined, cwd)).rejects.toThrow(/^Another run \(process \d+/);
    endRun(first.run);
    const again = await resolveRun(parseRunArgs(['--from-report']), () => undefined, cwd);
    endRun(again.run);
    // Refused at its target: the lock and the working folder go with it.
    await expect(start(path.join(cwd, 'other'), cwd)).rejects.toThrow(UsageError);
    expect(fs.existsSync(path.join(cwd, 'other', OUT_LOCK))).toBe(false);
  });
});

describe('what a killed run left is cleaned at the next start', () => {
  it('removes working folders whose owner process is gone; a live run\'s and an unmarked one are kept', () => {
    const base = tmp();
    const folder = (name: string, pid?: number) => {
      const dir = path.join(base, name);
      write(path.join(dir, 'tmp', 'playwright_chromiumdev_profile-x', 'Default'), 'profile');
      if (pid) write(path.join(dir, 'owner.json'), JSON.stringify({ pid, host: os.hostname(), since: 'then', what: 'a spec-conformance run' }));
      return dir;
    };
    const dead = folder('spec-conformance-run-dead', 2 ** 22 + 999);
    const live = folder('spec-conformance-run-live', process.pid);
    const unmarked = folder('spec-conformance-run-old');
    const other = folder('someone-elses', 2 ** 22 + 999);
    expect(removeDeadScratches(base)).toEqual([dead]);
    expect([live, unmarked, other].every((d) => fs.existsSync(d))).toBe(true);
  });

  it('marks a new working folder with its owner, and keeps the browsers\' temporary folder inside it', () => {
    const dir = makeScratch();
    try {
      expect(JSON.parse(read(path.join(dir, 'owner.json')))).toMatchObject({ pid: process.pid, host: os.hostname() });
      expect(fs.statSync(path.join(dir, 'tmp')).isDirectory()).toBe(true);
      // What Playwright's processes are given: their temporary folder inside, the compile cache shared outside.
      const env = tmpEnv(dir);
      expect(env.TMPDIR).toBe(path.join(dir, 'tmp'));
      expect(env.PLAYWRIGHT_TRANSFORM_CACHE_DIR.startsWith(dir)).toBe(false);
    } finally {
      endRun({ scratch: dir });
    }
    expect(fs.existsSync(dir)).toBe(false);
  });
});
