import { join } from 'node:path';

/**
 * The extra reporters (--reporter) this command can run, and where each writes: under --out, never
 * in the folder Playwright runs from (installed, a copy of the package in a cache folder no team looks in).
 */
const PLACED: Record<string, (out: string) => Record<string, unknown>> = {
  list: () => ({}),
  line: () => ({}),
  dot: () => ({}),
  github: () => ({}),
  html: (out) => ({ outputFolder: join(out, 'playwright-report'), open: 'never' }),
  json: (out) => ({ outputFile: join(out, 'playwright-results.json') }),
  junit: (out) => ({ outputFile: join(out, 'playwright-junit.xml') }),
};

export const EXTRA_REPORTERS = Object.keys(PLACED);

/** The reporter's options for a run writing into `out`; undefined for a name this command does not run. */
export function placedReporter(name: string, out: string): Record<string, unknown> | undefined {
  return Object.hasOwn(PLACED, name) ? PLACED[name](out) : undefined;
}
