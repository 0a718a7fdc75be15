import { Marked, type Tokens } from 'marked';
import { escapeHref, escapeHtml as esc } from './escape';

/**
 * Markdown as HTML for the report's pages (about-this-report.html, the spec text of each clause),
 * by a maintained library (marked, GitHub's flavour: tables, lists, code). Whatever the Markdown
 * holds, it stays text: raw HTML is shown, never rendered (an HTML comment is left out), every
 * text is escaped in full (an entity is shown as written), a link goes only where escapeHref allows,
 * an image is shown as its description, and each heading gets an id its links can point to.
 */
export interface MarkdownOptions {
  /** A relative link's target, or undefined to show it as text (the about page: a path in the package). */
  relative?: (href: string) => string | undefined;
  /** Headings start at this level at least (a quoted "## 3." inside a clause's row: 4). */
  minHeading?: number;
}

/** "The answer first" → "the-answer-first", as GitHub names a heading's anchor. */
export const slug = (s: string): string => s.toLowerCase().replace(/<[^>]+>/g, '').replace(/&[^;\s]*;/g, '').replace(/[^\w\s-]/g, '').trim().replace(/\s+/g, '-');

export function markdownToHtml(md: string, opts: MarkdownOptions = {}): string {
  const marked = new Marked({ gfm: true, async: false });
  marked.use({
    renderer: {
      text(t: Tokens.Text | Tokens.Escape) {
        if ('tokens' in t && t.tokens) return this.parser.parseInline(t.tokens);
        return 'escaped' in t && t.escaped ? t.text : esc(t.text);
      },
      html(t: Tokens.HTML | Tokens.Tag) {
        return /^\s*<!--[^]*-->\s*$/.test(t.text) ? '' : esc(t.text);
      },
      heading(t: Tokens.Heading) {
        const inner = this.parser.parseInline(t.tokens);
        const level = Math.min(6, Math.max(t.depth, opts.minHeading ?? 1));
        return `<h${level} id="${esc(slug(inner))}">${inner}</h${level}>\n`;
      },
      link(t: Tokens.Link) {
        const label = this.parser.parseInline(t.tokens);
        if (/^(https?:|#)/i.test(t.href)) return `<a href="${escapeHref(t.href)}">${label}</a>`;
        const local = opts.relative?.(t.href);
        if (local !== undefined) return `<a href="${escapeHref(local)}">${label}</a>`;
        return `${label} <span class="muted">(${esc(t.href.replace(/^(\.\.\/)+/, ''))} in the package)</span>`;
      },
      image(t: Tokens.Image) {
        return esc(t.text);
      },
    },
  });
  return marked.parse(md.replace(/\r\n?/g, '\n')) as string;
}
