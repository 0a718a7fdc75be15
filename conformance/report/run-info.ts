import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Report, TargetInfo } from './model';

/** What global setup learnt about the run's targets and browser, for the reporter's header. */
export interface RunInfo {
  targets: TargetInfo[];
  browser?: Report['browser'];
}

export function readRunInfo(file: string): RunInfo | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as RunInfo;
  } catch {
    return undefined;
  }
}

export function writeRunInfo(file: string, info: RunInfo): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(info, null, 2));
}
