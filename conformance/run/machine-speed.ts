import { availableParallelism, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { runSync } from '../../launcher/run-sync';

/**
 * How much slower than the reference machine this one is right now: the bench's own
 * reference work (bench/speed.ts), taken at the start of a run and compared with the figures
 * docs/benchmarks.md was written with. The harness's patience (every bound of its own, never a
 * time the spec names) is multiplied by the factor that comes of it (slow.ts).
 *
 * The compute runs on one thread per core at once, so what it measures is the share of the whole
 * machine a run gets: two busy loops beside it on two cores halve each thread's share, and two runs
 * started together see each other. Process start (`node -e 0`) is measured too: a run's cost is
 * mostly starting runtimes, browsers and renderers. Quiet, it takes about half a second.
 */

/** The figures docs/benchmarks.md was written with (2026-11-26, a quiet copy of the machine kind; bench/speed.ts). */
export const REFERENCE_SPEED = { computeMs: 409, nodeStartMs: 65, from: 'docs/benchmarks.md, 2026-11-26 (a quiet 2-core AMD EPYC copy)' } as const;

/** The measured factor is kept within this range: below 1 would shorten bounds tuned on the reference; above 4, wait longer with --slow. */
export const FACTOR_RANGE = { min: 1, max: 4 } as const;

export interface MachineSpeed {
  /** The reference compute (SHA-256 of 256 MiB + a 50-million-step loop), run on `threads` threads at once: their mean, ms. */
  computeMs: number;
  threads: number;
  /** `node -e 0`, start to exit: the median of 3, ms. */
  nodeStartMs: number;
  /** Each against REFERENCE_SPEED (1 = as fast as the reference machine). */
  computeRatio: number;
  nodeStartRatio: number;
  /** The 1-minute load average when measured, and the cores it is shared by. */
  load1: number;
  cores: number;
  /** How long the measurement took, ms. */
  tookMs: number;
}

/** The bench's reference work (bench/speed.ts uses the same), as source for a worker thread. */
export const REFERENCE_WORK = `
const { createHash } = require('node:crypto');
const t = performance.now();
const block = Buffer.alloc(1 << 24, 7);
const h = createHash('sha256');
for (let i = 0; i < 16; i++) h.update(block);
h.digest();
let x = 0;
for (let i = 0; i < 5e7; i++) x = (x * 31 + i) | 0;
require('node:worker_threads').parentPort.postMessage({ ms: performance.now() - t, x });
`;

/** The reference work once, on a thread of its own: its milliseconds. */
export function computeOnThread(): Promise<number> {
  return new Promise((resolve, reject) => {
    const w = new Worker(REFERENCE_WORK, { eval: true });
    w.once('message', (m: { ms: number }) => { resolve(m.ms); void w.terminate(); });
    w.once('error', reject);
  });
}

function nodeStart(): number {
  const t = performance.now();
  runSync(process.execPath, ['-e', '0'], { timeoutMs: 30_000 });
  return performance.now() - t;
}

export async function measureMachine(threads = availableParallelism()): Promise<MachineSpeed> {
  const t0 = performance.now();
  const load1 = loadavg()[0];
  const times = await Promise.all(Array.from({ length: threads }, computeOnThread));
  const starts = [nodeStart(), nodeStart(), nodeStart()].sort((a, b) => a - b);
  const computeMs = times.reduce((s, x) => s + x, 0) / times.length;
  const nodeStartMs = starts[1];
  return {
    computeMs: round(computeMs), threads, nodeStartMs: round(nodeStartMs),
    computeRatio: ratio(computeMs / REFERENCE_SPEED.computeMs), nodeStartRatio: ratio(nodeStartMs / REFERENCE_SPEED.nodeStartMs),
    load1: Math.round(load1 * 100) / 100, cores: availableParallelism(), tookMs: round(performance.now() - t0),
  };
}

/** The factor a measurement gives: the larger ratio (patience is cheap, a bound that does not fit is not), rounded up to a tenth, within FACTOR_RANGE. */
export function factorOf(m: Pick<MachineSpeed, 'computeRatio' | 'nodeStartRatio'>): number {
  const raw = Math.max(m.computeRatio, m.nodeStartRatio);
  return clampFactor(Math.ceil(raw * 10 - 1e-9) / 10);
}

export function clampFactor(f: number): number {
  return Math.min(FACTOR_RANGE.max, Math.max(FACTOR_RANGE.min, f));
}

const round = (ms: number) => Math.round(ms);
const ratio = (r: number) => Math.round(r * 100) / 100;
