/**
 * Pure renderers of the matrix: Markdown (for pull requests) and one self-contained HTML page.
 * Rows = clauses and their parts, columns = runs; each cell shows the verdict, links to that
 * run's conformance report, and is marked when it differs from the expected verdict.
 */
import type { Matrix, MatrixCell, Verdict } from './model';
import { escapeHtml as html } from '../conformance/report/escape';
import { seconds } from '../launcher/format';

const WORD: Record<Verdict, string> = { passed: 'pass', failed: 'FAIL', cantTell: "can't tell", inapplicable: 'n/a', untested: 'untested' };

function cellText(c: MatrixCell | undefined): string {
  if (!c) return '';
  if (c.match === 'not-judged') return '·';
  if (c.match === 'not-reported') return '—';
  const v = WORD[c.verdict!];
  return c.match === 'unexpected' ? `**${v}** ⚠ (expected ${WORD[c.expected!]})` : v;
}

/** The site a column judged (matrix/versions.ts SiteKind), in words and as a header prefix. */
const SITE = { app: 'App Router template', 'pages-router': 'Pages Router template', mixed: 'Pages Router template + app/ (both routers)', ordinary: 'ordinary site on the App Router template, zero-config', 'ordinary-pages': 'ordinary site on the Pages Router template, zero-config', 'docs-pages': 'docs site on the Pages Router, zero-config', blog: 'blog with its own 404 and a foreign analytics script, zero-config', portfolio: 'portfolio on next start, zero-config' } as const;
const SITE_SHORT = { app: '', 'pages-router': 'Pages Router · ', mixed: 'mixed · ', ordinary: 'ordinary · ', 'ordinary-pages': 'ordinary Pages · ', 'docs-pages': 'docs · ', blog: 'blog · ', portfolio: 'portfolio · ' } as const;

const index = (m: Matrix) => new Map(m.cells.map((c) => [`${c.row}\u0000${c.column}`, c]));

export function renderMatrixMarkdown(m: Matrix): string {
  const cells = index(m);
  const lines: string[] = [];
  lines.push('# Implementation matrix', '');
  lines.push(`Generated ${m.generatedAt}${m.suite.gitSha ? ` at ${m.suite.gitSha.slice(0, 10)}` : ''} in ${seconds(m.timings.totalMs, 0)}. ` +
    `${m.totals.expected} cells as expected, **${m.totals.unexpected} unexpected**, ${m.totals['not-reported']} not reported, ${m.totals['not-judged']} not judged.`, '');
  lines.push('Legend: pass / FAIL / untested / n/a (inapplicable) / can\'t tell; ⚠ differs from docs/implementations.md; — not reported by this run; · column not judged.', '');
  const kinds = [...new Set(m.columns.map((c) => c.site ?? 'app'))];
  if (kinds.some((k) => k !== 'app')) lines.push(`Sites: ${kinds.map((k) => `${k} = ${SITE[k]} (${m.columns.filter((c) => (c.site ?? 'app') === k).map((c) => c.id).join(', ')})`).join('; ')}.`, '');
  lines.push(`| Clause | ${m.columns.map((c) => `[${c.id}](${c.report ?? '#'})`).join(' | ')} |`);
  lines.push(`|---|${m.columns.map(() => '---').join('|')}|`);
  for (const r of m.rows) {
    const label = r.part ? `&nbsp;&nbsp;${r.id}` : `**${r.id}** ${r.title}`;
    lines.push(`| ${label} | ${m.columns.map((c) => cellText(cells.get(`${r.id}\u0000${c.id}`))).join(' | ')} |`);
  }
  const broken = m.columns.filter((c) => c.status !== 'judged');
  if (broken.length) {
    lines.push('', '## Columns not judged', '');
    for (const c of broken) lines.push(`- ${c.id}: ${c.status}${c.error ? ` — ${c.error.split('\n')[0]}` : ''}`);
  }
  const unexpected = m.cells.filter((c) => c.match === 'unexpected');
  if (unexpected.length) {
    lines.push('', '## Unexpected cells', '', '| Cell | Run said | Expected | Why expected | Run\'s reason |', '|---|---|---|---|---|');
    for (const c of unexpected) lines.push(`| ${c.row} × ${c.column} | ${c.verdict} | ${c.expected} | ${tableCell(c.because ?? '')} (${(c.cite ?? []).join(', ')}) | ${tableCell((c.reason ?? '').slice(0, 300))} |`);
  }
  return lines.join('\n') + '\n';
}

