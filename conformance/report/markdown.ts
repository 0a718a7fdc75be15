import { describeCounts, type Count } from '../outcome/subject';
import type { ClauseResult, Report } from './model';
import { gateWords } from './headline';
import { coverageOf, verdictCounts } from './coverage';
import { partWords } from './spec-text';
import { answerMarkdown, icon } from './markdown-answer';
import { renderObservedMarkdown } from './observed';
import { patienceMarkdown, retriedMarkdown } from './retries';
import { describeAccess } from '../run/access';
import { escapeMarkdown as e, markdownCode as code, markdownLink as link } from './escape';
import { notJudgedWords } from '../outcome/verdict';

/** What a verdict rests on, beside it: " · 12 pages, 31 requests". */
function counted(observed: readonly Count[] | undefined): string {
  return observed?.length ? ` · ${e(describeCounts(observed))}` : '';
}

/**
 * conformance.md, also what --summary appends to a CI job summary: the answer first (the gate, what
 * was judged per mode, the failures, what was not judged, what was accepted: markdown-answer.ts), then the rest folded into
 * <details>: targets, the table of every clause and part, the expected verdicts, the legend.
 */
export function renderMarkdown(r: Report): string {
  const lines: string[] = [`## Conformance: ${gateWords(r)}`, '', ...answerMarkdown(r), ''];
  lines.push('<details><summary>Targets, every clause and part with its verdict, expectations</summary>', '');
  for (const t of r.targets) lines.push(`- **${e(t.mode)}**: ${e(t.url)}${t.buildId ? ` · build ${e(t.buildId)}` : ''}${t.profile ? ` · profile ${e(t.profile)}` : ''}`);
  if (r.access) lines.push(`- access: ${e(describeAccess(r.access))}`);
  // Counted as the headline counts: the normative clauses of the gate's scope; the pending ones apart.
  const cov = coverageOf(r);
  for (const c of cov.modes) lines.push(`- ${e(c.mode)} totals: ${Object.entries(verdictCounts(r, c)).filter(([, n]) => n > 0).map(([v, n]) => e(`${n} ${v}`)).join(', ')}${cov.pending ? ` (and ${cov.pending} pending, counted apart)` : ''}`);
  lines.push(patienceMarkdown(r));
  if (r.mutation) lines.push(`- mutation score: ${e(`${(Number(r.mutation.score) * 100).toFixed(0)}% (${r.mutation.killed}/${r.mutation.total} killed), collateral ${r.mutation.collateral}`)}`);
  lines.push('');
  lines.push(`| Clause | Title | ${r.modes.map(e).join(' | ')} |`);
  lines.push(`|---|---|${r.modes.map(() => '---').join('|')}|`);
  for (const c of r.clauses) {
    if (c.kind === 'informative') continue;
    const normative = c.kind === 'normative';
    lines.push(`| ${e(c.id)} | ${e(c.title)}${c.kind === 'pending' ? ' (pending)' : ''} | ${r.modes.map((m) => `${icon(c.results[m]!.verdict)}${kindNote(c.results[m]!)}${normative && !c.results[m]!.parts?.length ? counted(c.results[m]!.observed) : ''}${mark(c.results[m]!, c.id)}`).join(' | ')} |`);
    // Each part on its own row, so a clause that is untested for want of a part shows which one.
    const ids = [...new Set(r.modes.flatMap((m) => (c.results[m]?.parts ?? []).map((p) => p.id)))];
    for (const id of ids) {
      const cell = (m: (typeof r.modes)[number]) => {
        const p = c.results[m]?.parts?.find((x) => x.id === id);
        return p ? `${icon(p.verdict)}${kindNote(p)}${p.optional ? ' (optional)' : ''}${counted(p.observed)}${mark(c.results[m]!, `${c.id}/${id}`)}` : '';
      };
      lines.push(`| ${e(`${c.id}/${id}`)} | ↳ ${e(partWords((c.results[r.modes[0]]?.parts ?? c.results[r.modes[r.modes.length - 1]]?.parts ?? []).find((x) => x.id === id)?.text ?? ''))} | ${r.modes.map(cell).join(' | ')} |`);
    }
  }
  if (r.observed && Object.keys(r.observed).length) {
    lines.push('', '### Observed on this target (pending clauses: untested, for the spec owner)', '', renderObservedMarkdown(r.observed));
  }
  if (!r.gate.passed) {
    lines.push('', `### Why the gate is red, in full (${r.gate.reasons.length})`, '');
    for (const reason of r.gate.reasons) lines.push(`- ${e(reason)}`);
  }
  lines.push(...expectedMarkdown(r));
  lines.push(...retriedMarkdown(r));
  lines.push('', LEGEND, '', '</details>', '');
  return lines.join('\n');
}

