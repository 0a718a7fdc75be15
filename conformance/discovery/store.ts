import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DiscoveryResult } from './types';

/** Where a run keeps its discovery: discovery.json in the run's working folder (run/channel.ts scratchOf). */
export function discoveryFile(scratch: string): string {
  return join(scratch, 'discovery.json');
}

/** Writes the result whole (temporary file, then rename), so a reader never sees half of it. */
export function writeDiscovery(scratch: string, result: DiscoveryResult): string {
  const file = discoveryFile(scratch);
  mkdirSync(scratch, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(result, null, 1)}\n`);
  renameSync(tmp, file);
  return file;
}

/** The discovery kept in a run's working folder, or undefined when the run had none. */
export function readDiscovery(scratch: string): DiscoveryResult | undefined {
  const file = discoveryFile(scratch);
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as DiscoveryResult;
}