/** A Markdown table cell: its pipes escaped, on one line. */
function tableCell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export function renderMatrixHtml(m: Matrix): string {
  const cells = index(m);
  const head = m.columns.map((c) => {
    const title = `${c.implementation} · next ${c.next} · ${c.config} · ${SITE[c.site ?? 'app']} · ${c.mode} · ${c.host}${c.status !== 'judged' ? ` · ${c.status}: ${c.error ?? ''}` : ''}`;
    const label = c.report ? `<a href="${html(c.report)}">${html(c.id)}</a>` : html(c.id);
    return `<th class="col ${c.status}" title="${html(title)}">${label}<div class="sub">${html(`${SITE_SHORT[c.site ?? 'app']}${c.host}`)}</div></th>`;
  }).join('');
  const body = m.rows.map((r) => {
    const tds = m.columns.map((col) => {
      const c = cells.get(`${r.id}\u0000${col.id}`);
      if (!c || c.match === 'not-judged') return '<td class="nj">·</td>';
      if (c.match === 'not-reported') return '<td class="nr" title="not reported by this run">—</td>';
      const tip = [`${c.verdict}${c.reason ? `: ${c.reason}` : ''}`, c.expected ? `expected ${c.expected}: ${c.because ?? ''} (${(c.cite ?? []).join(', ')})` : 'no expectation'].join('\n');
      const link = col.report ? `<a href="${html(col.report)}#${html(r.clause)}">${html(WORD[c.verdict!])}</a>` : html(WORD[c.verdict!]);
      const mark = c.match === 'unexpected' ? ` <span class="warn">⚠ exp. ${html(WORD[c.expected!])}</span>` : '';
      return `<td class="v ${c.verdict} ${c.match}" title="${html(tip)}">${link}${mark}</td>`;
    }).join('');
    const label = r.part ? `<span class="part">${html(r.part)}${r.optional ? ' (optional)' : ''}</span> <span class="t">${html(r.title)}</span>` : `<b>${html(r.id)}</b> <span class="t">${html(r.title)}</span>`;
    return `<tr class="${r.part ? 'p' : 'c'}"><th scope="row">${label}</th>${tds}</tr>`;
  }).join('\n');
  const unexpected = m.cells.filter((c) => c.match === 'unexpected');
  const list = unexpected.length
    ? `<h2>Unexpected cells (${unexpected.length})</h2><table class="u"><tr><th>Cell</th><th>Run said</th><th>Expected</th><th>Why expected</th><th>Run's reason</th></tr>${unexpected.map((c) => `<tr><td>${html(c.row)} × ${html(c.column)}</td><td>${html(c.verdict ?? '')}</td><td>${html(c.expected ?? '')}</td><td>${html(c.because ?? '')}<br><code>${html((c.cite ?? []).join(', '))}</code></td><td>${html(c.reason ?? '')}</td></tr>`).join('')}</table>`
    : '<p>Every judged cell is as expected.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Implementation matrix</title>
<style>
body{font-family:system-ui,sans-serif;margin:1.5rem;color:#1b1f24}
table{border-collapse:collapse;font-size:13px}th,td{border:1px solid #d5dae1;padding:3px 6px;vertical-align:top}
thead th{position:sticky;top:0;background:#f6f7f9}th.col .sub{font-weight:normal;color:#667;font-size:11px}
tr.c th[scope=row]{background:#f6f7f9}tr.p th[scope=row]{font-weight:normal;padding-left:1.5em}
.t{color:#445;font-weight:normal}td.v a{color:inherit;text-decoration:none}
td.passed{background:#e3f5e6}td.failed{background:#fde2e1}td.untested{background:#f1f1f1;color:#555}
td.inapplicable{color:#999}td.cantTell{background:#fff3cd}td.unexpected{outline:3px solid #c2410c;outline-offset:-3px}
.warn{color:#c2410c;font-size:11px}td.nr,td.nj{color:#aaa;text-align:center}th.col.judged{}th.col:not(.judged){background:#fde2e1}
</style></head><body>
<h1>Implementation matrix</h1>
<p>Generated ${html(m.generatedAt)}${m.suite.gitSha ? ` at <code>${html(m.suite.gitSha.slice(0, 10))}</code>` : ''} in ${seconds(m.timings.totalMs, 0)}.
${m.totals.expected} cells as expected, <b>${m.totals.unexpected} unexpected</b>, ${m.totals['not-reported']} not reported, ${m.totals['not-judged']} not judged.
Expected verdicts and their sources: docs/implementations.md. Each verdict links to the report of the run that judged its column; hover for the reason.</p>
<table><thead><tr><th>Clause / part</th>${head}</tr></thead><tbody>
${body}
</tbody></table>
${list}
</body></html>
`;
}
