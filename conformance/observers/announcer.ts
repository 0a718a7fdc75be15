import type { Page } from '@playwright/test';

export interface LiveRegion {
  text: string;
  politeness: string;
  role: string | null;
  /** Where it was found: 'document' or 'shadow:<host tag>'. */
  where: string;
}

/** Reads every live region (aria-live other than off, or role alert/status/log), open shadow roots included. */
export async function readLiveRegions(page: Page): Promise<LiveRegion[]> {
  return page.evaluate(() => {
    const found: { text: string; politeness: string; role: string | null; where: string }[] = [];
    const visit = (root: Document | ShadowRoot, where: string) => {
      for (const el of Array.from(root.querySelectorAll('*'))) {
        const live = el.getAttribute('aria-live');
        const role = el.getAttribute('role');
        const implicit = role === 'alert' ? 'assertive' : role === 'status' || role === 'log' ? 'polite' : null;
        const politeness = live ?? implicit;
        if (politeness && politeness !== 'off') {
          found.push({ text: (el.textContent ?? '').trim(), politeness, role, where });
        }
        if (el.shadowRoot) visit(el.shadowRoot, `shadow:${el.tagName.toLowerCase()}`);
      }
    };
    visit(document, 'document');
    return found;
  });
}

/** The non-empty texts currently held by live regions. */
export async function announcements(page: Page): Promise<string[]> {
  return (await readLiveRegions(page)).map((r) => r.text).filter((t) => t.length > 0);
}
