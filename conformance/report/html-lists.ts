import { ABOUT_FILE } from './about';
import { expectedVerdicts } from './answer';
import { escapeHref as href, escapeHtml as esc } from './escape';
import { badge, linkOf } from './html-bits';
import type { Report, Verdict } from './model';

/** The report page's lists beside the clauses: the expected verdicts, the known deviations, the legend. */



/** The verdicts that were not passed but expected: apart from failures, each with its reason and link. */
export function expectedHtml(r: Report): string {
  if (!r.expectations) return '';
  const items = expectedVerdicts(r).map(({ clause, mode: m, e }) => `<li><a href="#${esc(clause)}"><code>${esc(e.of)}</code></a> (${esc(m)}) ${badge(e.observed)} <span class="badge expected">expected</span> ${esc(e.reason)}${linkOf(e)}${e.source ? ` <span class="muted">(${esc(e.source)})</span>` : ''}</li>`);
  const unused = r.expectations.unused.map((e) => `<li><code>${esc(e.clause)}</code>${e.mode ? ` (${esc(e.mode)})` : ''} ${esc(e.verdict)}: ${esc(e.reason)}${e.source ? ` <span class="muted">(${esc(e.source)})</span>` : ''}</li>`);
  return `<details class="expected-list" open><summary>Expected verdicts — accepted by the team or known deviations of the framework, not counted against the gate (${items.length})</summary>
<p class="muted">Expectations from ${r.expectations.sources.map((x) => esc(x)).join(', ')}. A verdict other than the expected one fails the gate, a pass included.</p>
${items.length ? `<ul>${items.join('')}</ul>` : '<p>None of this run\'s verdicts needed one.</p>'}
${unused.length ? `<p class="muted">Expectations that applied to nothing judged in this run (mode not run, or outside the selection):</p><ul class="muted">${unused.join('')}</ul>` : ''}</details>`;
}

/** Failures that the table of the detected framework version knows ("a known deviation of Next 16.4: …"), outside expectations. */
export function knownHtml(r: Report): string {
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
export function legendHtml(): string {
  const rows: [string, string][] = [
    ['passed', 'every part of the clause that applies in this mode was observed at least once, and every observation agreed with the quoted text'],
    ['failed', 'an observation of this site contradicts the quoted text; the reason says what was expected and what was seen'],
    ['cantTell', 'an observation could not complete (a bounded wait ran out, a timeout, a navigation error, on the last attempt; or a test that saw a contradiction once and then passed); the reason names what was pending'],
    ['untested', 'what the clause needs is not there, or the clause is pending. Of three kinds: not observable on this deployment (its delivery mode cannot show it), not on this site (the site has no such subject, named), not set up by the run (a profile entry that does not work, a page that did not answer: the only kind with a fix). Never counted as passed'],
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

