import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { staleReason, withLock } from './lock';
import { tempDirs } from './temp-dirs';

const dirs = tempDirs('lock-');
afterAll(dirs.removeAll);
const tmp = dirs.make;

describe('a lock folder (the targets\' build lock is one)', () => {
  it('breaks a lock left by a dead process at once, and says so', async () => {
    const lockDir = path.join(tmp(), '.build-lock');
    fs.mkdirSync(lockDir);
    fs.writeFileSync(path.join(lockDir, 'owner.json'), JSON.stringify({ pid: 2 ** 22 + 12345, host: os.hostname(), since: 'then', what: 'a killed build' }));
    expect(staleReason(lockDir)).toMatch(/is no longer running/);
    const lines: string[] = [];
    const got = await withLock(async () => 'built', { timeoutMs: 5000, lockDir, log: (l) => lines.push(l) });
    expect(got).toBe('built');
    // At once: its one line is the breaking of the lock, never a wait for it.
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/Breaking the build lock .*a killed build.*no longer running/);
    expect(fs.existsSync(lockDir)).toBe(false);
  });

  it('waits for a live owner and says whom it waits for', async () => {
    const lockDir = path.join(tmp(), '.build-lock');
    fs.mkdirSync(lockDir);
    fs.writeFileSync(path.join(lockDir, 'owner.json'), JSON.stringify({ pid: process.pid, host: os.hostname(), since: 'now', what: 'another run' }));
    const lines: string[] = [];
    await expect(withLock(async () => 'x', { timeoutMs: 700, lockDir, log: (l) => lines.push(l) })).rejects.toThrow(/Gave up after/);
    expect(lines[0]).toMatch(new RegExp(`held by process ${process.pid} \\(another run`));
  });
});
