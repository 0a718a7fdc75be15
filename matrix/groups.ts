/**
 * Which columns one suite run judges. An implementation's static build on our static server and its
 * server build under `next start` are each other's "other build" (C7.3), and the suite judges both
 * modes in one run as it does the reference site: one run instead of two saves a CLI, a runner and
 * its workers' starts and browsers. A column on another host (nginx) is judged alone.
 * Pure, so the pairing is tested without servers.
 */
import type { RunPlan } from './versions';

/** The hosts whose runs pair up: the ones `otherBuildUrl` picks as a column's other build. */
export const PAIRING_HOSTS: readonly RunPlan['host'][] = ['serve-handler', 'next-start'];

/**
 * A run's other build: the same implementation's run in the other mode on a pairing host, if it is
 * served. One rule for the column's C7.3 "other build" (judge.ts) and for the pairs judged in one run.
 */
export function otherBuildRun(r: RunPlan, runs: readonly RunPlan[], served: (id: string) => boolean): RunPlan | undefined {
  return runs.find((x) => x.build.mode !== r.build.mode && x.build.implementation === r.build.implementation && served(x.id) && PAIRING_HOSTS.includes(x.host));
}

/** One suite run: one column, or an implementation's static and server columns (in that order). */
export type JudgeGroup = readonly RunPlan[];

/**
 * The served runs in groups, in the runs' order (a group where its first run is): the static run and
 * the server run of one implementation on the pairing hosts together, every other run alone.
 */
export function judgeGroups(runs: readonly RunPlan[], served: (id: string) => boolean): JudgeGroup[] {
  const groups: JudgeGroup[] = [];
  const taken = new Set<string>();
  for (const r of runs) {
    if (!served(r.id) || taken.has(r.id)) continue;
    const other = PAIRING_HOSTS.includes(r.host) ? otherBuildRun(r, runs, served) : undefined;
    const sibling = other && !taken.has(other.id) ? other : undefined;
    const group = !sibling ? [r] : sibling.build.mode === 'static' ? [sibling, r] : [r, sibling];
    for (const x of group) taken.add(x.id);
    groups.push(group);
  }
  return groups;
}

/** The report folder of a group, relative to the matrix folder: the column's id, or the implementation's for a pair. */
export function groupFolder(group: JudgeGroup): string {
  return group.length === 1 ? group[0].id : group[0].build.implementation;
}

/** A group's name in logs and progress lines: "next-16-static + next-16-server". */
export function groupName(group: JudgeGroup): string {
  return group.map((r) => r.id).join(' + ');
}
