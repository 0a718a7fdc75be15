import { describeCounts, type Count } from '../outcome/subject';
import type { WayVerdict } from '../outcome/clause-verdict';
import type { ClauseResult, ClauseRow, Report, TestRecord, Verdict } from './model';
import { renderObservedHtml } from './observed';
import { escapeHref as href, escapeHtml as esc } from './escape';
import { ABOUT_FILE } from './about';
import { headlineHtml } from './html-headline';
import { seconds } from '../../launcher/format';
import { patienceHtml, retriedHtml, retryHtml } from './retries';
import { describeAccess } from '../run/access';

/**
 * One self-contained HTML page (inline CSS and a few lines of script, nothing fetched) that an
 * auditor reads offline: summary, one row per clause with its quoted text and verdict per mode,
 * filters by verdict and mode, evidence linked, pending clauses with their open questions.
 */
export function renderHtml(r: Report): string {
  const title = `Conformance report — ${r.gate.passed ? 'gate passed' : 'gate failed'}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>${CSS}</style></head>
<body>
<header class="top"><div class="wrap">
<h1>Conformance report</h1>
${headlineHtml(r)}
<p class="muted">What the words mean: <a href="#legend">legend</a> · <a href="${ABOUT_FILE}">how to read this report</a></p>
</div></header>
<main class="wrap">
<section aria-labelledby="run-h"><h2 id="run-h">Run</h2>
<dl class="facts">
${r.targets.map((t) => `<dt>${esc(t.mode)} target</dt><dd><a href="${href(t.url)}">${esc(t.url)}</a><br><span class="muted">profile ${esc(t.profile)}${t.framework ? ` · ${esc(t.framework)}${t.frameworkVersion ? ` ${esc(t.frameworkVersion)}` : ''}` : ''}${t.buildId ? ` · build id <code>${esc(t.buildId)}</code>` : ''}${t.deploymentId ? ` · deployment id <code>${esc(t.deploymentId)}</code>` : ''}${t.isThisKind === false ? ` · <strong>not this kind of site</strong>: ${esc(t.kindReason ?? '')}` : ''}</span></dd>`).join('\n')}
<dt>Browser</dt><dd>${esc(r.browser ? `${r.browser.name} ${r.browser.version ?? ''} (${r.browser.source ?? ''})` : 'unknown')}</dd>
${r.access ? `<dt>Access</dt><dd>${esc(describeAccess(r.access) ?? '')}</dd>` : ''}
<dt>Suite</dt><dd>${esc(r.suite.name)} ${esc(r.suite.version)}${r.suite.gitSha ? ` · <code>${esc(r.suite.gitSha.slice(0, 12))}</code>` : ''} · report schema ${esc(r.schemaVersion)}</dd>
<dt>Time</dt><dd>${esc(r.startedAt)} → ${esc(r.finishedAt)} (${esc(seconds(r.durationMs))})</dd>
${patienceHtml(r)}
${r.mutation ? `<dt>Mutation score</dt><dd>${esc((Number(r.mutation.score) * 100).toFixed(0))}% — ${esc(r.mutation.killed)} of ${esc(r.mutation.total)} mutants killed, ${esc(r.mutation.collateral)} collateral failures <span class="muted">(${esc(r.mutation.at)})</span></dd>` : ''}
</dl>
<table class="totals"><caption>Verdicts per mode (clauses)</caption>
<thead><tr><th scope="col">Mode</th>${VERDICT_ORDER.map((v) => `<th scope="col">${badge(v)}</th>`).join('')}${r.expectations ? `<th scope="col"><span class="badge expected">expected</span> <span class="muted">of those</span></th>` : ''}</tr></thead>
<tbody>${[...r.modes, 'all' as const].map((m) => `<tr><th scope="row">${esc(m)}</th>${VERDICT_ORDER.map((v) => `<td>${esc(r.totals[m]?.[v] ?? 0)}</td>`).join('')}${r.expectations ? `<td>${esc(r.expectations.expected[m] ?? 0)}</td>` : ''}</tr>`).join('')}</tbody></table>
${expectedHtml(r)}
${knownHtml(r)}
${retriedHtml(r)}
</section>
<section aria-labelledby="cl-h"><h2 id="cl-h">Clauses</h2>
<form class="filters" aria-label="Filter clauses">
<fieldset><legend>Verdict</legend>${VERDICT_ORDER.map((v) => `<label><input type="checkbox" name="verdict" value="${v}" checked> ${v}</label>`).join(' ')}</fieldset>
<fieldset><legend>Mode</legend><label><input type="radio" name="mode" value="any" checked> any</label>${r.modes.map((m) => ` <label><input type="radio" name="mode" value="${esc(m)}"> ${esc(m)}</label>`).join('')}</fieldset>
<fieldset><legend>Kind</legend>${['normative', 'pending', 'informative'].map((k) => `<label><input type="checkbox" name="kind" value="${k}" checked> ${k}</label>`).join(' ')}</fieldset>
<p class="muted" id="shown" aria-live="polite"></p>
</form>
<table class="clauses">
<thead><tr><th scope="col">Clause</th><th scope="col">Spec text</th>${r.modes.map((m) => `<th scope="col">${esc(m)}</th>`).join('')}</tr></thead>
${r.clauses.map((c) => clauseRow(c, r.modes, r.observed)).join('\n')}
</table>
</section>
${legendHtml()}
</main>
<script>${SCRIPT}</script>
</body></html>
`;
}

