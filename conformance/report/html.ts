import type { Report, Verdict } from './model';
import { escapeHref as href, escapeHtml as esc } from './escape';
import { ABOUT_FILE } from './about';
import { coverageOf, verdictCounts } from './coverage';
import { headlineHtml } from './html-headline';
import { badge } from './html-bits';
import { clauseRow } from './html-clause';
import type { EvidenceReader } from './html-evidence';
import { expectedHtml, knownHtml, legendHtml } from './html-lists';
import { CSS, SCRIPT } from './html-style';
import { seconds } from '../../launcher/format';
import { patienceHtml, retriedHtml } from './retries';
import { describeAccess } from '../run/access';

/**
 * One self-contained HTML page (inline CSS and a few lines of script, nothing fetched but the
 * evidence beside it) that an auditor reads offline: the answer first (html-headline.ts), the run,
 * one row per clause with its spec text and verdict per mode, filters by verdict and mode, the
 * evidence of what did not pass in the page (html-evidence.ts), pending clauses with their open questions.
 */
export function renderHtml(r: Report, reader: EvidenceReader = {}): string {
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
${totalsHtml(r)}
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
${r.clauses.map((c) => clauseRow(c, r.modes, r.observed, reader)).join('\n')}
</table>
</section>
${legendHtml()}
</main>
<script>${SCRIPT}</script>
</body></html>
`;
}

const VERDICT_ORDER: Verdict[] = ['passed', 'failed', 'cantTell', 'untested', 'inapplicable'];

/**
 * Verdicts per mode, as the headline counts them: the normative clauses of the gate's scope (those
 * outside a selection apart), the pending clauses counted apart, never as untested.
 */
function totalsHtml(r: Report): string {
  const cov = coverageOf(r);
  const rows = cov.modes.map((c) => [c.mode, verdictCounts(r, c)] as const);
  const all = Object.fromEntries(VERDICT_ORDER.map((v) => [v, rows.reduce((s, [, n]) => s + n[v], 0)])) as Record<Verdict, number>;
  const expected = (m: string) => (r.expectations ? `<td>${esc((r.expectations.expected as Record<string, number>)[m] ?? 0)}</td>` : '');
  return `<div class="scroll"><table class="totals"><caption>Verdicts per mode (normative clauses, as in the headline)</caption>
<thead><tr><th scope="col">Mode</th>${VERDICT_ORDER.map((v) => `<th scope="col">${badge(v)}</th>`).join('')}<th scope="col">pending</th>${r.expectations ? `<th scope="col"><span class="badge expected">expected</span> <span class="muted">of those</span></th>` : ''}</tr></thead>
<tbody>${[...rows, ['all', all] as const].map(([m, n]) => `<tr><th scope="row">${esc(m)}</th>${VERDICT_ORDER.map((v) => `<td>${esc(n[v])}</td>`).join('')}<td>${esc(m === 'all' ? cov.pending * r.modes.length : cov.pending)}</td>${expected(m)}</tr>`).join('')}</tbody></table></div>
<p class="muted">Pending: clauses the spec marks “not shown”, counted apart, never judged. Informative clauses are not counted.</p>`;
}
