import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { escapeHref, escapeHtml as esc } from './escape';

/**
 * The page that explains the report — docs/report.md, shipped in the package — placed beside the
 * report as about-this-report.html, so the report's link to it works offline, from a CI artifact
 * and in a consumer's project alike. The Markdown is the small subset docs/report.md uses:
 * headings, paragraphs, lists, tables, fenced code, `code`, **bold** and links.
 */
export const ABOUT_FILE = 'about-this-report.html';

/** docs/report.md of the package, found upwards from this file (also once compiled into dist/). */
export function aboutSource(from = __dirname): string | undefined {
  for (let dir = from; dirname(dir) !== dir; dir = dirname(dir)) {
    const f = join(dir, 'docs', 'report.md');
    if (existsSync(f) && existsSync(join(dir, 'package.json'))) return f;
  }
  return undefined;
}

export function renderAbout(markdown: string, suite: string): string {
  const body = markdownToHtml(markdown);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>How to read the conformance report</title>
<style>body{margin:0 auto;max-width:900px;padding:16px;font:15px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24}
table{border-collapse:collapse}th,td{border:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top}code{font-family:ui-monospace,monospace;font-size:.92em;background:#f6f8fa;padding:0 3px;border-radius:3px}
pre{background:#f6f8fa;padding:8px;border-radius:6px;overflow:auto}a{color:#0550ae}.muted{color:#57606a;font-size:.9em}</style></head>
<body><p class="muted"><a href="conformance.html">← back to the report</a> · from docs/report.md of ${esc(suite)}</p>
${body}
</body></html>
`;
}

/** The report's own page, or undefined when the package lacks docs/report.md. */
export function aboutPage(suite: string): string | undefined {
  const src = aboutSource();
  return src ? renderAbout(readFileSync(src, 'utf8'), suite) : undefined;
}

function inline(text: string): string {
  // Code spans first (their content is literal), then links, then bold inside each piece, so the
  // elements always nest; every piece of text is escaped on its own.
  return text.split(/(`[^`]+`)/).map((chunk) => {
    if (/^`[^`]+`$/.test(chunk)) return `<code>${esc(chunk.slice(1, -1))}</code>`;
    return chunk.split(/(\[[^\]]+\]\([^)\s]+\))/).map((piece) => {
      const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(piece);
      if (!link) return bold(esc(piece));
      const [, label, href] = link;
      if (/^(https?:|#)/.test(href)) return `<a href="${escapeHref(href)}">${bold(esc(label))}</a>`;
      // A relative link points into the package, not beside the report: shown as its path.
      return `${bold(esc(label))} <span class="muted">(${esc(href.replace(/^(\.\.\/)+/, ''))} in the package)</span>`;
    }).join('');
  }).join('');
}

const bold = (html: string) => html.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');

const slug = (s: string) => s.toLowerCase().replace(/<[^>]+>/g, '').replace(/[^\w\s-]/g, '').trim().replace(/\s+/g, '-');

export function markdownToHtml(md: string): string {
  const lines = md.replace(/\r\n/g, '\n').split('\n');
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (/^```/.test(line)) {
      const code: string[] = [];
      for (i++; i < lines.length && !/^```/.test(lines[i]); i++) code.push(lines[i]);
      i++;
      out.push(`<pre><code>${esc(code.join('\n'))}</code></pre>`);
    } else if (/^#{1,6} /.test(line)) {
      const level = /^#+/.exec(line)![0].length;
      const text = inline(line.slice(level + 1).trim());
      out.push(`<h${level} id="${slug(text)}">${text}</h${level}>`);
      i++;
    } else if (/^\|/.test(line)) {
      const rows: string[][] = [];
      for (; i < lines.length && /^\|/.test(lines[i]); i++) rows.push(lines[i].replace(/^\||\|\s*$/g, '').split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|')));
      const [head, , ...body] = rows;
      out.push(`<table><thead><tr>${head.map((c) => `<th scope="col">${inline(c)}</th>`).join('')}</tr></thead><tbody>${body.map((r) => `<tr>${r.map((c) => `<td>${inline(c)}</td>`).join('')}</tr>`).join('')}</tbody></table>`);
    } else if (/^\s*[-*] /.test(line)) {
      const items: string[] = [];
      for (; i < lines.length && (/^\s*[-*] /.test(lines[i]) || (/^\s{2,}\S/.test(lines[i]) && items.length)); i++) {
        if (/^\s*[-*] /.test(lines[i])) items.push(lines[i].replace(/^\s*[-*] /, ''));
        else items[items.length - 1] += ` ${lines[i].trim()}`;
      }
      out.push(`<ul>${items.map((x) => `<li>${inline(x)}</li>`).join('')}</ul>`);
    } else if (!line.trim()) {
      i++;
    } else {
      const para: string[] = [];
      for (; i < lines.length && lines[i].trim() && !/^(#{1,6} |```|\||\s*[-*] )/.test(lines[i]); i++) para.push(lines[i].trim());
      out.push(`<p>${inline(para.join(' '))}</p>`);
    }
  }
  return out.join('\n');
}
