import { describeCounts } from '../outcome/subject';
import type { Count } from '../outcome/subject';
import type { Report, Verdict } from './model';
import { renderObservedMarkdown } from './observed';

const ICON: Record<Verdict, string> = { passed: '✅ passed', failed: '❌ failed', cantTell: '❔ cantTell', inapplicable: '➖ inapplicable', untested: '⏸ untested' };

/** What a verdict rests on, beside it: " · 12 pages, 31 requests". */
function counted(observed: readonly Count[] | undefined): string {
  return observed?.length ? ` · ${describeCounts(observed)}` : '';
}

/** A short table for pull requests. */
export function renderMarkdown(r: Report): string {
  const lines: string[] = [];
  lines.push(`## Conformance: ${r.gate.passed ? 'gate passed' : 'gate FAILED'}`);
  lines.push('');
  for (const t of r.targets) lines.push(`- **${t.mode}**: ${t.url}${t.reference ? ' (reference site)' : ''}${t.buildId ? ` · build ${t.buildId}` : ''}`);
  lines.push(`- totals: ${Object.entries(r.totals.all).filter(([, n]) => n > 0).map(([v, n]) => `${n} ${v}`).join(', ')}`);
  if (r.mutation) lines.push(`- mutation score: ${(r.mutation.score * 100).toFixed(0)}% (${r.mutation.killed}/${r.mutation.total} killed), collateral ${r.mutation.collateral}`);
  lines.push('');
  lines.push(`| Clause | Title | ${r.modes.join(' | ')} |`);
  lines.push(`|---|---|${r.modes.map(() => '---').join('|')}|`);
  for (const c of r.clauses) {
    if (c.kind === 'informative') continue;
    const normative = c.kind === 'normative';
    lines.push(`| ${c.id} | ${c.title}${c.kind === 'pending' ? ' (pending)' : ''} | ${r.modes.map((m) => `${ICON[c.results[m]!.verdict]}${normative && !c.results[m]!.parts?.length ? counted(c.results[m]!.observed) : ''}`).join(' | ')} |`);
    // Each part on its own row, so a clause that is untested for want of a part shows which one.
    const ids = [...new Set(r.modes.flatMap((m) => (c.results[m]?.parts ?? []).map((p) => p.id)))];
    for (const id of ids) {
      const cell = (m: (typeof r.modes)[number]) => {
        const p = c.results[m]?.parts?.find((x) => x.id === id);
        return p ? `${ICON[p.verdict]}${p.optional ? ' (optional)' : ''}${counted(p.observed)}` : '';
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
  lines.push('');
  return lines.join('\n');
}
