/**
 * One escaping rule per format, applied by the writers of the report (HTML, XML, Markdown, the
 * console) to every value they take from a report — page text, reasons, verdicts alike — so a value
 * read back from a report never becomes markup, whatever it holds.
 */

/**
 * Characters none of the formats can carry: those XML 1.0 forbids (the C0 controls but tab, line
 * feed and carriage return; U+FFFE, U+FFFF) and lone surrogates, which UTF-8 cannot encode. Each is
 * shown as U+FFFD, the replacement character; every other character is kept.
 */
const UNCARRIED = /[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A value as text, with the characters no format carries replaced (U+FFFD). */
export function printable(value: unknown): string {
  return String(value ?? '').replace(UNCARRIED, '\ufffd');
}

/**
 * HTML (and XML) text: safe in element text and in quoted attribute values, with either kind of
 * quote. A carriage return is written as a reference, which parsers keep (a raw one becomes a line feed).
 */
export function escapeHtml(value: unknown): string {
  return printable(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/\r/g, '&#13;');
}

/** XML 1.0 (junit.xml): as HTML, and tab and line feed as references, which attribute values would otherwise turn into spaces. */
export function escapeXml(value: unknown): string {
  return escapeHtml(value).replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}

/** Text inside an XML comment: no "--", no markup characters. */
export function xmlComment(value: unknown): string {
  return printable(value).replace(/-{2,}/g, '-').replace(/[<>&]/g, ' ');
}

/**
 * Markdown text on one line (a list item, a table cell, a sentence): line breaks become spaces, so
 * a value never ends its list item or row; `<`, `>` and `&` become entities, so raw HTML is shown,
 * never rendered; the characters of inline syntax (emphasis, code, links, tables, strike-through, math)
 * and a value's leading block syntax (a heading, a list, a quote) are escaped with a backslash.
 */
export function escapeMarkdown(value: unknown): string {
  return printable(value).replace(/\r\n|[\r\n\u2028\u2029]/g, ' ')
    .replace(/[\\`*_[\]|~$]/g, '\\$&')
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    .replace(/^(\s*)([#+=-])/, '$1\\$2').replace(/^(\s*\d+)([.)])/, '$1\\$2');
}

/** How long a text may be on one line of the console; the report has it in full. */
export const CONSOLE_MAX = 400;

/**
 * A line for the console: the uncarried characters and the terminal's control characters (escape
 * sequences included) replaced, line breaks as spaces, and cut once at `max` characters with a
 * pointer to the report, so a page's 10,000-character text is printed as one short line.
 */
export function consoleLine(value: unknown, max = CONSOLE_MAX): string {
  const text = printable(value).replace(/\r\n|[\r\n\u2028\u2029]/g, ' ').replace(/[\x7f-\x9f]/g, '\ufffd');
  if (text.length <= max) return text;
  const kept = text.slice(0, max).replace(/[\ud800-\udbff]$/, '');
  return `${kept}… (${(text.length - kept.length).toLocaleString('en-US')} more characters in the report)`;
}

/**
 * A link's target for an href: a web address (http, https) or a path beside the report, escaped;
 * any other scheme (javascript:, data: …) would run or load something when clicked, so it links nowhere ('#').
 * Browsers ignore controls and spaces inside a scheme, so the check does too.
 */
export function escapeHref(value: unknown): string {
  const url = printable(value);
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url.replace(/[\x00-\x20]/g, ''));
  return scheme && !/^https?$/i.test(scheme[1]) ? '#' : escapeHtml(url);
}

/** Markdown code on one line: its text shown as it is, in a fence of backticks longer than any run inside it. */
export function markdownCode(value: unknown): string {
  const text = printable(value).replace(/\r\n|[\r\n\u2028\u2029]/g, ' ');
  const fence = '`'.repeat(Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length)) + 1);
  const pad = /^`|`$|^ .* $/.test(text) ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** A Markdown link, or the label alone when the target is not a web address or a path (see escapeHref). */
export function markdownLink(label: string, value: unknown): string {
  const url = printable(value).replace(/[\x00-\x20]/g, '');
  if (escapeHref(url) === '#' || !printable(value).trim()) return label;
  // Only the characters a URL needs stay as they are; the rest is percent-encoded, which leaves no Markdown syntax in the address.
  return `[${label}](${url.replace(/[^\w.:/?#@!&'+,;=%-]|_/gu, (c) => (c.length === 1 && c < '\x80' ? `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}` : encodeURIComponent(c)))})`;
}
