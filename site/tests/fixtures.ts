import { expect, test as suiteTest, type Page } from '../../conformance/harness/fixtures';
import { axeViolations, type AxeViolation } from './axe';

/**
 * The site checks' test: the suite's fixtures (target, mode, the reset page …) and, for the site's
 * own accessibility check, `axe` — axe-core's WCAG 2.2 A/AA violations in the page's current
 * document (./axe.ts). No clause uses it, so it lives here, not in the suite.
 */
export const test = suiteTest.extend<{ axe: (disableRules?: string[]) => Promise<AxeViolation[]> }>({
  axe: async ({ page }, use) => {
    await use((disableRules) => axeViolations(page, disableRules));
  },
});

export { expect };
export type { Page };
