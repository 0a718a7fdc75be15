import type { Page } from '@playwright/test';

/**
 * What a page shows, read the way an auditor would describe it in a message: its visible
 * headings and its visible text line by line.
 */

/** The texts of the visible headings (h1–h6, role=heading), in document order. */
export async function headings(page: Page): Promise<string[]> {
  return (await page.getByRole('heading').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

/** The page's visible text, line by line (trimmed, empty lines dropped). */
export async function visibleLines(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body?.innerText ?? '');
  return text.split('\n').map((l) => l.trim()).filter(Boolean);
}

/** A page's text for a message: cut at `max` characters (a heading can be 10,000), the report's reasons stay readable. */
export function clip(text: string, max = 120): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A list for a message: "a", "b", "c" — or (none). Long lists are cut. */
export function quoted(xs: readonly string[], max = 8): string {
  if (!xs.length) return '(none)';
  const shown = xs.slice(0, max).map((x) => `"${clip(x)}"`).join(', ');
  return xs.length > max ? `${shown} and ${xs.length - max} more` : shown;
}
