import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DiscoveryResult } from './types';

/** Where a run keeps its discovery, for the reporter: <out>/.run/discovery.json. */
export function discoveryFile(outDir: string): string {
  return join(outDir, '.run', 'discovery.json');
}

/** Writes the result whole (temporary file, then rename), so a reader never sees half of it. */
export function writeDiscovery(outDir: string, result: DiscoveryResult): string {
  const file = discoveryFile(outDir);
  mkdirSync(join(outDir, '.run'), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(result, null, 1)}\n`);
  renameSync(tmp, file);
  return file;
}

/** The discovery of the run in `outDir`, or undefined when the run had none. */
export function readDiscovery(outDir: string): DiscoveryResult | undefined {
  const file = discoveryFile(outDir);
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as DiscoveryResult;
}
