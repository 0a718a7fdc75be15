import path from 'node:path';
import { withLock, type LockOptions } from '../launcher';
import { siteDir } from './reference/paths';

/**
 * One `next build` of the repository's targets at a time on this machine (the reference site, a
 * fixture site, the bench's bare app, a mutant built from changed sources): the lock folder
 * site/.build-lock, whichever program builds.
 */
export function withBuildLock<T>(fn: () => Promise<T>, opts: Omit<LockOptions, 'lockDir'>): Promise<T> {
  return withLock(fn, { ...opts, lockDir: path.join(siteDir(), '.build-lock') });
}
