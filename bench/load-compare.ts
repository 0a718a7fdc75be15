/**
 * The load test's judgement: a report written under load against the quiet one — every
 * clause's and every part's verdict per mode the same — and what the loaded run had to try again.
 * Pure: it reads the two conformance.json files as data.
 */
export interface ReportLike {
  gate: { passed: boolean };
  modes: string[];
  slow?: { factor: number; source: string; machine?: { computeRatio: number; nodeStartRatio: number; load1: number } };
  clauses: {
    id: string;
    results: Record<string, {
      verdict: string;
      parts?: { id: string; verdict: string }[];
      tests: { title: string; outcome: string; attempts: number; retry?: { counted: string; cause: string } }[];
    } | undefined>;
  }[];
}

export interface Comparison {
  /** Clause and part verdicts compared (clause × mode, part × mode). */
  compared: number;
  /** Each verdict that differs from the quiet run, in words. */
  differences: string[];
  /** Clause or part verdicts that are cantTell. */
  cantTell: string[];
  /** Tests Playwright ran more than once (a retry: flaky or failed twice). */
  retried: string[];
  /** Tests whose retry passed after a first attempt that could not complete (counted passed on retry). */
  passedOnRetry: string[];
  gatePassed: boolean;
}

export function compareReports(quiet: ReportLike, loaded: ReportLike): Comparison {
  const out: Comparison = { compared: 0, differences: [], cantTell: [], retried: [], passedOnRetry: [], gatePassed: loaded.gate.passed };
  const byId = new Map(loaded.clauses.map((c) => [c.id, c]));
  for (const q of quiet.clauses) {
    const l = byId.get(q.id);
    for (const mode of quiet.modes) {
      const a = q.results[mode];
      const b = l?.results[mode];
      if (!a) continue;
      out.compared++;
      if (!b) {
        out.differences.push(`${q.id} (${mode}): ${a.verdict} when quiet, not judged under load`);
        continue;
      }
      if (a.verdict !== b.verdict) out.differences.push(`${q.id} (${mode}): ${a.verdict} when quiet, ${b.verdict} under load`);
      const parts = new Map((b.parts ?? []).map((p) => [p.id, p.verdict]));
      for (const p of a.parts ?? []) {
        out.compared++;
        const v = parts.get(p.id);
        if (v !== p.verdict) out.differences.push(`${q.id}/${p.id} (${mode}): ${p.verdict} when quiet, ${v ?? 'not judged'} under load`);
      }
    }
  }
  for (const c of loaded.clauses) {
    for (const mode of loaded.modes) {
      const r = c.results[mode];
      if (!r) continue;
      if (r.verdict === 'cantTell') out.cantTell.push(`${c.id} (${mode})`);
      for (const p of r.parts ?? []) if (p.verdict === 'cantTell') out.cantTell.push(`${c.id}/${p.id} (${mode})`);
      for (const t of r.tests) {
        if (t.attempts > 1 || t.outcome === 'flaky') out.retried.push(`${c.id} (${mode}) ${t.title}`);
        if (t.retry?.counted === 'passed') out.passedOnRetry.push(`${c.id} (${mode}) ${t.title}`);
      }
    }
  }
  return out;
}

/** The verdicts of a report per clause and mode, for the quiet run's line ("static: 15 passed, …"). */
export function totalsLine(r: ReportLike): string {
  return r.modes.map((m) => {
    const n = new Map<string, number>();
    for (const c of r.clauses) {
      const v = c.results[m]?.verdict;
      if (v) n.set(v, (n.get(v) ?? 0) + 1);
    }
    return `${m}: ${[...n].map(([v, k]) => `${k} ${v}`).join(', ')}`;
  }).join(' · ');
}
