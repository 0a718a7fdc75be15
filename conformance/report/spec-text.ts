import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLAUSES } from '../../spec/clauses';
import { ROOT } from '../../spec/root';
import { escapeHtml as esc } from './escape';
import { markdownToHtml } from './markdown-html';
import type { ClauseRow } from './model';

/**
 * A clause's quoted spec text in the HTML report, rendered as the Markdown it is (a "## 3." heading,
 * a table's rows) when it is the text of this package's spec — same clause, same hash; a quote
 * that is not (a report of another spec version read back) is shown as plain text, line by line.
 */
export function specTextHtml(c: Pick<ClauseRow, 'id' | 'hash' | 'quote'>): string {
  const own = CLAUSES.find((x) => x.id === c.id && x.hash === c.hash);
  if (!own) return `<blockquote>${c.quote.map((q) => esc(q)).join('<br>')}</blockquote>`;
  return `<blockquote class="md">${markdownToHtml(withTableHeads(own.quote, seedLines()).join('\n'), { minHeading: 4 })}</blockquote>`;
}

let seed: string[] | undefined;
function seedLines(): string[] {
  try {
    seed ??= readFileSync(join(ROOT, 'spec', 'seed-spec.md'), 'utf8').split(/\r?\n/);
  } catch {
    seed = [];
  }
  return seed;
}

/** Quoted table rows without their head (a quote takes only the rows it needs): the head and its rule from the seed put back. */
export function withTableHeads(quote: readonly string[], seedText: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < quote.length; i++) {
    const row = /^\s*\|/.test(quote[i]);
    if (row && !/^\s*\|/.test(out[out.length - 1] ?? '') && !/^\s*\|[\s:|-]+\|\s*$/.test(quote[i + 1] ?? '')) {
      const at = seedText.indexOf(quote[i]);
      const rule = at >= 2 && /^\s*\|[\s:|-]+\|\s*$/.test(seedText[at - 1]) ? at - 1 : -1;
      // A blank line first: a table cannot start inside a paragraph.
      if (rule > 0 && seedText[rule - 1] !== quote[i - 1]) out.push('', seedText[rule - 1], seedText[rule]);
      else if (rule < 0) out.push('', `|${' |'.repeat(quote[i].split('|').length - 2)}`, `|${'---|'.repeat(quote[i].split('|').length - 2)}`);
    }
    out.push(quote[i]);
  }
  return out;
}

/** A part quoted as a table row ("| 400 | Bad Request |") as its cells in words: "400 — Bad Request". */
export function partWords(text: string): string {
  return /^\s*\|.*\|\s*$/.test(text) ? text.trim().slice(1, -1).split('|').map((x) => x.trim()).join(' — ') : text;
}
