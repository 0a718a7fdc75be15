import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { runSync } from '../launcher';
import { ROOT } from '../spec/root';
import { withBuildLock } from '../targets/build-lock';
import { seconds } from '../launcher/format';

export const gzipSize = (buf: Buffer) => zlib.gzipSync(buf, { level: 9 }).length;
export const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
export const ms = (n: number | null) => (n === null ? 'n/a' : `${n.toFixed(1)} ms`);
export const secs = seconds;
export const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' / ');

/**
 * CPU-seconds the whole machine has spent busy so far (user, nice, system, irq, softirq of
 * /proc/stat), undefined off Linux. Differences of it say how much work a run was, whoever did it:
 * the browser's processes, the servers, the runner.
 */
export function machineCpuSeconds(): number | undefined {
  try {
    const [user, nice, system, , , irq, softirq] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return (user + nice + system + irq + softirq) / 100;
  } catch {
    return undefined;
  }
}

/** The machine's CPU-seconds since a reading of machineCpuSeconds(); undefined when either is. */
export function cpuSecondsSince(before: number | undefined): number | undefined {
  const now = machineCpuSeconds();
  return before === undefined || now === undefined ? undefined : now - before;
}

export function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export function log(message: string): void {
  process.stdout.write(`[bench] ${message}\n`);
}

export function nextVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'next', 'package.json'), 'utf8')) as { version: string }).version;
}

/** The shared build lock, held once no other `next build` runs on this machine (timings stay clean). */
export function withQuietBuildLock<T>(fn: () => Promise<T>): Promise<T> {
  return withBuildLock(fn, { timeoutMs: 20 * 60_000, busy: otherBuildRunning, what: 'npm run bench' });
}

/** A bounded probe (pgrep answers at once), not a process this program manages. */
function otherBuildRunning(): boolean {
  return runSync('pgrep', ['-f', 'next build|next/dist/bin/next build']).status === 0;
}

/** Runs `fn` and says how much CPU the whole machine spent meanwhile and the load before → after. */
export async function measured<T>(fn: () => Promise<T>): Promise<{ value: T; cpuS?: number; load: string }> {
  const loadBefore = load();
  const cpuBefore = machineCpuSeconds();
  const value = await fn();
  return { value, cpuS: cpuSecondsSince(cpuBefore), load: `${loadBefore} → ${load()}` };
}