/** Whether an expectation is the framework's (a shipped preset: a known deviation) or the team's own (accepted). */
export const isPreset = (source: string | undefined): boolean => !!source?.startsWith('preset ');

/** After a verdict: "(accepted)" or "(known deviation)" when as expected, "— unexpected pass", "— known deviation" not expected. */
function mark(res: ClauseResult, of: string): string {
  const e = res.expectations?.find((x) => x.of === of);
  if (e && !e.met && e.observed === 'passed') return ' — **unexpected pass**';
  if (e && e.met && e.expected !== 'passed') return isPreset(e.source) ? ' (known deviation)' : ' (accepted)';
  if (res.knownDeviations?.some((d) => d.of === of) && res.gate !== 'expected') return ' (known deviation)';
  return '';
}

/** Expected verdicts apart from failures: the team's accepted ones, then the framework's known deviations; each with its reason. */
function expectedMarkdown(r: Report): string[] {
  const out: string[] = [];
  const accepted: string[] = [];
  const expected: string[] = [];
  const known: string[] = [];
  for (const c of r.clauses) {
    for (const m of r.modes) {
      const res = c.results[m];
      if (!res) continue;
      if (res.gate === 'expected') {
        for (const x of res.expectations ?? []) {
          if (x.expected === 'passed') continue;
          (isPreset(x.source) ? expected : accepted).push(`- **${e(x.of)}** (${e(m)}) ${e(x.observed)}: ${e(x.reason)}${x.cite?.length ? ` (${x.cite.map(code).join(', ')})` : ''}${x.link ? ` — ${link('source', x.link)}` : ''}${x.source ? ` · ${e(x.source)}` : ''}`);
        }
      } else {
        for (const d of res.knownDeviations ?? []) known.push(`- **${e(d.of)}** (${e(m)}): ${e(d.note)}${d.link ? ` — ${link('source', d.link)}` : ''}; to expect it: ${code(`--expectations ${d.preset}`)}`);
      }
    }
  }
  if (r.expectations) {
    out.push('', `### Expectations (from ${r.expectations.sources.map(e).join(', ')})`, '', 'Any other verdict for these fails the gate, a pass included.');
    out.push('', `Accepted by the team, not passed (${accepted.length}):`, '', ...(accepted.length ? accepted : ['- none']));
    if (expected.length) out.push('', `Known deviations of the framework, as its preset expects (${expected.length}):`, '', ...expected);
    if (r.expectations.unused.length) {
      out.push('', 'Expectations that applied to nothing judged in this run:');
      for (const x of r.expectations.unused) out.push(`- ${e(x.clause)}${x.mode ? ` (${e(x.mode)})` : ''} ${e(x.verdict)}: ${e(x.reason)}${x.source ? ` · ${e(x.source)}` : ''}`);
    }
  }
  if (known.length) out.push('', '### Known deviations of the detected framework version', '', ...known);
  return out;
}

/** The kind of an untested verdict, beside it: " · not on this site". */
const kindNote = (x: { verdict: string; notJudged?: unknown }): string => {
  const words = notJudgedWords(x);
  return words ? ` · ${words}` : '';
};

const LEGEND = '<sub>**passed**: observed at least once, every observation agreed · **failed**: an observation of this site contradicts the quoted text · **cantTell**: an observation could not complete · **untested**: a precondition or part is missing — not observable on this deployment, not on this site, or not set up by the run (only this kind says what to fix); never counted as passed · **inapplicable**: not for this delivery mode, or optional and absent · **(accepted)**: not passed, as the team\'s expectations say (their reason is given): not counted against the gate · **(known deviation)**: not passed, as the framework\'s preset (next@…) expects · **unexpected pass**: passed where an expectation said otherwise: remove it · **passed on retry**: a first attempt only could not complete its observation (the runner’s), the retry passed; a first attempt that saw a contradiction makes it **cantTell (flaky)** (possibly the site’s): both listed with their words. More: docs/report.md of the spec-conformance package, also beside the report as about-this-report.html.</sub>';
