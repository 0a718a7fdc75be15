/**
 * "Observed on this target": what discovery's crawl saw that bears on a pending clause's open
 * questions (conformance/discovery/observations.ts builds it; schema spec/schemas/observations.schema.json).
 * Pure renderers, every text escaped; the verdict of a pending clause stays `untested` whatever
 * is shown here. Types are repeated structurally so report/ does not import discovery/.
 */
import { escapeHtml as esc, escapeMarkdown as cell, printable } from './escape';

export interface ObservedTable { caption: string; columns: string[]; rows: string[][]; more?: number }
export interface ClauseObservation { summary: string; tables: ObservedTable[] }
/** Per pending clause id (P1, R2.1, E3, S4, V5, A6, C7.1, X8, K9.0). */
export type Observations = Record<string, ClauseObservation>;

/** Whether a value read from JSON has the shape of one clause's observation. */
export function isClauseObservation(v: unknown): v is ClauseObservation {
  return !!v && typeof v === 'object' && typeof (v as ClauseObservation).summary === 'string' && Array.isArray((v as ClauseObservation).tables);
}

/**
 * The HTML section for one clause, or '' when the run has no observation for it. Without a clause
 * id: every clause observed, each under its id.
 */
export function renderObservedHtml(observations: Record<string, unknown> | undefined, clauseId?: string): string {
  if (clauseId === undefined) return Object.keys(observations ?? {}).map((id) => { const h = renderObservedHtml(observations, id); return h && `<h3>${esc(id)}</h3>${h}`; }).filter(Boolean).join('\n');
  const o = observations?.[clauseId];
  if (!isClauseObservation(o)) return '';
  const tables = o.tables.map((t) => `<table class="observed"><caption>${esc(t.caption)}</caption>
<thead><tr>${t.columns.map((c) => `<th>${esc(c)}</th>`).join('')}</tr></thead>
<tbody>${t.rows.map((r) => `<tr>${r.map((c) => `<td>${esc(String(c))}</td>`).join('')}</tr>`).join('\n')}</tbody></table>${t.more ? `<p class="muted">… and ${esc(t.more)} more rows (all in conformance.json, key "observed").</p>` : ''}`).join('\n');
  return `<section class="observed"><h4>Observed on this target</h4><p>${esc(o.summary)}</p>${tables}<p class="muted">From discovery's crawl; the verdict stays untested until the open questions are answered. No query values, cookies or form values were recorded.</p></section>`;
}

/** The Markdown section for one clause, or '' when none; without a clause id, every clause observed. */
export function renderObservedMarkdown(observations: Record<string, unknown> | undefined, clauseId?: string): string {
  if (clauseId === undefined) return Object.keys(observations ?? {}).map((id) => { const m = renderObservedMarkdown(observations, id); return m && `### ${cell(id)}\n\n${m}`; }).filter(Boolean).join('\n');
  const o = observations?.[clauseId];
  if (!isClauseObservation(o)) return '';
  const lines = ['**Observed on this target**', '', cell(o.summary), ''];
  for (const t of o.tables) {
    lines.push(printable(t.caption).trim() ? `*${cell(printable(t.caption).trim())}*` : '', '', `| ${t.columns.map(cell).join(' | ')} |`, `|${t.columns.map(() => '---').join('|')}|`);
    for (const r of t.rows) lines.push(`| ${r.map(cell).join(' | ')} |`);
    if (t.more) lines.push('', `… and ${cell(t.more)} more rows (conformance.json, key "observed").`);
    lines.push('');
  }
  return lines.join('\n');
}
