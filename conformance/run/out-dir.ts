import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { UsageError } from './args';

/**
 * Makes sure `dir` is a folder the run can write its report into (creating it when absent), by
 * writing and removing a scratch folder in it — the only test that also holds for root on a
 * read-only mount. Throws UsageError with one sentence naming the folder and the problem.
 */
export function ensureWritableDir(dir: string, flag = '--out'): string {
  const abs = resolve(dir);
  let isDir = false;
  try {
    isDir = statSync(abs).isDirectory();
    if (!isDir) throw new UsageError(`${flag} ${dir} is a file, not a folder: give a folder for the report.`);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') throw new UsageError(`${flag} ${dir} cannot be used: ${describeErrno(code, e as Error)}.`);
  }
  try {
    if (!isDir) makeDirs(abs);
    const probe = mkdtempSync(join(abs, '.write-check-'));
    rmSync(probe, { recursive: true, force: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(`${flag} ${dir} is not a folder the report can be written to: ${describeErrno(code, e as Error)}; give a writable folder.`);
  }
  return abs;
}

/**
 * Makes sure `file` is a file the run can write when it ends (--summary, --write-profile, the
 * baseline): checked before anything runs, so a folder or a read-only place is refused up front
 * rather than after the whole run. An absent file needs a writable folder to be made in.
 */
export function ensureWritableFile(file: string, flag: string, named = file): string {
  const abs = resolve(file);
  const shown = `${flag} ${named}`;
  let exists = false;
  try {
    const isDir = statSync(abs).isDirectory();
    exists = true;
    if (isDir) throw new UsageError(`${shown} is a folder, not a file: give the path of a file.`);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') throw new UsageError(`${shown} cannot be used: ${describeErrno(code, e as Error)}.`);
  }
  const dir = dirname(abs);
  if (!exists && !(existsSync(dir) && statSync(dir).isDirectory())) throw new UsageError(`${shown}: the folder ${dirname(named)} does not exist; create it or give another path.`);
  try {
    accessSync(exists ? abs : dir, constants.W_OK);
  } catch (e) {
    throw new UsageError(`${shown} cannot be written: ${describeErrno((e as NodeJS.ErrnoException).code, e as Error)}; give a writable path.`);
  }
  return abs;
}

/**
 * mkdir -p, one level at a time. Not `mkdirSync(…, { recursive: true })`: on Node 20 that never
 * returns for a path under /proc (it retries the parent forever), and a bad --out must fail in seconds.
 */
function makeDirs(dir: string): void {
  const missing: string[] = [];
  let d = dir;
  while (!existsSync(d)) {
    missing.unshift(d);
    const parent = dirname(d);
    if (parent === d) break;
    d = parent;
  }
  for (const m of missing) mkdirSync(m);
}

export function describeErrno(code: string | undefined, e: Error): string {
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'it is on a read-only file system';
    case 'ENOTDIR':
      return 'a part of the path is a file, not a folder';
    case 'ENOENT':
      return 'the file system there does not let a folder be created';
    case 'ENOSPC':
      return 'the disk is full';
    case 'ENAMETOOLONG':
      return 'the path is too long';
    default:
      return (e.message.split('\n')[0] ?? String(e)).replace(/^\w+: /, '');
  }
}
