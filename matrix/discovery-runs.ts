/**
 * Reads two finished runs of one target — with a hand-written profile, and without (discovery) —
 * from their report folders and compares them (discovery-compare.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLAUSES } from '../spec/clauses';
import { readDiscovery } from '../conformance/discovery/store';
import type { TargetProfile } from '../conformance/run/profile';
import type { ClauseLike, ReportLike } from './cells';
import { compareScenarios, compareVerdicts, type DiscoveryComparison } from './discovery-compare';
import type { Mode } from './model';

export interface RunFolder { report: ReportLike & { durationMs?: number }; profile: TargetProfile; discovery?: { unfilled?: { scenario: string; need: string }[]; crawl?: { durationMs?: number; followUpMs?: number }; pages?: unknown[] } }

/** The report, the profile the run used (its run file) and its discovery, from a report folder. */
export function readRunFolder(dir: string, mode: Mode): RunFolder {
  const json = join(dir, 'conformance.json');
  const runFile = join(dir, '.run', 'run.json');
  if (!existsSync(json) || !existsSync(runFile)) throw new Error(`${dir} holds no finished run (conformance.json and .run/run.json): give the --out folder of a finished npm run conformance.`);
  const run = JSON.parse(readFileSync(runFile, 'utf8')) as { targets: { mode: Mode; profile: { content: TargetProfile } }[] };
  const target = run.targets.find((t) => t.mode === mode);
  if (!target) throw new Error(`The run in ${dir} has no ${mode} target.`);
  const discovery = readDiscovery(join(dir, '.run'));
  return {
    report: JSON.parse(readFileSync(json, 'utf8')) as RunFolder['report'],
    profile: target.profile.content,
    ...(discovery ? { discovery } : {}),
  };
}

/** The comparison of two finished runs of one target in one mode. */
export function compareRunFolders(id: string, mode: Mode, profileDir: string, discoveryDir: string): DiscoveryComparison {
  const withProfile = readRunFolder(profileDir, mode);
  const without = readRunFolder(discoveryDir, mode);
  const scenarios = compareScenarios(withProfile.profile, without.profile, without.discovery?.unfilled ?? [], mode);
  const crawl = without.discovery?.crawl;
  return {
    id, mode,
    verdicts: compareVerdicts(withProfile.report, without.report, mode, CLAUSES as unknown as ClauseLike[], scenarios),
    scenarios,
    ...(crawl?.durationMs !== undefined ? { crawl: { pages: without.discovery?.pages?.length ?? 0, seconds: crawl.durationMs / 1000, ...(crawl.followUpMs !== undefined ? { followUpSeconds: crawl.followUpMs / 1000 } : {}) } } : {}),
    seconds: { profile: (withProfile.report.durationMs ?? 0) / 1000, discovery: (without.report.durationMs ?? 0) / 1000 },
  };
}

