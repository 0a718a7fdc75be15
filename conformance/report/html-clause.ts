import { describeCounts, type Count } from '../outcome/subject';
import type { WayVerdict } from '../outcome/clause-verdict';
import { anchorOf } from './answer';
import { escapeHref as href, escapeHtml as esc } from './escape';
import { testEvidenceHtml, type EvidenceReader } from './html-evidence';
import { badge, linkOf, permalink } from './html-bits';
import type { ClauseResult, ClauseRow, Report, TestRecord, Verdict } from './model';
import { renderObservedHtml } from './observed';
import { retryHtml } from './retries';
import { partWords, specTextHtml } from './spec-text';
import { notJudgedWords } from '../outcome/verdict';

/** Beside a clause's verdict: "expected", or "unexpected pass" for a pass where an expectation said otherwise. */
export function gateLabel(res: ClauseResult): string {
  if (res.gate === 'expected') {
    const preset = (res.expectations ?? []).some((e) => e.source?.startsWith('preset '));
    return preset ? ' <span class="badge expected" title="not passed, as the framework\'s preset expects: not counted against the gate">known deviation</span>'
      : ' <span class="badge expected" title="not passed, as the team\'s expectations say (with their reason): not counted against the gate">accepted</span>';
  }
  if (res.gate === 'unexpected' && res.expectations?.some((e) => e.observed === 'passed' && !e.met)) return ' <span class="badge unexpected" title="an expectation said otherwise: remove it">unexpected pass</span>';
  if (res.gate === 'unexpected' && res.knownDeviations?.length) return ' <span class="badge known" title="a known deviation of the detected framework version">known deviation</span>';
  return '';
}


/** Under a clause, per mode: each expectation that held, and whether the verdict met it. */
function expectationDetails(res: ClauseResult): string {
  const out: string[] = [];
  for (const e of res.expectations ?? []) {
    out.push(`<li><code>${esc(e.of)}</code> expected ${badge(e.expected)}, observed ${badge(e.observed)} — ${e.met ? 'as expected' : '<strong>not as expected</strong>'}: ${esc(e.reason)}${linkOf(e)}${e.source ? ` <span class="muted">(${esc(e.source)})</span>` : ''}</li>`);
  }
  for (const d of res.knownDeviations ?? []) out.push(`<li><code>${esc(d.of)}</code> ${esc(d.note)}${d.link ? ` <a href="${href(d.link)}">source</a>` : ''} <span class="muted">(preset ${esc(d.preset)})</span></li>`);
  return out.length ? `<ul class="expect">${out.join('')}</ul>` : '';
}


/** A clause's row: its permalink, its spec text, its folded details (open where a mode failed or could not tell), its verdict per mode. */
export function clauseRow(c: ClauseRow, modes: Report['modes'], observed: Report['observed'], reader: EvidenceReader): string {
  const data = modes.map((m) => `data-${esc(m).replace(/[^a-z]/gi, '')}="${esc(c.results[m]!.verdict)}"`).join(' ');
  const details: string[] = [];
  if (c.readings?.length) details.push(`<p><strong>How the text is read</strong></p><ul>${c.readings.map((x) => `<li>${esc(x)}</li>`).join('')}</ul>`);
  if (c.howTested) details.push(`<p><strong>How it is tested.</strong> ${esc(c.howTested)}</p>`);
  if (c.questions?.length) details.push(`<p><strong>Open questions that would settle it</strong></p><ul>${c.questions.map((q) => `<li>${esc(q)}</li>`).join('')}</ul>`);
  if (c.evidenceNeeded?.length) details.push(`<p><strong>Evidence needed</strong></p><ul>${c.evidenceNeeded.map((q) => `<li>${esc(q)}</li>`).join('')}</ul>`);
  if (c.kind === 'pending' && observed?.[c.id]) details.push(renderObservedHtml(observed, c.id));
  for (const m of modes) {
    const res = c.results[m]!;
    if (!res.tests.length && c.kind !== 'normative') continue;
    // A clause with parts: each part's reason is in its row, once (the ways under it say only what differs).
    details.push(`<h4>${esc(m)}: ${badge(res.verdict)}${res.reason && !res.parts?.length ? ` <span class="muted">${esc(res.reason)}</span>` : ''}</h4>`);
    const shown = new Set([res.reason, ...(res.parts ?? []).flatMap((p) => [p.reason, ...(p.ways ?? []).map((w) => w.reason)]), ...(res.ways ?? []).map((w) => w.reason)]);
    details.push(expectationDetails(res));
    if (res.parts?.length) {
      details.push(`<div class="scroll"><table class="parts"><caption>Parts (${esc(m)})</caption><tbody>${res.parts.map((p) => `<tr id="${esc(partAnchor(`${c.id}/${p.id}`, m))}"><th scope="row"><code>${esc(c.id)}/${esc(p.id)}</code>${permalink(partAnchor(`${c.id}/${p.id}`, m), `${c.id}/${p.id} (${m})`)}${p.optional ? ' <span class="muted">optional</span>' : ''}</th><td>${esc(partWords(p.text))}</td><td>${badge(p.verdict)}${kindHtml(p)}${p.reason ? `<br><span class="muted">${esc(p.reason)}</span>` : ''}${countLine(p.verdict, p.observed)}</td><td>${waysList(p.ways, p.reason)}</td></tr>`).join('')}</tbody></table></div>`);
    } else if (res.ways?.length && c.kind === 'normative') {
      details.push(`<p><strong>Ways observed</strong> ${countLine(res.verdict, res.observed)}</p>${waysList(res.ways)}`);
    }
    if (res.advisories?.length) {
      details.push(`<p><strong>Advisory</strong> <span class="muted">(beyond the spec's text; never the verdict)</span></p><ul class="advisory">${res.advisories.map((a) => `<li><span class="st ${a.ok ? 'passed' : 'flaky'}">${a.ok ? 'as usual' : 'note'}</span> ${esc(a.check)}${a.observed ? ` — observed: ${esc(a.observed)}` : ''} <span class="muted">(${esc(a.test)})</span></li>`).join('')}</ul>`);
    }
    if (res.tests.length) details.push(`<ul class="tests">${res.tests.map((t) => testItem(t, shown, reader)).join('')}</ul>`);
  }
  return `<tbody class="clause" data-kind="${esc(c.kind)}" ${data}><tr>
<th scope="row" id="${esc(c.id)}"><span class="id">${esc(c.id)}</span>${permalink(c.id, c.id)}<br>${esc(c.title)}<br><span class="kind ${esc(c.kind)}">${esc(c.kind)}</span></th>
<td>${specTextHtml(c)}<span class="muted">${esc(c.section)} · hash <code>${esc(c.hash)}</code></span>
${details.length ? `<details${modes.some((m) => ['failed', 'cantTell'].includes(c.results[m]!.verdict)) ? ' open' : ''}><summary>Details, tests and evidence</summary>${details.join('\n')}</details>` : ''}</td>
${modes.map((m) => `<td class="v" data-mode="${esc(m)}">${badge(c.results[m]!.verdict)}${kindHtml(c.results[m]!)}${gateLabel(c.results[m]!)}${partSummary(c.results[m]!.parts)}${c.kind === 'normative' && c.results[m]!.observed?.length ? `<br><span class="muted">${esc(describeCounts(c.results[m]!.observed))}</span>` : ''}</td>`).join('')}
</tr></tbody>`;
}

