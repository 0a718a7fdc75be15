import { escapeHtml as esc } from './escape';
import { coverageLine, coverageOf } from './coverage';
import { gateWords, short } from './headline';
import type { Report } from './model';

/**
 * The top of conformance.html, the answer first: the gate; per mode what was judged and what was
 * not (each clause not judged with what it lacks); the pending clauses counted apart; the every-page
 * sample of a large site; every reason the gate is red and every warning, one line each.
 */
export function headlineHtml(r: Report): string {
  const cov = coverageOf(r);
  const modes = cov.modes.map((c) => `<li><strong>${esc(c.mode)}</strong>${c.url ? ` <span class="muted">${esc(c.url)}</span>` : ''}: ${esc(coverageLine(c))}${c.notJudged.length
    ? `<ul>${c.notJudged.map((n) => `<li><a href="#${esc(n.id)}"><code>${esc(n.id)}</code></a> ${esc(n.verdict)}${n.expected ? ` <span class="badge expected">${esc(n.expected)}</span>` : ''}: ${esc(n.lacks)}</li>`).join('')}</ul>` : ''}</li>`);
  const pending = cov.pending ? [`<li>pending: ${cov.pending} clauses the spec marks “not shown” — counted apart, never judged</li>`] : [];
  const sampled = (r.sampled ?? []).map((s) => `<li>${esc(s.mode)}: the every-page clauses checked ${esc(s.checked)} of the ${esc(s.found.toLocaleString('en-US'))} pages found (${esc(s.how)})</li>`);
  const list = (title: string, xs: readonly string[] | undefined, cls: string) => (xs?.length
    ? `<details class="${cls}" open><summary>${esc(title)} (${xs.length})</summary><ul>${xs.map((x) => `<li title="${esc(x)}">${esc(short(x))}</li>`).join('')}</ul><p class="muted">Each in full: in the clause's row below, and in conformance.md.</p></details>` : '');
  return `<p class="gate ${r.gate.passed ? 'ok' : 'bad'}">${esc(gateWords(r).replace(/^gate/, 'Gate'))} <span class="muted">(scope: ${r.gate.scope === 'all' ? 'all clauses' : 'clauses selected in this run'})</span></p>
<ul class="coverage">${[...modes, ...pending, ...sampled].join('')}</ul>
${list('Why the gate is red', r.gate.reasons, 'reasons')}
${list('Warnings, not failing the gate', r.gate.warnings, 'reasons warnings')}`;
}
