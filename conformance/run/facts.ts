import type { Mode } from '../../spec/clauses';
import type { AccessFacts } from './access';
import type { BrowserFacts, ProfileRef, Run, TargetFacts } from './model';
import type { SlowFactor } from './slow';

/**
 * Run facts travel inside the test results: each worker attaches one JSON of this shape to the
 * first test it runs (conformance/setup/run-facts.ts). Every shard runs tests in workers, and
 * Playwright keeps attachments in blob reports, so `playwright merge-reports` on any machine hands
 * the reporter the targets, build ids, browser, profile and shard identity of every shard, and the
 * reporter can tell which shard is missing.
 */
export const FACTS_ATTACHMENT = 'conformance-run-facts';
export const FACTS_CONTENT_TYPE = 'application/vnd.conformance-run-facts+json';

export interface RunFacts {
  mode: Mode;
  url: string;
  reference: boolean;
  otherBuildUrl?: string;
  profile: ProfileRef;
  probe?: TargetFacts;
  /** window.next.version as the page exposes it, when it does. */
  frameworkVersion?: string;
  browser: BrowserFacts & { name: string };
  gateScope: Run['gateScope'];
  /** Playwright's --shard of the run that produced these facts, or null when not sharded. */
  shard: { current: number; total: number } | null;
  startedAt: string;
  /** The harness's patience in this run: the factor its own bounds were multiplied by, and where it came from (slow.ts). */
  slow?: SlowFactor;
  /** What discovery observed on the target for the pending clauses, when the run crawled it (so a merge of shards keeps it). */
  observations?: Record<string, unknown>;
  /** The run's trust and credentials' facts (run/access.ts): no secret. */
  access?: AccessFacts;
}

export function parseFacts(body: Buffer | string): RunFacts | undefined {
  try {
    const f = JSON.parse(body.toString()) as RunFacts;
    return f && typeof f.mode === 'string' && typeof f.url === 'string' ? f : undefined;
  } catch {
    return undefined;
  }
}

export interface ShardCheck {
  /** Shards the results came from (1-based), and how many the run was split into. */
  seen: number[];
  total: number;
  missing: number[];
}

/** The blob report's file name of a shard (playwright.config.ts), and the shard read back from it. */
export const blobFileName = (s: { current: number; total: number }): string => `report-${s.current}-of-${s.total}.zip`;
const BLOB_NAME = /^report-(\d+)-of-(\d+)\.zip$/;

/**
 * Which shards are missing from a set of facts. Facts without a shard mean an unsharded run
 * (nothing can be missing); mixed totals are reported as every shard of the larger total missing
 * that was not seen. `blobs`, the merged folder's file names: a shard whose selection held no test
 * carries no facts, but its blob report is there.
 */
export function checkShards(facts: RunFacts[], blobs: string[] = []): ShardCheck | undefined {
  const fromBlobs = blobs.flatMap((b) => { const m = BLOB_NAME.exec(b); return m ? [{ current: Number(m[1]), total: Number(m[2]) }] : []; });
  const sharded = [...facts.flatMap((f) => (f.shard ? [f.shard] : [])), ...fromBlobs];
  if (!sharded.length) return undefined;
  const total = Math.max(...sharded.map((s) => s.total));
  const seen = [...new Set(sharded.map((s) => s.current))].sort((a, b) => a - b);
  const missing: number[] = [];
  for (let i = 1; i <= total; i++) if (!seen.includes(i)) missing.push(i);
  return { seen, total, missing };
}

/** Gate reasons for missing shards, one per shard. */
export function shardReasons(check: ShardCheck | undefined): string[] {
  if (!check) return [];
  return check.missing.map((n) => `shard ${n} of ${check.total} is missing from the merged results (only shard${check.seen.length === 1 ? '' : 's'} ${check.seen.join(', ')} found): its clauses were not run, so the gate cannot pass`);
}

/** One fact set per mode: the first seen wins (every shard reports the same target), unless a later one has the framework version it lacks. */
export function factsByMode(facts: RunFacts[]): Map<Mode, RunFacts> {
  const out = new Map<Mode, RunFacts>();
  for (const f of facts) if (!out.has(f.mode) || (f.frameworkVersion && !out.get(f.mode)!.frameworkVersion)) out.set(f.mode, f);
  return out;
}
