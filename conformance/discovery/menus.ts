import type { Page } from '@playwright/test';
import { patience } from '../run/slow';

/**
 * Menus that open on a button: a site's navigation is often a button ("Menu", aria-expanded,
 * aria-controls) whose links are rendered, or shown, only once it is pressed. Discovery presses
 * such buttons — and no other: never a button inside a form or a link, never one whose name or ARIA does
 * not say it opens a menu — and keeps the links that then showed. Bounded: a few buttons a page,
 * each menu (its name and what it controls) once a crawl, a short wait for each.
 */
export const MENUS = { perPage: 3, perCrawl: 10, openMs: 600 };

/** Words of a menu button's accessible name. */
export const MENU_NAME = /\bmenu\b|\bnavigation\b|^\s*nav\s*$|[☰≡]/i;

/** A button as the page shows it (read in the browser by CANDIDATES). */
export interface ButtonFacts {
  name: string;
  expanded: string | null;
  controls: string | null;
  haspopup: string | null;
  inForm: boolean;
  visible: boolean;
  /** type="submit" (the default of a <button> in a form). */
  submits: boolean;
  /** A link dressed as a button (<a href role=button>): pressing it would leave the page. */
  link: boolean;
}

/**
 * Whether a button opens a menu (pure, unit-tested): collapsed (aria-expanded="false") and
 * controlling something or announcing a popup or named like a menu; or, without ARIA, named like a
 * menu. Never inside a form, never a submit button, never hidden.
 */
export function opensMenu(b: ButtonFacts): boolean {
  if (!b.visible || b.inForm || b.submits || b.link) return false;
  if (b.expanded === 'true') return false;
  const popup = !!b.haspopup && b.haspopup !== 'false';
  if (b.expanded === 'false') return !!b.controls || popup || MENU_NAME.test(b.name);
  return popup || MENU_NAME.test(b.name);
}

/** The identity of a menu across pages: its button's name and what it controls. */
export const menuKey = (b: ButtonFacts): string => `${b.name}|${b.controls ?? ''}`;

const CANDIDATES = `(() => {
  var short = function (s) { s = (s || '').replace(/\\s+/g, ' ').trim(); return s.length > 80 ? s.slice(0, 79) + '…' : s; };
  var name = function (el) { return short(el.getAttribute('aria-label') || el.innerText || el.textContent || el.getAttribute('title') || ''); };
  var visible = function (el) { var r = el.getBoundingClientRect(); if (!r.width || !r.height) return false; var s = getComputedStyle(el); return s.visibility !== 'hidden' && s.display !== 'none'; };
  return Array.prototype.map.call(document.querySelectorAll('button, [role=button]'), function (b, i) {
    b.setAttribute('data-conformance-menu', String(i));
    var type = (b.getAttribute('type') || (b.tagName === 'BUTTON' ? 'submit' : '')).toLowerCase();
    return { index: i, name: name(b), expanded: b.getAttribute('aria-expanded'), controls: b.getAttribute('aria-controls'), haspopup: b.getAttribute('aria-haspopup'),
      inForm: !!b.closest('form'), visible: visible(b), submits: !!b.closest('form') && type === 'submit', link: b.tagName === 'A' && b.hasAttribute('href') };
  });
})()`;

/** URLs of the links shown on the page now (visible, with an href). */
const SHOWN_LINKS = `Array.prototype.filter.call(document.querySelectorAll('a[href]'), function (a) {
  var r = a.getBoundingClientRect(); if (!r.width || !r.height) return false; var s = getComputedStyle(a); return s.visibility !== 'hidden' && s.display !== 'none';
}).map(function (a) { return a.href; })`;

/**
 * Opens the page's menus not yet opened in this crawl (`opened` holds their keys) and gives the
 * URLs of the links that showed only after a press, and the names of the buttons pressed. Stops
 * when a press changed the address.
 */
export async function openMenus(page: Page, opened: Set<string>): Promise<{ links: string[]; pressed: string[] }> {
  if (opened.size >= MENUS.perCrawl) return { links: [], pressed: [] };
  const buttons = await (page.evaluate(CANDIDATES) as Promise<(ButtonFacts & { index: number })[]>).catch(() => []);
  const found = new Set<string>();
  const names: string[] = [];
  const address = page.url();
  let pressed = 0;
  for (const b of buttons) {
    if (pressed >= MENUS.perPage || opened.size >= MENUS.perCrawl) break;
    if (!opensMenu(b) || opened.has(menuKey(b))) continue;
    opened.add(menuKey(b));
    const before = new Set(await (page.evaluate(SHOWN_LINKS) as Promise<string[]>).catch(() => []));
    const ok = await page.locator(`[data-conformance-menu="${b.index}"]`).click({ timeout: patience(2_000) }).then(() => true, () => false);
    if (!ok) continue;
    pressed++;
    names.push(b.name || '(no name)');
    // Until new links show (a menu may animate open), at most openMs.
    const until = Date.now() + MENUS.openMs;
    let shown: string[] = [];
    while (Date.now() < until) {
      await page.waitForTimeout(100);
      if (page.url() !== address) return { links: [...found], pressed: names };
      shown = await (page.evaluate(SHOWN_LINKS) as Promise<string[]>).catch(() => []);
      if (shown.some((u) => !before.has(u))) break;
    }
    for (const u of shown) if (!before.has(u)) found.add(u);
  }
  return { links: [...found], pressed: names };
}
