import type { TestInfo } from '@playwright/test';
import { clause, clauseTitle, record } from '../harness/clause';
import { settle } from '../harness/navigation';
import { expect, test, type Page } from '../harness/fixtures';
import type { LoggedRequest, RequestLog } from '../harness/request-log';

// C7.4 "It loads script and stylesheet assets."

const JS_TYPE = /^(application|text)\/(javascript|ecmascript|x-javascript)\b/i;
const CSS_TYPE = /^text\/css\b/i;

/** Requests that go over the network (data: and blob: URLs have no origin to check). */
function overNetwork(e: LoggedRequest): boolean {
  return /^https?:$/.test(new URL(e.url).protocol);
}

function evidence(e: LoggedRequest): object {
  return { url: e.url, type: e.resourceType, status: e.status, contentType: e.responseHeaders?.['content-type'], failure: e.failure };
}

/** Loads `path` as a first load and checks its scripts and stylesheets and every other request. */
async function checkFirstLoad(page: Page, requestLog: RequestLog, origin: string, path: string, testInfo: TestInfo): Promise<void> {
  const mark = requestLog.mark();
  await page.goto(path);
  await settle(page);
  const seen = requestLog.since(mark).filter(overNetwork);
  const scripts = seen.filter((e) => e.resourceType === 'script');
  const styles = seen.filter((e) => e.resourceType === 'stylesheet');
  for (const e of [...scripts, ...styles]) {
    await expect.poll(() => e.status ?? e.failure, `an answer to ${e.url}`).toBeTruthy();
  }
  await record(testInfo, `assets of ${path}`, {
    scripts: scripts.map(evidence), stylesheets: styles.map(evidence),
    others: seen.filter((e) => !scripts.includes(e) && !styles.includes(e)).map(evidence),
  });

  expect(scripts.length, `scripts loaded by ${path}`).toBeGreaterThan(0);
  expect(styles.length, `stylesheets loaded by ${path}`).toBeGreaterThan(0);
  expect(seen.filter((e) => new URL(e.url).origin !== origin).map(evidence), `requests of ${path} to another origin than ${origin}`).toEqual([]);
  const badScripts = scripts.filter((e) => e.status !== 200 || !JS_TYPE.test(e.responseHeaders?.['content-type'] ?? ''));
  expect(badScripts.map(evidence), `scripts of ${path} not answered 200 with a JavaScript content type`).toEqual([]);
  const badStyles = styles.filter((e) => e.status !== 200 || !CSS_TYPE.test(e.responseHeaders?.['content-type'] ?? ''));
  expect(badStyles.map(evidence), `stylesheets of ${path} not answered 200 with a CSS content type`).toEqual([]);
}

test.describe(clauseTitle('C7.4'), clause('C7.4'), () => {
  test('the home page loads its scripts and stylesheets from its own origin, answered 200 with JavaScript and CSS types', async ({ page, target, requestLog }, testInfo) => {
    await checkFirstLoad(page, requestLog, new URL(target.url).origin, '/', testInfo);
  });

  test('another page loads its scripts and stylesheets from its own origin, answered 200 with JavaScript and CSS types', async ({ page, target, requestLog }, testInfo) => {
    const { to } = target.scenario('pageData');
    await checkFirstLoad(page, requestLog, new URL(target.url).origin, to, testInfo);
  });
});
