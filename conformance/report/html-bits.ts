import { escapeHref as href, escapeHtml as esc } from './escape';
import type { Verdict } from './model';

/** The small pieces every part of the report page uses: a verdict's badge, a citation and its link, a permalink. */

/** A verdict as its coloured word. */
export function badge(v: Verdict): string {
  return `<span class="badge ${esc(v)}">${esc(v)}</span>`;
}

/** A citation and a link, after an expectation's reason. */
export function linkOf(x: { link?: string; cite?: string[] }): string {
  const cite = x.cite?.length ? ` <span class="muted">${x.cite.map((c) => `<code>${esc(c)}</code>`).join(', ')}</span>` : '';
  return `${cite}${x.link ? ` <a href="${href(x.link)}">source</a>` : ''}`;
}

/** A visible link to an anchor of the page, to copy or share. */
export function permalink(anchor: string, what: string): string {
  return `<a class="permalink" href="#${esc(anchor)}" aria-label="${esc(`link to ${what}`)}" title="link to this">#</a>`;
}
