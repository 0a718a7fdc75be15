import type { Mode } from '../spec/clauses';
import type { Report } from '../conformance/report/model';
import type { Verdict } from '../conformance/outcome/verdict';

/**
 * What a run against fixtures/nothing-to-judge must give: every normative clause, in
 * every mode judged, `untested` or `inapplicable` with a reason that names what is missing — no
 * `passed` (a pass over nothing), no `failed` (a fault found on no page of the site), no `cantTell`.
 * Pure (unit-tested); selftest/nothing-to-judge.ts runs the suite and hands the report here.
 */
export interface ClauseLine { clause: string; mode: Mode; verdict: Verdict; reason: string; ok: boolean; why?: string }

/** A reason names something when it says more than its verdict word: a page, a scenario, a part, a request. */
export function namesSomething(reason: string | undefined): boolean {
  const r = (reason ?? '').trim();
  return r.length >= 12 && !/^(untested|inapplicable|skipped)\.?$/i.test(r);
}

export function checkNothingToJudge(report: Pick<Report, 'clauses' | 'modes'>): ClauseLine[] {
  const lines: ClauseLine[] = [];
  for (const row of report.clauses.filter((c) => c.kind === 'normative')) {
    for (const mode of report.modes) {
      const res = row.results[mode];
      if (!res) {
        if (row.modes.includes(mode)) lines.push({ clause: row.id, mode, verdict: 'untested', reason: '', ok: false, why: 'no result in the report' });
        continue;
      }
      const reason = res.reason ?? '';
      const allowed = res.verdict === 'untested' || res.verdict === 'inapplicable';
      const why = !allowed ? `${res.verdict}: a site with nothing to judge gives only untested or inapplicable`
        : !namesSomething(reason) ? 'its reason names nothing that is missing' : undefined;
      lines.push({ clause: row.id, mode, verdict: res.verdict, reason, ok: !why, ...(why ? { why } : {}) });
    }
  }
  return lines;
}

/** "static: 0 passed, 0 failed, 12 untested, 1 inapplicable". */
export function tally(lines: ClauseLine[], mode: Mode): string {
  const of = (v: Verdict) => lines.filter((l) => l.mode === mode && l.verdict === v).length;
  return `${mode}: ${of('passed')} passed, ${of('failed')} failed, ${of('cantTell')} cantTell, ${of('untested')} untested, ${of('inapplicable')} inapplicable`;
}
