import { escapeHtml as esc } from './escape';
import { answerOf, notJudgedByKind, type AnswerItem } from './answer';
import { NOT_JUDGED_WORDS } from '../outcome/verdict';
import { coverageLine, coverageOf } from './coverage';
import { gateWords, short } from './headline';
import { badge } from './html-bits';
import { partAnchor } from './html-clause';
import { thumbnailHtml, traceHtml } from './html-evidence';
import type { Report } from './model';

/**
 * The top of conformance.html, the answer first: the gate; per mode what was judged (the failed
 * clauses named, and each clause not judged with what it lacks); the pending clauses counted apart;
 * the every-page sample of a large site; then the failures and cantTell, one line each with the
 * screenshot and the trace of the observation; what was not judged, under its kind's heading and by why; the warnings;
 * what was accepted.
 */
export function headlineHtml(r: Report): string {
  const cov = coverageOf(r);
  const modes = cov.modes.map((c) => {
    const failed = c.failedIds.map((id) => `<li><a href="#${esc(id)}"><code>${esc(id)}</code></a> ${badge('failed')}${c.failedExpected.some((x) => x.id === id) ? ` <span class="badge expected">${esc(c.failedExpected.find((x) => x.id === id)!.expected)}</span>` : ''}</li>`);
    const not = c.notJudged.map((n) => `<li><a href="#${esc(n.id)}"><code>${esc(n.id)}</code></a> ${esc(n.verdict)}${n.kind ? ` <span class="muted">(${esc(NOT_JUDGED_WORDS[n.kind])})</span>` : ''}${n.expected ? ` <span class="badge expected">${esc(n.expected)}</span>` : ''}: ${esc(n.lacks)}</li>`);
    const list = [...failed, ...not];
    return `<li><strong>${esc(c.mode)}</strong>${c.url ? ` <span class="muted">${esc(c.url)}</span>` : ''}: ${esc(coverageLine(c))}${list.length ? `<ul>${list.join('')}</ul>` : ''}</li>`;
  });
  const pending = cov.pending ? [`<li>pending: ${cov.pending} clauses the spec marks “not shown” — counted apart, never judged</li>`] : [];
  const sampled = (r.sampled ?? []).map((s) => `<li>${esc(s.mode)}: the every-page clauses checked ${esc(s.checked)} of the ${esc(s.found.toLocaleString('en-US'))} pages found (${esc(s.how)})</li>`);
  return `<p class="gate ${r.gate.passed ? 'ok' : 'bad'}">${esc(gateWords(r).replace(/^gate/, 'Gate'))} <span class="muted">(scope: ${r.gate.scope === 'all' ? 'all clauses' : 'clauses selected in this run'})</span></p>
<ul class="coverage">${[...modes, ...pending, ...sampled].join('')}</ul>
${answerHtml(r)}`;
}

const anchor = (x: AnswerItem) => (!x.of ? '' : x.of.includes('/') && x.mode ? partAnchor(x.of, x.mode) : x.clause);

/** One line of the answer: what was expected and seen, linked to the clause's row, with its evidence. */
function itemHtml(x: AnswerItem): string {
  const rest = x.of && x.line.startsWith(`${x.of} `) ? x.line.slice(x.of.length + 1) : x.line;
  const of = x.of ? `<a href="#${esc(anchor(x))}"><code>${esc(x.of)}</code></a> ` : '';
  const shot = x.screenshot ? `<br>${thumbnailHtml(x.screenshot, `screenshot of ${x.of} (${x.mode ?? ''})`)}` : '';
  return `<li class="${esc(x.verdict ?? 'run')}">${of}${esc(rest)}${shot}${x.trace ? traceHtml(x.trace) : ''}</li>`;
}

function answerHtml(r: Report): string {
  const a = answerOf(r);
  const out: string[] = [];
  if (a.problems.length) out.push(`<h2 id="failures">Failed and cantTell (${a.problems.length})</h2><ol class="answer">${a.problems.map(itemHtml).join('')}</ol>`);
  if (a.notJudged.length) {
    const n = a.notJudged.reduce((s, g) => s + g.items.length, 0);
    const kinds = notJudgedByKind(a.notJudged, (g) => g.items.length).map((k) => `<h4 id="not-judged-${k.kind}">${esc(k.heading)} (${k.n})</h4><ul>${k.groups.map((g) => `<li>${esc(g.why)}: ${g.items.map((x) => `<a href="#${esc(anchor(x))}">${esc(x.line)}</a>`).join(', ')}</li>`).join('')}</ul>`);
    out.push(`<div class="notjudged"><h3 id="not-judged">Not judged (${n}), by kind</h3>${kinds.join('')}</div>`);
  }
  const warnings = r.gate.warnings ?? [];
  if (warnings.length) out.push(`<details class="reasons warnings" open><summary>Warnings, not failing the gate (${warnings.length})</summary><ul>${warnings.map((x) => `<li title="${esc(x)}">${esc(short(x))}</li>`).join('')}</ul></details>`);
  if (a.accepted.length) out.push(`<div class="notjudged"><h3 id="accepted">Accepted, not counted against the gate (${a.accepted.length})</h3><ul>${a.accepted.map((x) => `<li><a href="#${esc(anchor(x))}"><code>${esc(x.of)}</code></a> ${esc(x.line.slice(x.of.length + 1))}</li>`).join('')}</ul></div>`);
  return out.join('\n');
}