const VERDICT_ORDER: Verdict[] = ['passed', 'failed', 'cantTell', 'untested', 'inapplicable'];

/** The gate in one sentence (expected verdicts named apart from failures). */
/** Beside a clause's verdict: "expected", or "unexpected pass" for a pass where an expectation said otherwise. */
function gateLabel(res: ClauseResult): string {
  if (res.gate === 'expected') {
    const preset = (res.expectations ?? []).some((e) => e.source?.startsWith('preset '));
    return preset ? ' <span class="badge expected" title="not passed, as the framework\'s preset expects: not counted against the gate">known deviation</span>'
      : ' <span class="badge expected" title="not passed, as the team\'s expectations say (with their reason): not counted against the gate">accepted</span>';
  }
  if (res.gate === 'unexpected' && res.expectations?.some((e) => e.observed === 'passed' && !e.met)) return ' <span class="badge unexpected" title="an expectation said otherwise: remove it">unexpected pass</span>';
  if (res.gate === 'unexpected' && res.knownDeviations?.length) return ' <span class="badge known" title="a known deviation of the detected framework version">known deviation</span>';
  return '';
}

function linkOf(x: { link?: string; cite?: string[] }): string {
  const cite = x.cite?.length ? ` <span class="muted">${x.cite.map((c) => `<code>${esc(c)}</code>`).join(', ')}</span>` : '';
  return `${cite}${x.link ? ` <a href="${href(x.link)}">source</a>` : ''}`;
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

/** The verdicts that were not passed but expected: apart from failures, each with its reason and link. */
function expectedHtml(r: Report): string {
  if (!r.expectations) return '';
  const items: string[] = [];
  for (const c of r.clauses) {
    for (const m of r.modes) {
      const res = c.results[m];
      if (res?.gate !== 'expected') continue;
      for (const e of res.expectations ?? []) {
        if (e.expected === 'passed') continue;
        items.push(`<li><a href="#${esc(c.id)}"><code>${esc(e.of)}</code></a> (${esc(m)}) ${badge(e.observed)} <span class="badge expected">expected</span> ${esc(e.reason)}${linkOf(e)}${e.source ? ` <span class="muted">(${esc(e.source)})</span>` : ''}</li>`);
      }
    }
  }
  const unused = r.expectations.unused.map((e) => `<li><code>${esc(e.clause)}</code>${e.mode ? ` (${esc(e.mode)})` : ''} ${esc(e.verdict)}: ${esc(e.reason)}${e.source ? ` <span class="muted">(${esc(e.source)})</span>` : ''}</li>`);
  return `<details class="expected-list" open><summary>Expected verdicts — accepted by the team or known deviations of the framework, not counted against the gate (${items.length})</summary>
<p class="muted">Expectations from ${r.expectations.sources.map((x) => esc(x)).join(', ')}. A verdict other than the expected one fails the gate, a pass included.</p>
${items.length ? `<ul>${items.join('')}</ul>` : '<p>None of this run\'s verdicts needed one.</p>'}
${unused.length ? `<p class="muted">Expectations that applied to nothing judged in this run (mode not run, or outside the selection):</p><ul class="muted">${unused.join('')}</ul>` : ''}</details>`;
}

/** Failures that the table of the detected framework version knows ("a known deviation of Next 16.4: …"), outside expectations. */
function knownHtml(r: Report): string {
  const items: string[] = [];
  for (const c of r.clauses) {
    for (const m of r.modes) {
      const res = c.results[m];
      if (!res?.knownDeviations?.length || res.gate === 'expected') continue;
      for (const d of res.knownDeviations) items.push(`<li><a href="#${esc(c.id)}"><code>${esc(d.of)}</code></a> (${esc(m)}): ${esc(d.note)}${d.link ? ` <a href="${href(d.link)}">source</a>` : ''} — to expect it: <code>--expectations ${esc(d.preset)}</code></li>`);
    }
  }
  return items.length ? `<details class="known-list" open><summary>Known deviations of the detected framework version (${items.length})</summary><ul>${items.join('')}</ul></details>` : '';
}

/** What the words mean, on the page itself; the full explanation is the page beside the report (docs/report.md). */
function legendHtml(): string {
  const rows: [string, string][] = [
    ['passed', 'every part of the clause that applies in this mode was observed at least once, and every observation agreed with the quoted text'],
    ['failed', 'an observation of this site contradicts the quoted text; the reason says what was expected and what was seen'],
    ['cantTell', 'an observation could not complete (a bounded wait ran out, a timeout, a navigation error, on the last attempt; or a test that saw a contradiction once and then passed); the reason names what was pending'],
    ['untested', 'what the clause needs is not there (the profile lacks the scenario, a precondition is missing, a part was never observed) or the clause is pending; the reason names what is missing and the fix. Never counted as passed'],
    ['inapplicable', 'the clause or part does not apply to this delivery mode (the reason says why), an optional part is absent, or the clause is informative'],
  ];
  return `<section aria-labelledby="legend-h" id="legend"><h2 id="legend-h">Legend</h2>
<dl class="legend">${rows.map(([v, t]) => `<dt>${badge(v as Verdict)}</dt><dd>${esc(t)}</dd>`).join('')}
<dt><span class="badge expected">accepted</span> <span class="badge expected">known deviation</span></dt><dd>not passed, and exactly as an expectation of this run says: accepted by the team (its file, with the team's reason) or a known deviation of the framework (a preset such as next@16, with the framework's file and line). Shown apart from failures, not counted against the gate; a different verdict fails it.</dd>
<dt><span class="badge unexpected">unexpected pass</span></dt><dd>passed where an expectation said otherwise: the deviation is fixed, so the gate fails until the expectation is removed.</dd>
<dt><span class="badge expected">passed on retry</span> <span class="badge unexpected">flaky</span></dt><dd>tried again after an attempt that did not pass, and the retry passed: the first attempt's words and the machine's load then are shown. It counts passed when that attempt only could not complete its observation (the runner's: nothing it saw contradicted the clause), cantTell when it saw a contradiction (possibly the site's).</dd>
<dt><span class="badge known">known deviation</span></dt><dd>failed, and the matrix's cited table knows this failure for the framework version seen on the target; the note names the framework file and line. It still fails the gate unless expected (<code>--expectations next@&lt;version&gt;</code>).</dd>
</dl>
<p>The gate passes when every applicable normative clause has its expected verdict: <code>passed</code>, unless an expectation says otherwise. More: <a href="${ABOUT_FILE}">how to read this report</a> (docs/report.md of the package).</p>
</section>`;
}

function clauseRow(c: ClauseRow, modes: Report['modes'], observed?: Report['observed']): string {
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
      details.push(`<table class="parts"><caption>Parts (${esc(m)})</caption><tbody>${res.parts.map((p) => `<tr><th scope="row"><code>${esc(c.id)}/${esc(p.id)}</code>${p.optional ? ' <span class="muted">optional</span>' : ''}</th><td>${esc(p.text)}</td><td>${badge(p.verdict)}${p.reason ? `<br><span class="muted">${esc(p.reason)}</span>` : ''}${countLine(p.verdict, p.observed)}</td><td>${waysList(p.ways, p.reason)}</td></tr>`).join('')}</tbody></table>`);
    } else if (res.ways?.length && c.kind === 'normative') {
      details.push(`<p><strong>Ways observed</strong> ${countLine(res.verdict, res.observed)}</p>${waysList(res.ways)}`);
    }
    if (res.advisories?.length) {
      details.push(`<p><strong>Advisory</strong> <span class="muted">(beyond the spec's text; never the verdict)</span></p><ul class="advisory">${res.advisories.map((a) => `<li><span class="st ${a.ok ? 'passed' : 'flaky'}">${a.ok ? 'as usual' : 'note'}</span> ${esc(a.check)}${a.observed ? ` — observed: ${esc(a.observed)}` : ''} <span class="muted">(${esc(a.test)})</span></li>`).join('')}</ul>`);
    }
    if (res.tests.length) details.push(`<ul class="tests">${res.tests.map((t) => testItem(t, shown)).join('')}</ul>`);
  }
  return `<tbody class="clause" data-kind="${esc(c.kind)}" ${data}><tr>
<th scope="row" id="${esc(c.id)}"><span class="id">${esc(c.id)}</span><br>${esc(c.title)}<br><span class="kind ${esc(c.kind)}">${esc(c.kind)}</span></th>
<td><blockquote>${c.quote.map((q) => esc(q)).join('<br>')}</blockquote><span class="muted">${esc(c.section)} · hash <code>${esc(c.hash)}</code></span>
${details.length ? `<details><summary>Details, tests and evidence</summary>${details.join('\n')}</details>` : ''}</td>
${modes.map((m) => `<td class="v">${badge(c.results[m]!.verdict)}${gateLabel(c.results[m]!)}${partSummary(c.results[m]!.parts)}${c.kind === 'normative' && c.results[m]!.observed?.length ? `<br><span class="muted">${esc(describeCounts(c.results[m]!.observed))}</span>` : ''}</td>`).join('')}
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

/** A test with its evidence; its reason only when the parts and ways above have not said it. */
function testItem(t: TestRecord, shown: ReadonlySet<string | undefined>): string {
  const status = t.verdict ?? (t.outcome === 'skipped' ? (t.skipVerdict ?? 'untested') : t.outcome);
  const ev = t.evidence.map((e) => `<a href="${href(e.path)}" title="sha256 ${esc(e.sha256)}">${esc(e.name)}</a>`).join(' · ');
  return `<li><span class="st ${esc(status)}">${esc(status)}</span> ${esc(t.title)} <span class="muted">${esc(t.durationMs)} ms${t.attempts > 1 ? `, ${esc(t.attempts)} attempts` : ''} · ${esc(t.file)}:${esc(t.line)}</span>${retryHtml(t)}${t.reason && !shown.has(t.reason) ? `<br><span class="muted">${esc(t.reason)}</span>` : ''}${t.error ? `<pre>\n${esc(t.error)}</pre>` : ''}${ev ? `<br>evidence: ${ev}` : ''}</li>`;
}

function badge(v: Verdict): string {
  return `<span class="badge ${esc(v)}">${esc(v)}</span>`;
}

const CSS = `
:root{--fg:#1b1f24;--muted:#57606a;--bg:#fff;--line:#d0d7de;--pass:#1a7f37;--fail:#cf222e;--cant:#9a6700;--un:#6e7781;--na:#8c959f}
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
.wrap{max-width:1200px;margin:0 auto;padding:0 16px}.top{background:#f6f8fa;border-bottom:1px solid var(--line);padding:12px 0}
h1{margin:0 0 4px;font-size:1.6rem}h2{margin:24px 0 8px;font-size:1.25rem}h4{margin:12px 0 4px;font-size:1rem}
.gate{margin:0;font-weight:600}.gate.ok{color:var(--pass)}.gate.bad{color:var(--fail)}.muted{color:var(--muted);font-weight:400;font-size:.9em}
.coverage{margin:6px 0 0;padding-left:1.2rem}.coverage ul{margin:2px 0 4px;padding-left:1.2rem;font-size:.92em}.reasons.warnings summary{color:var(--cant)}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}.facts dt{font-weight:600}.facts dd{margin:0}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid var(--line);padding:8px;text-align:left;vertical-align:top}
.totals{width:auto;margin-top:12px}.totals td{text-align:center}caption{text-align:left;font-weight:600;padding:4px 0}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;font-size:.85em;font-weight:600;color:#fff;white-space:nowrap}
.badge.expected{background:#fff;color:var(--cant);border:1px solid var(--cant)}.badge.unexpected{background:#fff;color:var(--fail);border:1px solid var(--fail)}.badge.known{background:#fff;color:var(--un);border:1px solid var(--un)}
.legend{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px}.legend dd{margin:0}.expect{padding-left:18px;font-size:.92em}
.badge.passed{background:var(--pass)}.badge.failed{background:var(--fail)}.badge.cantTell{background:var(--cant)}.badge.untested{background:var(--un)}.badge.inapplicable{background:var(--na);color:#111}
.id{font-family:ui-monospace,monospace;font-size:1.05em}.kind{font-size:.8em;color:var(--muted)}.kind.pending{color:var(--cant)}
blockquote{margin:0 0 4px;padding-left:10px;border-left:3px solid var(--line)}
.clauses th[scope=row]{width:22%}.v{white-space:nowrap}
.filters{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;margin-bottom:8px}fieldset{border:1px solid var(--line);border-radius:6px;padding:4px 10px}legend{font-size:.85em;color:var(--muted)}
.tests{padding-left:18px}.tests li{margin:6px 0}.st{font-weight:600}.st.passed{color:var(--pass)}.st.failed{color:var(--fail)}.st.flaky{color:var(--cant)}.st.untested,.st.inapplicable{color:var(--un)}.st.cantTell{color:var(--cant)}
.ways{margin:0;padding-left:16px;font-size:.9em}.parts{width:auto;margin:4px 0 8px}.parts th,.parts td{padding:4px 8px;font-size:.92em}.parts caption{font-size:.9em}.advisory{padding-left:18px}
pre{white-space:pre-wrap;background:#f6f8fa;padding:8px;border-radius:6px;max-height:240px;overflow:auto;font-size:.85em}
a{color:#0550ae}summary{cursor:pointer;color:#0550ae}.reasons,.expected-list,.known-list{margin-top:12px}
@media (max-width:700px){.clauses th[scope=row]{width:auto}.facts{grid-template-columns:1fr}}
`;

const SCRIPT = `
(function(){var f=document.querySelector('.filters');if(!f)return;
function apply(){var vs=[].slice.call(f.querySelectorAll('input[name=verdict]:checked')).map(function(i){return i.value});
var ks=[].slice.call(f.querySelectorAll('input[name=kind]:checked')).map(function(i){return i.value});
var m=(f.querySelector('input[name=mode]:checked')||{}).value||'any';var n=0,all=document.querySelectorAll('tbody.clause');
all.forEach(function(tb){var modes=m==='any'?Object.keys(tb.dataset).filter(function(k){return k!=='kind'}):[m];
var show=ks.indexOf(tb.dataset.kind)>=0&&modes.some(function(k){return vs.indexOf(tb.dataset[k])>=0});tb.hidden=!show;if(show)n++});
document.getElementById('shown').textContent=n+' of '+all.length+' clauses shown';}
f.addEventListener('change',apply);apply();})();
`;