/** What a verdict rests on ("observed on 12 pages, 31 requests"); a passed verdict's reason says it already. */
function countLine(v: Verdict, observed: readonly Count[] | undefined): string {
  if (v === 'passed') return '';
  return `<br><span class="muted">observed on ${esc(describeCounts(observed))}</span>`;
}

/** Each test that observed a part: its verdict, what it counted, why (a way not offered is reported, not required). */
/** The ways a part (or clause) was observed, briefly: a way's reason only where it says more than the part's. */
function waysList(ways: readonly WayVerdict[] | undefined, partReason?: string): string {
  if (!ways?.length) return '';
  return `<ul class="ways">${ways.map((w) => `<li><span class="st ${esc(w.verdict)}">${esc(w.verdict)}</span> ${esc(w.test)} <span class="muted">(${esc(describeCounts(w.observed))})${w.reason && w.verdict !== 'passed' && !partReason?.startsWith(w.reason) ? ` — ${esc(w.reason)}` : ''}</span></li>`).join('')}</ul>`;
}

/** Under a clause's verdict: how many of its applicable parts passed, e.g. "parts 1/5". */
function partSummary(parts: ClauseResult['parts']): string {
  if (!parts?.length) return '';
  const required = parts.filter((p) => !p.optional);
  const passed = required.filter((p) => p.verdict === 'passed').length;
  return `<br><span class="muted">parts ${passed}/${required.length}</span>`;
}

/** A test with its evidence (inline where it did not pass); its reason only when the parts and ways above have not said it. */
function testItem(t: TestRecord, shown: ReadonlySet<string | undefined>, reader: EvidenceReader): string {
  const status = t.verdict ?? (t.outcome === 'skipped' ? (t.skipVerdict ?? 'untested') : t.outcome);
  return `<li><span class="st ${esc(status)}">${esc(status)}</span> ${esc(t.title)} <span class="muted">${esc(t.durationMs)} ms${t.attempts > 1 ? `, ${esc(t.attempts)} attempts` : ''} · ${esc(t.file)}:${esc(t.line)}</span>${retryHtml(t)}${t.reason && !shown.has(t.reason) ? `<br><span class="muted">${esc(t.reason)}</span>` : ''}${t.error ? `<pre>\n${esc(t.error)}</pre>` : ''}${testEvidenceHtml(t, status === 'failed' || status === 'cantTell', reader)}</li>`;
}


/** A part's anchor in one mode: "R2.3-405-static". */
export const partAnchor = (of: string, mode: string): string => `${anchorOf(of)}-${mode}`;



/** The kind of an untested verdict, beside its badge. */
function kindHtml(x: { verdict: string; notJudged?: unknown }): string {
  const words = notJudgedWords(x);
  return words ? ` <span class="muted">${esc(words)}</span>` : '';
}
