import { expect, type Page } from '../../conformance/harness/fixtures';
import { hydrated } from './helpers';

// What the keyboard checks (keyboard.spec.ts) look at: the pages walked with Tab, the viewports, and
// the focused element and focus rings as the browser computes them.

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** Pages walked with Tab (at desktop width; the home and a Pages Router page also at phone width). */
export const WALKED: { path: string; serverOnly?: boolean; phone?: boolean }[] = [
  { path: '/', phone: true },
  { path: '/about' },
  { path: '/contact' },
  { path: '/demos/links' },
  { path: '/demos/status', phone: true },
  { path: '/demos/retry' },
  { path: '/demos/timeout' },
  { path: '/demos/crash' },
  { path: '/demos/client-error' },
  { path: '/no-such-page' },
  { path: '/demos/action', serverOnly: true },
];

export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await hydrated(page);
}

export interface Ring {
  outline: string;
  shadow: string;
}

export interface Focused extends Ring {
  key: string | null;
  tag: string;
  label: string;
  focusVisible: boolean;
  inViewport: boolean;
}

/** The focused element: its marker, what it is, and its focus ring as computed now. */
export function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return null;
    const cs = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    return {
      key: el.getAttribute('data-kb'),
      tag: el.tagName.toLowerCase(),
      label: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60),
      focusVisible: el.matches(':focus-visible'),
      inViewport: r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth,
      outline: cs.outlineStyle === 'none' || parseFloat(cs.outlineWidth) === 0 ? 'none' : `${cs.outlineStyle} ${cs.outlineWidth} ${cs.outlineColor}`,
      shadow: cs.boxShadow,
    };
  });
}

/**
 * Marks every visible control of the page (data-kb="<n>" in DOM order) and returns their names.
 * Hidden ones (e.g. the closed phone menu's links, the desktop-hidden menu button) are left out.
 */
export function markControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const sel = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll(sel))) {
      const cs = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      if (cs.visibility === 'hidden' || (r.width === 0 && r.height === 0)) continue;
      el.setAttribute('data-kb', String(out.length));
      out.push(`${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60)}"`);
    }
    return out;
  });
}

/** The resting look of marked controls, nothing focused. */
export function restingRings(page: Page): Promise<Record<string, Ring>> {
  return page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    const out: Record<string, Ring> = {};
    for (const el of Array.from(document.querySelectorAll('[data-kb]'))) {
      const cs = getComputedStyle(el);
      out[el.getAttribute('data-kb')!] = {
        outline: cs.outlineStyle === 'none' || parseFloat(cs.outlineWidth) === 0 ? 'none' : `${cs.outlineStyle} ${cs.outlineWidth} ${cs.outlineColor}`,
        shadow: cs.boxShadow,
      };
    }
    return out;
  });
}

// Site checks, not clauses: no evidence screenshot of every passing test (saves time on 2 cores).
