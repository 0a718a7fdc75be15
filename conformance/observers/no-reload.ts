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

  /** True when the marker planted last is still there (no reload since). */
  async intact(): Promise<boolean> {
    if (!this.token) throw new Error('NoReload.intact() called before plant()');
    const found = await this.page.evaluate(() => (window as unknown as Record<string, unknown>).__conformanceMarker);
    return found === this.token;
  }
}
