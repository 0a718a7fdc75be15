/**
 * A pass needs its subject: every observation records how often the thing a clause or part
 * speaks of was seen (pages, requests, navigations, boundary runs …) and where. "Every X is Y"
 * over zero X is no observation, so a part (or a clause without parts) whose count is zero is
 * `untested`, never `passed`. Pure: used by the harness (obs.saw) and the report (judgeClause).
 */
import type { Count, SubjectNoun } from './count';
import type { Verdict } from './verdict';

export type { Count, SubjectNoun };

const PLURAL: Record<SubjectNoun, string> = {
  page: 'pages', request: 'requests', navigation: 'navigations', 'boundary run': 'boundary runs', answer: 'answers',
  link: 'links', address: 'addresses', asset: 'assets', 'route group': 'route groups', announcement: 'announcements',
  'history step': 'history steps', exception: 'exceptions', post: 'posts', prefetch: 'prefetches',
};

/** Places kept per noun: enough for an auditor to find them again, not a log. */
export const WHERE_KEPT = 5;

/** Adds one sighting of `noun` at `where` to `counts` (in place) and returns it. */
export function addSighting(counts: Count[], noun: SubjectNoun, where: string, n = 1): Count[] {
  let c = counts.find((x) => x.noun === noun);
  if (!c) counts.push((c = { noun, n: 0, where: [] }));
  c.n += n;
  if (!c.where) c.where = [];
  if (c.where.length < WHERE_KEPT && !c.where.includes(where)) c.where.push(where);
  return counts;
}

/** The counts of several observations added together, nouns in first-seen order. */
export function mergeCounts(...lists: readonly (readonly Count[] | undefined)[]): Count[] {
  const out: Count[] = [];
  for (const c of lists.flatMap((l) => l ?? [])) {
    if (c.n <= 0) continue;
    let m = out.find((x) => x.noun === c.noun);
    if (!m) out.push((m = { noun: c.noun, n: 0, where: [] }));
    m.n += c.n;
    for (const w of c.where ?? []) if (m.where!.length < WHERE_KEPT && !m.where!.includes(w)) m.where!.push(w);
  }
  return out;
}

export function total(counts: readonly Count[] | undefined): number {
  return (counts ?? []).reduce((s, c) => s + Math.max(0, c.n), 0);
}

/** "12 pages, 31 requests"; "nothing" for none. */
export function describeCounts(counts: readonly Count[] | undefined): string {
  const xs = (counts ?? []).filter((c) => c.n > 0);
  if (!xs.length) return 'nothing';
  return xs.map((c) => `${c.n} ${c.n === 1 ? c.noun : PLURAL[c.noun]}`).join(', ');
}

/**
 * The rule itself: a `passed` whose subject was counted zero times is `untested`, naming what was
 * missing. Every other verdict stands as it is (a failure observed something; untested and
 * cantTell already say why).
 */
export function requireSubject(verdict: Verdict, counts: readonly Count[] | undefined, subject: string | undefined): { verdict: Verdict; reason?: string } {
  if (verdict !== 'passed' || total(counts) > 0) return { verdict };
  return { verdict: 'untested', reason: `its subject was never observed (${subject ?? 'no test counted what it looked at'}): a check over zero cases is no observation` };
}
