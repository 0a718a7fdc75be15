/**
 * Where planted secrets turn up: every file under the given folders, read as it is and, for a zip
 * (Playwright's traces, blob reports), entry by entry inflated — a compressed trace would hide a
 * secret from a plain grep.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';

export interface Leak { file: string; secret: string }

export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  if (statSync(dir).isFile()) return [dir];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : e.isFile() ? [join(dir, e.name)] : []));
}

/** Each file (or zip entry, as file!entry) in which one of `secrets` appears. */
export function findPlanted(dirs: string[], secrets: string[], skip: (file: string) => boolean = () => false): Leak[] {
  const leaks: Leak[] = [];
  const look = (name: string, data: Buffer) => {
    for (const s of secrets) if (data.includes(s)) leaks.push({ file: name, secret: s });
  };
  for (const file of dirs.flatMap(filesUnder)) {
    if (skip(file)) continue;
    const data = readFileSync(file);
    look(file, data);
    if (data.length >= 22 && data.readUInt32LE(0) === 0x04034b50) {
      let entries: [string, Buffer][] = [];
      try { entries = zipEntries(data); } catch { leaks.push({ file, secret: '(a zip file that could not be read: not searched)' }); }
      for (const [entry, body] of entries) look(`${file}!${entry}`, body);
    }
  }
  return leaks;
}

/** The entries of a zip file (stored or deflated), read through its central directory. */
export function zipEntries(zip: Buffer): [string, Buffer][] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) return [];
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const out: [string, Buffer][] = [];
  for (let i = 0; i < count && zip.readUInt32LE(at) === 0x02014b50; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLen = zip.readUInt16LE(at + 28);
    const extraLen = zip.readUInt16LE(at + 30);
    const commentLen = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLen).toString('utf8');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + size);
    try {
      out.push([name, method === 8 ? inflateRawSync(raw) : raw]);
    } catch {
      out.push([name, raw]);
    }
    at += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}
