import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countSuiteResults } from './suite-counts';
import { tempDirs } from '../launcher/temp-dirs';

const dirs = tempDirs('counts-');
afterAll(dirs.removeAll);

// npm test counts the suite's tests from Playwright's own JSON report of the run (selftest/suite-counts.ts).
describe('npm test counts from Playwright\'s JSON report', () => {
  it('counts every project, nested suites included', () => {
    const file = path.join(dirs.make(), 'results.json');
    const test = (projectName: string, status: string) => ({ projectName, status });
    fs.writeFileSync(file, JSON.stringify({
      suites: [
        { specs: [{ tests: [test('static', 'expected')] }], suites: [{ specs: [{ tests: [test('server', 'unexpected'), test('site-server', 'flaky')] }] }] },
        { specs: [{ tests: [test('site-static', 'skipped'), test('static', 'expected')] }] },
      ],
    }));
    expect(countSuiteResults(file)).toEqual({ passed: 2, failed: 1, flaky: 1, skipped: 1 });
    expect(countSuiteResults(path.join(path.dirname(file), 'none.json'))).toBeUndefined();
  });
});
