import type { Report, Verdict } from './model';

const ICON: Record<Verdict, string> = { passed: '✅ passed', failed: '❌ failed', cantTell: '❔ cantTell', inapplicable: '➖ inapplicable', untested: '⏸ untested' };

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
    lines.push(`| ${c.id} | ${c.title}${c.kind === 'pending' ? ' (pending)' : ''} | ${r.modes.map((m) => ICON[c.results[m]!.verdict]).join(' | ')} |`);
  }
  if (!r.gate.passed) {
    lines.push('', 'Gate failures:');
    for (const reason of r.gate.reasons) lines.push(`- ${reason}`);
  }
  lines.push('');
  return lines.join('\n');
}
