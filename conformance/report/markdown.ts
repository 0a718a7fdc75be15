import { describeCounts, type Count } from '../outcome/subject';
import type { ClauseResult, Report, Verdict } from './model';
import { renderObservedMarkdown } from './observed';
import { describeAccess } from '../run/access';

const ICON: Record<Verdict, string> = { passed: '✅ passed', failed: '❌ failed', cantTell: '❔ cantTell', inapplicable: '➖ inapplicable', untested: '⏸ untested' };

/** What a verdict rests on, beside it: " · 12 pages, 31 requests". */
function counted(observed: readonly Count[] | undefined): string {
  return observed?.length ? ` · ${describeCounts(observed)}` : '';
}

/** A short table for pull requests. */
export function renderMarkdown(r: Report): string {
  const lines: string[] = [];
  const nExpected = r.expectations?.expected.all ?? 0;
  lines.push(`## Conformance: ${r.gate.passed ? 'gate passed' : 'gate FAILED'}${nExpected ? ` (${nExpected} clause verdict${nExpected === 1 ? '' : 's'} not passed, as expected: known deviations)` : ''}`);
  lines.push('');
  for (const t of r.targets) lines.push(`- **${t.mode}**: ${t.url}${t.reference ? ' (reference site)' : ''}${t.buildId ? ` · build ${t.buildId}` : ''}`);
  if (r.access) lines.push(`- access: ${describeAccess(r.access)}`);
  lines.push(`- totals: ${Object.entries(r.totals.all).filter(([, n]) => n > 0).map(([v, n]) => `${n} ${v}`).join(', ')}`);
  if (r.mutation) lines.push(`- mutation score: ${(r.mutation.score * 100).toFixed(0)}% (${r.mutation.killed}/${r.mutation.total} killed), collateral ${r.mutation.collateral}`);
  lines.push('');
  lines.push(`| Clause | Title | ${r.modes.join(' | ')} |`);
  lines.push(`|---|---|${r.modes.map(() => '---').join('|')}|`);
  for (const c of r.clauses) {
    if (c.kind === 'informative') continue;
    const normative = c.kind === 'normative';
    lines.push(`| ${c.id} | ${c.title}${c.kind === 'pending' ? ' (pending)' : ''} | ${r.modes.map((m) => `${ICON[c.results[m]!.verdict]}${normative && !c.results[m]!.parts?.length ? counted(c.results[m]!.observed) : ''}${mark(c.results[m]!, c.id)}`).join(' | ')} |`);
    // Each part on its own row, so a clause that is untested for want of a part shows which one.
    const ids = [...new Set(r.modes.flatMap((m) => (c.results[m]?.parts ?? []).map((p) => p.id)))];
    for (const id of ids) {
      const cell = (m: (typeof r.modes)[number]) => {
        const p = c.results[m]?.parts?.find((x) => x.id === id);
        return p ? `${ICON[p.verdict]}${p.optional ? ' (optional)' : ''}${counted(p.observed)}${mark(c.results[m]!, `${c.id}/${id}`)}` : '';
      };
      lines.push(`| ${c.id}/${id} | ↳ ${(c.results[r.modes[0]]?.parts ?? c.results[r.modes[r.modes.length - 1]]?.parts ?? []).find((x) => x.id === id)?.text.replace(/\|/g, '\\|') ?? ''} | ${r.modes.map(cell).join(' | ')} |`);
    }
  }
  if (r.observed && Object.keys(r.observed).length) {
    lines.push('', '### Observed on this target (pending clauses: untested, for the spec owner)', '', renderObservedMarkdown(r.observed));
  }
  if (!r.gate.passed) {
    lines.push('', 'Gate failures:');
    for (const reason of r.gate.reasons) lines.push(`- ${reason}`);
  }
  lines.push(...expectedMarkdown(r));
  lines.push('', LEGEND);
  lines.push('');
  return lines.join('\n');
}

/** After a verdict: "(expected)" for a known deviation as expected, "— unexpected pass", "— known deviation". */
function mark(res: ClauseResult, of: string): string {
  const e = res.expectations?.find((x) => x.of === of);
  if (e && !e.met && e.observed === 'passed') return ' — **unexpected pass**';
  if (e && e.met && e.expected !== 'passed') return ' (expected)';
  if (res.knownDeviations?.some((d) => d.of === of) && res.gate !== 'expected') return ' (known deviation)';
  return '';
}

/** Expected verdicts apart from failures, each with its reason and link; then known deviations outside expectations. */
function expectedMarkdown(r: Report): string[] {
  const out: string[] = [];
  const expected: string[] = [];
  const known: string[] = [];
  for (const c of r.clauses) {
    for (const m of r.modes) {
      const res = c.results[m];
      if (!res) continue;
      if (res.gate === 'expected') {
        for (const e of res.expectations ?? []) {
          if (e.expected === 'passed') continue;
          expected.push(`- **${e.of}** (${m}) ${e.observed}, as expected: ${e.reason}${e.cite?.length ? ` (\`${e.cite.join('`, `')}\`)` : ''}${e.link ? ` — [source](${e.link})` : ''}${e.source ? ` · ${e.source}` : ''}`);
        }
      } else {
        for (const d of res.knownDeviations ?? []) known.push(`- **${d.of}** (${m}): ${d.note}${d.link ? ` — [source](${d.link})` : ''}; to expect it: \`--expectations ${d.preset}\``);
      }
    }
  }
  if (r.expectations) {
    out.push('', `### Expected: known deviations, not counted against the gate (${expected.length})`, '', `Expectations from ${r.expectations.sources.join(', ')}. Any other verdict for these fails the gate, a pass included.`, '');
    out.push(...(expected.length ? expected : ['- none of this run\'s verdicts needed one']));
    if (r.expectations.unused.length) {
      out.push('', 'Expectations that applied to nothing judged in this run:');
      for (const e of r.expectations.unused) out.push(`- ${e.clause}${e.mode ? ` (${e.mode})` : ''} ${e.verdict}: ${e.reason}${e.source ? ` · ${e.source}` : ''}`);
    }
  }
  if (known.length) out.push('', '### Known deviations of the detected framework version', '', ...known);
  return out;
}

const LEGEND = '<sub>**passed**: observed at least once, every observation agreed · **failed**: an observation of this site contradicts the quoted text · **cantTell**: an observation could not complete · **untested**: a precondition or part is missing (never counted as passed) · **inapplicable**: not for this delivery mode, or optional and absent · **(expected)**: not passed, as an expectation of this run says: apart from failures, not counted against the gate · **unexpected pass**: passed where an expectation said otherwise: remove it. More: docs/report.md of the spec-conformance package, also beside the report as about-this-report.html.</sub>';
