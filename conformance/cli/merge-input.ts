import { copyFileSync, linkSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import zlib from 'node:zlib';
import { UsageError } from '../run/args';
import { describeErrno } from '../run/out-dir';

/**
 * --merge's input: a folder of the shards' blob reports, each checked before Playwright reads it
 * (a damaged one is bad input, said in one sentence, not a merge that dies with a stack trace) and
 * copied into the run's working folder, where merge-reports unpacks them: the user's folder is only read.
 */
export function checkMergeDir(dir: string): string {
  const abs = resolve(dir);
  let zips: string[];
  try {
    if (!statSync(abs).isDirectory()) throw new UsageError(`--merge ${dir} is a file: give the folder holding the shards' blob reports (report-*.zip).`);
    zips = readdirSync(abs).filter((f) => f.endsWith('.zip'));
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(code === 'ENOENT' ? `--merge ${dir} does not exist: give the folder holding the shards' blob reports (report-*.zip).` : `--merge ${dir} cannot be read: ${describeErrno(code, e as Error)}.`);
  }
  if (!zips.length) throw new UsageError(`--merge ${dir} holds no blob report (report-*.zip): copy each shard's <out>/blob-report/*.zip there first.`);
  for (const z of zips) {
    const problem = blobProblem(join(abs, z));
    if (problem) throw new UsageError(`--merge ${dir}: ${z} is not a usable blob report (${problem}): copy that shard's <out>/blob-report/${z} again, or run the shard again.`);
  }
  return abs;
}

/** The blob reports of `from`, linked (or copied) into `<scratch>/merge-input`, the folder merge-reports is given. */
export function stageBlobs(from: string, scratch: string): string {
  const to = join(scratch, 'merge-input');
  mkdirSync(to, { recursive: true });
  for (const z of readdirSync(from).filter((f) => f.endsWith('.zip'))) {
    try {
      linkSync(join(from, z), join(to, z));
    } catch {
      copyFileSync(join(from, z), join(to, z));
    }
  }
  return to;
}

/** Why a file is not a readable blob report (a zip whose every entry unpacks, with Playwright's events in it), or undefined. */
export function blobProblem(file: string): string | undefined {
  let buf: Buffer;
  try {
    buf = readFileSync(file);
  } catch (e) {
    return describeErrno((e as NodeJS.ErrnoException).code, e as Error);
  }
  const end = lastIndexOf(buf, 0x06054b50, Math.max(0, buf.length - 65_557));
  if (end < 0) return 'no zip directory at its end: it is cut short or not a zip';
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  // A zip64 archive (over 4 GB) is left to Playwright.
  if (count === 0xffff || at === 0xffffffff) return undefined;
  let events = false;
  for (let i = 0; i < count; i++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== 0x02014b50) return 'its zip directory is damaged';
    const method = buf.readUInt16LE(at + 10);
    const crc = buf.readUInt32LE(at + 16);
    const size = buf.readUInt32LE(at + 20);
    const unpacked = buf.readUInt32LE(at + 24);
    const nameLength = buf.readUInt16LE(at + 28);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    const local = buf.readUInt32LE(at + 42);
    at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) return `its entry ${name} is damaged`;
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    let data: Buffer;
    try {
      const packed = buf.subarray(start, start + size);
      data = method === 0 ? packed : zlib.inflateRawSync(packed);
    } catch {
      return `its entry ${name} does not unpack`;
    }
    const crc32 = (zlib as { crc32?: (b: Buffer) => number }).crc32;
    if (data.length !== unpacked || (crc32 && crc32(data) >>> 0 !== crc)) return `its entry ${name} is damaged`;
    if (name.endsWith('.jsonl')) {
      if (!firstEventIsMetadata(data)) return `its entry ${name} holds no Playwright report events`;
      events = true;
    }
  }
  return events ? undefined : 'it holds no Playwright report (.jsonl)';
}

function firstEventIsMetadata(data: Buffer): boolean {
  const nl = data.indexOf(10);
  const line = (nl < 0 ? data : data.subarray(0, nl)).toString('utf8');
  try {
    return (JSON.parse(line) as { method?: string }).method === 'onBlobReportMetadata';
  } catch {
    return false;
  }
}

function lastIndexOf(buf: Buffer, signature: number, floor: number): number {
  for (let i = buf.length - 22; i >= floor; i--) if (buf.readUInt32LE(i) === signature) return i;
  return -1;
}
