import { existsSync, readFileSync } from 'node:fs';

export interface SuiteCounts { passed: number; failed: number; flaky: number; skipped: number }

interface JsonSuite { specs?: { tests?: { status?: string }[] }[]; suites?: JsonSuite[] }

/**
 * Test counts over every project of a run (the site checks too),
 * from Playwright's own JSON report of it. Undefined when the run wrote none.
 */
export function countSuiteResults(file: string): SuiteCounts | undefined {
  if (!existsSync(file)) return undefined;
  let report: { suites?: JsonSuite[] };
  try {
    report = JSON.parse(readFileSync(file, 'utf8')) as { suites?: JsonSuite[] };
  } catch {
    return undefined;
  }
  const counts: SuiteCounts = { passed: 0, failed: 0, flaky: 0, skipped: 0 };
  const walk = (suite: JsonSuite): void => {
    for (const test of (suite.specs ?? []).flatMap((s) => s.tests ?? [])) {
      // Playwright's outcome words: expected, unexpected, flaky, skipped.
      if (test.status === 'expected') counts.passed++;
      else if (test.status === 'unexpected') counts.failed++;
      else if (test.status === 'flaky') counts.flaky++;
      else counts.skipped++;
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return counts;
}

/**
 * npm test's counts of one Playwright run: from its JSON report (one failure when it wrote none); a run
 * that exited non-zero with every test green failed its gate (an untested or flaky clause), counted as one.
 */
export function suiteCounts(file: string, code: number): { passed: number; failed: number; skipped: number } {
  const c = countSuiteResults(file);
  if (!c) return { passed: 0, failed: 1, skipped: 0 };
  const gateFailed = code !== 0 && c.failed === 0 && c.flaky === 0 ? 1 : 0;
  return { passed: c.passed, failed: c.failed + c.flaky + gateFailed, skipped: c.skipped };
}
