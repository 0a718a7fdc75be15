import { expect, test } from '../../conformance/harness/fixtures';
import { DESKTOP, focused, markControls, open, PHONE, restingRings, WALKED, type Focused } from './keyboard-focus';
import { skipWhereCheckedInStaticBuild } from './shared-pages';

// Keyboard use of the reference site (a site check, not a clause of the spec): every control is
// reached with Tab and visibly focused, the skip link works, and the phone menu is a proper
// disclosure (named button, aria-expanded, Enter/Space/Escape, closes on navigation, traps nothing).
// Like the accessibility check, a page both builds answer with the same document has its controls
// walked once, in the static build (shared-pages.ts); the menu and skip-link tests run in both.

test.use({ screenshot: 'only-on-failure' });

test.describe('keyboard', () => {
  for (const w of WALKED) {
    const widths = w.phone ? [['desktop', DESKTOP], ['phone', PHONE]] as const : [['desktop', DESKTOP]] as const;
    for (const [wname, viewport] of widths) {
      test(`every control of ${w.path} is reached with Tab and visibly focused (${wname})`, async ({ page, mode }) => {
        test.skip(!!w.serverOnly && mode === 'static', 'server-only route');
        if (!w.serverOnly) await skipWhereCheckedInStaticBuild(mode, w.path);
        await page.setViewportSize(viewport);
        await open(page, w.path);
        const controls = await markControls(page);
        expect(controls.length, 'controls on the page').toBeGreaterThan(0);

        const reached: Focused[] = [];
        const problems: string[] = [];
        for (let i = 0; i < controls.length + 10; i++) {
          await page.keyboard.press('Tab');
          const f = await focused(page);
          if (!f) break; // focus left the document: past the last control
          if (f.key !== null && reached.some((r) => r.key === f.key)) break; // wrapped around
          reached.push(f);
          const what = `${f.tag} "${f.label}"`;
          if (f.key === null) problems.push(`${what} takes focus but is not a visible control`);
          if (!f.focusVisible) problems.push(`${what} does not match :focus-visible`);
          if (f.outline === 'none' && f.shadow === 'none') problems.push(`${what} has no outline or box-shadow when focused`);
          if (!f.inViewport) problems.push(`${what} is outside the viewport when focused`);
        }
        const resting = await restingRings(page);
        for (const f of reached) {
          const r = f.key !== null ? resting[f.key] : undefined;
          if (r && r.outline === f.outline && r.shadow === f.shadow) problems.push(`${f.tag} "${f.label}" looks the same focused and unfocused`);
        }
        const missed = controls.filter((_, i) => !reached.some((r) => r.key === String(i)));
        expect(missed, `controls never reached with Tab on ${w.path}`).toEqual([]);
        expect(problems, `focus problems on ${w.path}:\n${problems.join('\n')}`).toEqual([]);
        // Tab order follows the document order.
        expect(reached.map((r) => Number(r.key)), 'Tab order').toEqual(controls.map((_, i) => i));
      });
    }
  }

  test('the skip link is the first stop, shows when focused and moves focus to the main content', async ({ page }) => {
    await open(page, '/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
    await expect(page.locator('#main')).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement && document.getElementById('main')!.contains(document.activeElement))).toBe(true);
  });

  test.describe('menu at phone width', () => {
    test.use({ viewport: PHONE });

    for (const path of ['/', '/demos/status']) {
      test(`${path}: the menu button is named, says whether it is open, opens with Enter and Space, closes with Escape`, async ({ page }) => {
        await open(page, path);
        const button = page.getByRole('button', { name: 'Menu' });
        const list = page.locator('#site-menu');
        await expect(button).toHaveAttribute('aria-controls', 'site-menu');
        await expect(button).toHaveAttribute('aria-expanded', 'false');
        await expect(list).toBeHidden();

        // Reached with Tab: skip link, brand, menu button.
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        await expect(button).toBeFocused();

        await page.keyboard.press('Enter');
        await expect(button).toHaveAttribute('aria-expanded', 'true');
        await expect(list).toBeVisible();
        await page.keyboard.press('Enter');
        await expect(button).toHaveAttribute('aria-expanded', 'false');
        await expect(list).toBeHidden();
        await page.keyboard.press('Space');
        await expect(button).toHaveAttribute('aria-expanded', 'true');
        await expect(list).toBeVisible();

        // Escape from inside the menu closes it and gives focus back to the button.
        await page.keyboard.press('Tab');
        await expect(list.getByRole('link').first()).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(button).toHaveAttribute('aria-expanded', 'false');
        await expect(list).toBeHidden();
        await expect(button).toBeFocused();
      });
    }

    test('Tab goes through the open menu and out of it (nothing is trapped)', async ({ page }) => {
      await open(page, '/');
      const button = page.getByRole('button', { name: 'Menu' });
      const links = page.locator('#site-menu').getByRole('link');
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      const count = await links.count();
      expect(count).toBeGreaterThan(1);
      for (let i = 0; i < count; i++) {
        await page.keyboard.press('Tab');
        await expect(links.nth(i)).toBeFocused();
        const f = await focused(page);
        expect(f?.focusVisible && (f.outline !== 'none' || f.shadow !== 'none'), `menu link ${i + 1} shows focus`).toBe(true);
      }
      await page.keyboard.press('Tab');
      const outside = await page.evaluate(() => {
        const el = document.activeElement;
        return !!el && el !== document.body && !document.querySelector('nav[aria-label="Main"]')!.contains(el);
      });
      expect(outside, 'focus left the menu for the next control').toBe(true);
      await page.keyboard.press('Shift+Tab');
      await expect(links.last()).toBeFocused();
    });

    test('the menu closes when a link in it is followed, and on back navigation', async ({ page }) => {
      await open(page, '/');
      const button = page.getByRole('button', { name: 'Menu' });
      const list = page.locator('#site-menu');
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(list).toBeVisible();
      await list.getByRole('link', { name: 'About' }).focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/about$/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(/about/i);
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await expect(list).toBeHidden();
      await expect(list.getByRole('link', { name: 'About', includeHidden: true })).toHaveAttribute('aria-current', 'page');

      await button.click();
      await expect(list).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/\/$/);
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await expect(list).toBeHidden();
    });
  });

  test('at desktop width the menu button is hidden and the navigation links are in the Tab order', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await open(page, '/');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await page.keyboard.press('Tab'); // skip link
    await page.keyboard.press('Tab'); // brand
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused();
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });
});
