import { describeSlow } from '../run/slow';
import { escapeHtml as esc, escapeMarkdown as md } from './escape';
import type { Report, TestRecord } from './model';

/**
 * The run facts and test notes of a slow or busy runner in the report: the harness's patience (the factor its
 * own bounds were multiplied by, and where it came from) and every test that was tried again and
 * whose retry passed — what the first attempt saw, the machine then, whose it was and how the test
 * is counted (outcome/classify.ts) — so an auditor tells a flake of the runner from one of the site.
 */
export interface Retried { clause: string; mode: string; test: TestRecord }

export function retriedTests(r: Report): Retried[] {
  return r.clauses.flatMap((c) => r.modes.flatMap((mode) => (c.results[mode]?.tests ?? []).filter((t) => t.retry).map((test) => ({ clause: c.id, mode, test }))));
}

/** "Harness patience" in words, for the header. */
export function patienceLine(r: Report): string {
  return `${describeSlow(r.slow)}. The spec's own times (3.8 s, 30 s, 5 minutes) are never scaled: they run on the page's fake clock.`;
}

/** The HTML header's row. */
export function patienceHtml(r: Report): string {
  return `<dt>Harness patience</dt><dd>${esc(patienceLine(r))}</dd>`;
}

/** The label and words beside one test that was tried again. */
export function retryHtml(t: TestRecord): string {
  if (!t.retry) return '';
  const label = t.retry.counted === 'passed' ? 'passed on retry' : 'flaky';
  return `<br><span class="badge ${t.retry.counted === 'passed' ? 'expected' : 'unexpected'}">${label}</span> <span class="muted">first attempt: ${esc(t.retry.first.verdict)} (${t.retry.cause === 'harness' ? 'the runner\'s' : 'possibly the site\'s'})</span>`;
}

/** The list of tests tried again, apart, under the run's facts. */
export function retriedHtml(r: Report): string {
  const all = retriedTests(r);
  if (!all.length) return '';
  return `<details class="reasons" open><summary>Tried again (${all.length}): what the first attempt saw, and whose it was</summary><ul>${all.map(({ clause, mode, test }) => `<li><strong>${esc(clause)}</strong> (${esc(mode)}) ${esc(test.title)} — counted <strong>${esc(test.retry!.counted)}</strong>${retryHtml(test)}<br><span class="muted">${esc(test.retry!.why)}</span></li>`).join('')}</ul></details>`;
}

/** The Markdown lines: the patience under the targets, and the tests tried again. */
export function patienceMarkdown(r: Report): string {
  return `- harness patience: ${md(patienceLine(r))}`;
}

export function retriedMarkdown(r: Report): string[] {
  const all = retriedTests(r);
  if (!all.length) return [];
  return ['', `### Tried again (${all.length}): what the first attempt saw, and whose it was`, '',
    ...all.map(({ clause, mode, test }) => `- **${md(clause)}** (${md(mode)}) ${md(test.title)} — counted **${test.retry!.counted === 'passed' ? 'passed on retry' : 'cantTell (flaky)'}** (${test.retry!.cause === 'harness' ? 'the runner\'s' : 'possibly the site\'s'}): ${md(test.retry!.why)}`)];
}
