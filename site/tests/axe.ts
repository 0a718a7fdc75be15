import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Result } from 'axe-core';

/** WCAG 2.2 A/AA rule tags. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

export type AxeViolation = Result;

/**
 * What AxeBuilder evaluates as "the axe-core source" once axe-core is in the document. analyze()
 * evaluates its source on every call (1.3 MB twice in legacy mode; in the default mode once, and
 * again in a new page it opens for finishRun): the three states of a site page took 1.5 s that
 * way, 0.64 s in legacy mode, 0.44 s with axe-core put in once (docs/benchmarks.md).
 */
const IN_DOCUMENT = 'if (typeof window.axe !== "object") throw new Error("axe-core is not in this document");';

let source: string | undefined;

/**
 * axe-core's violations of WCAG 2.2 A/AA in the page's current document (main frame: the site
 * checks' pages have no frames), `disableRules` left out, found by @axe-core/playwright's
 * AxeBuilder. The minified axe-core (half the bytes of the source AxeBuilder sends) is put into a
 * document once; AxeBuilder then runs it there as often as asked, in legacy mode (axe.run in the
 * page, as the one way that needs no source sent again).
 */
export async function axeViolations(page: Page, disableRules: string[] = []): Promise<AxeViolation[]> {
  source ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object'))) await page.evaluate(source);
  // Loaded on first use: it reads axe-core's 1.3 MB source, which every worker would otherwise pay for at start.
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const results = await new AxeBuilder({ page, axeSource: IN_DOCUMENT })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_TAGS)
    .disableRules(disableRules)
    .analyze();
  return results.violations;
}
