import { isImage, isTrace } from './answer';
import { escapeHref as href, escapeHtml as esc } from './escape';
import type { Evidence, TestRecord } from './model';
import { traceCommand } from './console-answer';

/**
 * A test's evidence in the page: the screenshot inline (a thumbnail, full size on click), the trace
 * with the one command that opens it in the runner's own viewer, the request log's first lines,
 * and every file linked. Paths are the report folder's own (evidence/<mode>/…).
 */
export interface EvidenceReader {
  /** An evidence file's text, by its path in the report folder; undefined when it cannot be read. */
  read?: (path: string) => string | undefined;
}

/** How much of a request log the page shows; the file has it all. */
const EXCERPT_LINES = 40;

export function thumbnailHtml(e: Evidence, alt: string): string {
  return `<a class="shot" href="${href(e.path)}" title="full size: ${esc(e.name)}"><img src="${href(e.path)}" alt="${esc(alt)}" loading="lazy" width="240"></a>`;
}

/** The trace, and how to open it: the command's own viewer (the console's words, report/console-answer.ts), from the project's folder. */
export function traceHtml(e: Evidence): string {
  return `<span class="cmd">trace: <a href="${href(e.path)}">${esc(e.name)}</a> — open it, from the project's folder, with <code>${esc(traceCommand(e.path))}</code></span>`;
}

/** The first lines of the request log, for a test that did not pass. */
function excerptHtml(e: Evidence, reader: EvidenceReader): string {
  const text = reader.read?.(e.path);
  if (!text) return '';
  const lines = text.split('\n');
  const more = lines.length > EXCERPT_LINES ? `\n… ${lines.length - EXCERPT_LINES} more lines in the file` : '';
  return `<details class="excerpt"><summary>${esc(e.name)}: requests and answers (excerpt)</summary><pre>${esc(lines.slice(0, EXCERPT_LINES).join('\n'))}${esc(more)}</pre></details>`;
}

export function testEvidenceHtml(t: TestRecord, shown: boolean, reader: EvidenceReader): string {
  if (!t.evidence.length) return '';
  const links = t.evidence.map((e) => `<a href="${href(e.path)}" title="sha256 ${esc(e.sha256)}">${esc(e.name)}</a>`).join(' · ');
  if (!shown) return `<br>evidence: ${links}`;
  const shot = t.evidence.filter(isImage).at(-1);
  const trace = t.evidence.filter(isTrace).at(-1);
  const log = t.evidence.find((e) => e.name === 'request-log');
  return `<br>evidence: ${links}${shot ? `<br>${thumbnailHtml(shot, `screenshot of ${t.title}`)}` : ''}${trace ? traceHtml(trace) : ''}${log ? excerptHtml(log, reader) : ''}`;
}
