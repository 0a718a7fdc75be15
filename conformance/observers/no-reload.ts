import type { Page } from '@playwright/test';

/**
 * Detects full page reloads: a marker is planted in the page's JavaScript realm; a document load
 * makes a new realm and the marker is gone.
 */
export class NoReload {
  private token = '';
  constructor(private readonly page: Page) {}

  async plant(): Promise<void> {
    this.token = `marker-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    await this.page.evaluate((t) => { (window as unknown as Record<string, unknown>).__conformanceMarker = t; }, this.token);
  }

  /** True when the marker planted last is still there (no reload since). Throws when the page cannot be read (it was being replaced). */
  async intact(): Promise<boolean> {
    if (!this.token) throw new Error('NoReload.intact() called before plant()');
    const found = await this.page.evaluate(() => (window as unknown as Record<string, unknown>).__conformanceMarker);
    return found === this.token;
  }

  /**
   * The marker's state in words for the evidence: kept, gone (a reload), or not readable — a page
   * that could not be read is no sign of a reload, and is never reported as one.
   */
  async state(): Promise<{ intact?: boolean; words: string }> {
    try {
      const intact = await this.intact();
      return { intact, words: intact ? 'marker kept' : 'marker gone: the page was reloaded' };
    } catch (e) {
      return { words: `the marker could not be read (${String((e as Error)?.message ?? e).split('\n')[0]}): no observation` };
    }
  }
}
