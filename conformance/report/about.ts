import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { escapeHtml as esc } from './escape';
import { markdownToHtml } from './markdown-html';

/**
 * The page that explains the report — docs/report.md, shipped in the package — placed beside the
 * report as about-this-report.html, so the report's link to it works offline, from a CI artifact
 * and in a consumer's project alike; its Markdown rendered by markdown-html.ts (its images, not
 * shipped, shown as their descriptions).
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
body,td,th,li,p{overflow-wrap:anywhere}table{border-collapse:collapse;display:block;max-width:100%;overflow-x:auto}th,td{border:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top}code{font-family:ui-monospace,monospace;font-size:.92em;background:#f6f8fa;padding:0 3px;border-radius:3px}
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
