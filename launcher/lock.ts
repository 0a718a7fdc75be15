/**
 * One holder at a time of a lock folder (created atomically), which holds owner.json naming the
 * process that holds it: a waiting run says whom it waits for; a lock whose owner process is gone
 * (a build killed half-way) is broken at once, with a message. The targets' build lock
 * (targets/build-lock.ts) is one such folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface LockOwner {
  pid: number;
  host: string;
  since: string;
  what: string;
}

export interface LockOptions {
  timeoutMs: number;
  /** Something else to wait out first (e.g. other `next build`s). */
  busy?: () => boolean;
  /** What the holder does, for other runs' messages. */
  what?: string;
  /** Where progress goes (default: stdout). */
  log?: (line: string) => void;
  /** The lock folder. */
  lockDir: string;
}

/** Owner of a lock folder, or undefined when none is recorded (yet). */
export function readOwner(lockDir: string): LockOwner | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(lockDir, 'owner.json'), 'utf8')) as LockOwner;
  } catch {
    return undefined;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

/** Why a lock is stale (its owner is gone), or undefined when it is live. */
export function staleReason(lockDir: string, now = Date.now()): string | undefined {
  const owner = readOwner(lockDir);
  if (owner) {
    if (owner.host === os.hostname() && !isAlive(owner.pid)) return `its owner, process ${owner.pid} (${owner.what}, since ${owner.since}), is no longer running`;
    return undefined;
  }
  // No owner file: an old-style lock, or one being created right now (give it a few seconds).
  let age = 0;
  try {
    age = now - fs.statSync(lockDir).mtimeMs;
  } catch {
    return undefined;
  }
  return age > 10_000 ? `it names no owner and is ${Math.round(age / 1000)} s old` : undefined;
}

/** One attempt at the lock: taken (having broken a stale one, with its reason), or held by `owner`. */
export type LockAttempt = { taken: true; broke?: string } | { taken: false; owner?: LockOwner };

export function tryLock(lock: string, what: string): LockAttempt {
  let broke: string | undefined;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      const owner: LockOwner = { pid: process.pid, host: os.hostname(), since: new Date().toISOString(), what };
      fs.writeFileSync(path.join(lock, 'owner.json'), JSON.stringify(owner));
      return { taken: true, ...(broke ? { broke } : {}) };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const stale = staleReason(lock);
      if (!stale || broke) return { taken: false, owner: readOwner(lock) };
      broke = stale;
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

export async function withLock<T>(fn: () => Promise<T>, opts: LockOptions): Promise<T> {
  const lock = opts.lockDir;
  const log = opts.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const deadline = Date.now() + opts.timeoutMs;
  let lastSaid = '';
  let lastSaidAt = 0;
  const say = (line: string) => {
    // Say it once, then again every 30 s while it stays true.
    if (line === lastSaid && Date.now() - lastSaidAt < 30_000) return;
    lastSaid = line;
    lastSaidAt = Date.now();
    log(line);
  };
  for (;;) {
    if (opts.busy?.()) {
      say('Waiting for another `next build` on this machine to finish…');
    } else {
      const got = tryLock(lock, opts.what ?? `process ${process.pid}`);
      if (got.taken) {
        if (got.broke) log(`Breaking the build lock ${lock}: ${got.broke}.`);
        break;
      }
      say(`Waiting for the build lock ${lock}${got.owner ? `, held by process ${got.owner.pid} (${got.owner.what}, since ${got.owner.since})` : ''}…`);
    }
    if (Date.now() > deadline) throw new Error(`Gave up after ${Math.round(opts.timeoutMs / 1000)} s waiting for the build lock ${lock}${readOwner(lock) ? ` held by process ${readOwner(lock)!.pid}` : ''}; if no build is running, remove that folder.`);
    await sleep(500);
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
