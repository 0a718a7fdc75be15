/** Verdicts of a report, clause by clause and part by part, in one mode. */
import type { Report } from '../conformance/report/model';

export type Verdicts = Map<string, string>;

export function verdictsOf(report: Report, mode: 'static' | 'server'): Verdicts {
  const out: Verdicts = new Map();
  for (const c of report.clauses) {
    const r = c.results[mode];
    if (!r) continue;
    out.set(c.id, r.verdict);
    for (const p of r.parts ?? []) out.set(`${c.id}/${p.id}`, p.verdict);
  }
  return out;
}
