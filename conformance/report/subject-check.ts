import { total, type Count } from '../outcome/subject';

/**
 * A pass needs its subject, checked on a written report: no clause, and no part, is `passed` with
 * nothing counted beside it (outcome/subject.ts). judgeClause already refuses such a pass; this
 * reads the report JSON as an auditor gets it, so a report written by another version of the
 * suite, or edited, is caught too. The matrix runs it on every column's report (matrix/cli.ts).
 */
export interface ReportWithCounts {
  schemaVersion?: string;
  clauses: {
    id: string;
    kind?: string;
    results: Partial<Record<string, { verdict: string; observed?: readonly Count[]; parts?: { id: string; verdict: string; observed?: readonly Count[] }[] }>>;
  }[];
}

/** Each `passed` clause or part with a zero count, as "R2.6/addresses (static)" (of one mode, if given); [] when there is none. */
export function passedWithoutSubject(report: ReportWithCounts, only?: string): string[] {
  const out: string[] = [];
  for (const c of report.clauses) {
    for (const [mode, r] of Object.entries(c.results)) {
      if (!r || (only && mode !== only)) continue;
      if (r.verdict === 'passed' && total(r.observed) === 0) out.push(`${c.id} (${mode})`);
      for (const p of r.parts ?? []) if (p.verdict === 'passed' && total(p.observed) === 0) out.push(`${c.id}/${p.id} (${mode})`);
    }
  }
  return out;
}

/** One sentence for a report that breaks the rule (in one mode, if given), or undefined when it keeps it. */
export function subjectCheckMessage(report: ReportWithCounts, name = 'the report', mode?: string): string | undefined {
  const bad = passedWithoutSubject(report, mode);
  if (!bad.length) return undefined;
  return `${name} has ${bad.length} passed clause(s) or part(s) with nothing observed beside them (a pass needs its subject): ${bad.slice(0, 8).join(', ')}${bad.length > 8 ? ` and ${bad.length - 8} more` : ''}`;
}
