/**
 * The one freshness check of every build the repository makes (the reference site, the fixture sites,
 * the matrix's sites): a build is fresh while its marker — a JSON file written once the build finished —
 * holds the hash of its inputs as they are now, and the build's output is there. What goes into the hash
 * is each builder's own; how the marker is written, read and compared is here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../spec/root';

/** A build's marker as written, or undefined when there is none (or it cannot be read). */
export function readMarker<T extends object>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** Writes the marker once the build finished (the last step of a build). */
export function writeMarker(file: string, marker: object): void {
  fs.writeFileSync(file, JSON.stringify(marker, null, 2));
}

/** True when the marker's `field` (default `key`) equals the inputs' hash now and the output file `done` exists. */
export function isFresh(file: string, key: string, done: string, field = 'key'): boolean {
  const m = readMarker<Record<string, unknown>>(file);
  return !!m && typeof m[field] === 'string' && m[field] === key && fs.existsSync(done);
}

/** The version of a package the repository installed ("none" when it is not), an input of the builds made with it. */
export function installedVersion(pkg: string): string {
  const v = readMarker<{ version?: string }>(path.join(ROOT, 'node_modules', pkg, 'package.json'))?.version;
  return v ?? 'none';
}
