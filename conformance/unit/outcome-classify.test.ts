import { describe, expect, it } from 'vitest';
import { classifyAttempt, classifyTest, isExpectation, partsOf } from '../outcome/classify';

// Messages as Playwright 1.65 writes them (colours included where it adds them).
const EXPECT_TOBE = 'Error: HTTP status of /no-such-page\n\n\u001b[2mexpect(\u001b[22m\u001b[31mreceived\u001b[39m\u001b[2m).\u001b[22mtoBe\u001b[2m(\u001b[22m\u001b[32mexpected\u001b[39m\u001b[2m) // Object.is equality\u001b[22m\n\nExpected: \u001b[32m404\u001b[39m\nReceived: \u001b[31m200\u001b[39m';
const EXPECT_LOCATOR = 'Error: heading "404"\n\nexpect(locator).toBeVisible() failed\n\nLocator: getByRole(\'heading\', { name: \'404\', exact: true })\nExpected: visible\nTimeout: 7000ms\nError: element(s) not found\n\nCall log:\n  - Expect "toBeVisible" with timeout 7000ms';
const EXPECT_POLL = 'Error: page-data requests for /about at 301 s\n\nexpect(received).not.toEqual(expected) // deep equality\n\nExpected: not []\n\nCall Log:\n- Timeout 7000ms exceeded while waiting on the predicate';
const ACTION_TIMEOUT = 'TimeoutError: locator.click: Timeout 7000ms exceeded.\nCall log:\n  - waiting for locator(\'a[href="/x"]\')';
const GOTO_REFUSED = 'Error: page.goto: net::ERR_CONNECTION_REFUSED at http://127.0.0.1:9/\nCall log:\n  - navigating to "http://127.0.0.1:9/", waiting until "load"';
const HARNESS_BUG = "TypeError: Cannot read properties of undefined (reading 'headers')";
const PARTS_FAILED = 'Error: 1 part(s) failed — 405: expected the title "Method Not Allowed"';

const attempt = (status: 'passed' | 'failed' | 'timedOut' | 'skipped' | 'interrupted', message?: string, annotations: { type: string; description?: string }[] = []) =>
  ({ status, annotations, errors: message ? [{ message }] : [] });

describe('an observation that contradicts the clause is failed', () => {
  it.each([['toBe', EXPECT_TOBE], ['a locator expectation', EXPECT_LOCATOR], ['expect.poll', EXPECT_POLL], ['failed parts', PARTS_FAILED]])('%s', (_n, message) => {
    const r = classifyAttempt(attempt('failed', message));
    expect(r.verdict).toBe('failed');
    expect(r.reason).not.toMatch(/\u001b/);
  });

  it('keeps expected and observed in the reason, in words, without the assertion library\'s text or the call log', () => {
    expect(classifyAttempt(attempt('failed', EXPECT_TOBE)).reason).toBe('HTTP status of /no-such-page: expected 404, saw 200');
    expect(classifyAttempt(attempt('failed', EXPECT_LOCATOR)).reason).toBe('heading "404": expected visible, saw element(s) not found');
    const said = 'expected the message "This page could not be found." on /x (answered HTTP 404), saw the text: "404", "Nothing to see here."';
    expect(classifyAttempt(attempt('failed', `Error: ${said}\n\nexpect(received).toBe(expected) // Object.is equality\n\nExpected: true\nReceived: false`)).reason).toBe(said);
    const diff = 'Error: links to missing pages\n\nexpect(received).toEqual(expected) // deep equality\n\n- Expected  - 1\n+ Received  + 4\n\n- Array []\n+ Array [\n+   "/a",\n+   "/c",\n+ ]';
    expect(classifyAttempt(attempt('failed', diff)).reason).toBe('links to missing pages: expected [], saw ["/a", "/c"]');
    for (const m of [EXPECT_TOBE, EXPECT_LOCATOR, EXPECT_POLL, diff]) expect(classifyAttempt(attempt('failed', m)).reason).not.toMatch(/expect\(|Received:|Expected:|Call log|deep equality|^[+-] /m);
  });
});

describe('an observation that could not complete is cantTell, naming what was pending', () => {
  it('an action that timed out', () => {
    const r = classifyAttempt(attempt('failed', ACTION_TIMEOUT));
    expect(r).toMatchObject({ verdict: 'cantTell' });
    expect(r.reason).toMatch(/^an action did not complete: .*locator\.click/);
  });

  it('a navigation error or a harness error', () => {
    expect(classifyAttempt(attempt('failed', GOTO_REFUSED)).verdict).toBe('cantTell');
    expect(classifyAttempt(attempt('failed', HARNESS_BUG)).verdict).toBe('cantTell');
  });

  it('a test that ran out of time names its pending waits', () => {
    const r = classifyAttempt(attempt('timedOut', 'Test timeout of 45000ms exceeded.', [{ type: 'pending', description: 'the prefetch of /posts/1 to be answered' }]));
    expect(r.verdict).toBe('cantTell');
    expect(r.reason).toContain('the prefetch of /posts/1 to be answered');
  });

  it('an interrupted run', () => {
    expect(classifyAttempt(attempt('interrupted')).verdict).toBe('cantTell');
  });

  it('a test that ended itself as cantTell', () => {
    const r = classifyAttempt(attempt('skipped', undefined, [{ type: 'verdict', description: 'cantTell' }, { type: 'verdict-reason', description: 'waited 10 s for 5 prefetches' }]));
    expect(r).toEqual({ verdict: 'cantTell', reason: 'waited 10 s for 5 prefetches' });
  });
});

describe('a precondition that is not there is untested, with the reason', () => {
  it('uses the reason the test gave', () => {
    const r = classifyAttempt(attempt('skipped', undefined, [{ type: 'verdict', description: 'untested' }, { type: 'verdict-reason', description: 'precondition not met: no held script. To fix: …' }]));
    expect(r).toEqual({ verdict: 'untested', reason: 'precondition not met: no held script. To fix: …', notJudged: 'run' });
  });

  it('falls back to Playwright\'s skip note', () => {
    expect(classifyAttempt(attempt('skipped', undefined, [{ type: 'verdict', description: 'inapplicable' }, { type: 'skip', description: 'inapplicable: static only' }]))).toEqual({ verdict: 'inapplicable', reason: 'static only' });
    expect(classifyAttempt(attempt('skipped', undefined, [{ type: 'skip', description: 'not now' }])).verdict).toBe('untested');
  });
});

describe('a test over its attempts', () => {
  it('passed only when it passed at once', () => {
    expect(classifyTest({ attempts: [attempt('passed')] }).verdict).toBe('passed');
    expect(classifyTest({ attempts: [attempt('failed', EXPECT_TOBE), attempt('passed')] }).verdict).toBe('cantTell');
    expect(classifyTest({ attempts: [attempt('failed', EXPECT_TOBE), attempt('failed', EXPECT_TOBE)] }).verdict).toBe('failed');
    expect(classifyTest({ attempts: [] }).verdict).toBe('untested');
  });
});

describe('a retry that explains itself (issue 38)', () => {
  const BUSY = { type: 'runner', description: JSON.stringify({ load1: 6.2, cores: 2, factor: 2, source: 'measured' }) };
  const QUIET = { type: 'runner', description: JSON.stringify({ load1: 0.3, cores: 2, factor: 1, source: 'measured' }) };
  const cantTell = (notes: { type: string; description?: string }[] = []) => attempt('failed', 'cantTell, tried once more: waited 30 s for /x to finish loading', [{ type: 'verdict', description: 'cantTell' }, { type: 'verdict-reason', description: 'could not complete the observation: waited 30 s (15 s × 2) for /x to finish loading: the client application to start (window.next)' }, ...notes]);

  it('a first attempt that could not complete, then a pass: passed on retry, saying what it saw and that the runner was busy', () => {
    const r = classifyTest({ attempts: [cantTell([BUSY]), attempt('passed')] });
    expect(r.verdict).toBe('passed');
    expect(r.retry).toMatchObject({ cause: 'harness', counted: 'passed', first: { verdict: 'cantTell' }, runner: { load1: 6.2, cores: 2 } });
    expect(r.retry!.why).toMatch(/the first attempt could not complete its observation: waited 30 s \(15 s × 2\) for \/x to finish loading/);
    expect(r.retry!.why).toMatch(/counted passed on retry\. Not the site: a bound of the harness's own ran out on a busy runner \(the machine was busy when it ended: 1-minute load 6\.2 on 2 cores \(3\.1 per core\)/);
    expect(r.reason).toMatch(/^passed on retry: /);
  });

  it('on a quiet machine it says the target may have been slow, which is no contradiction', () => {
    const r = classifyTest({ attempts: [cantTell([QUIET]), attempt('passed')] });
    expect(r.verdict).toBe('passed');
    expect(r.retry!.why).toMatch(/at most it was slow to answer, which no clause of the spec forbids .*not busy when it ended: 1-minute load 0\.3/);
  });

  it('a first attempt that stopped for another reason says so, not that a bound ran out', () => {
    const r = classifyTest({ attempts: [attempt('failed', HARNESS_BUG, [BUSY]), attempt('passed')] });
    expect(r.retry!.why).toMatch(/Not the site: the harness could not complete its observation on a busy runner/);
  });

  it('an action time-out or a harness error first is the runner\'s too', () => {
    expect(classifyTest({ attempts: [attempt('failed', ACTION_TIMEOUT), attempt('passed')] }).retry?.cause).toBe('harness');
    expect(classifyTest({ attempts: [attempt('timedOut', 'Test timeout of 90000ms exceeded.'), attempt('passed')] }).verdict).toBe('passed');
  });

  it('a first attempt that saw a contradiction stays cantTell: possibly the site\'s, never a pass', () => {
    const r = classifyTest({ attempts: [attempt('failed', EXPECT_TOBE, [BUSY]), attempt('passed')] });
    expect(r.verdict).toBe('cantTell');
    expect(r.retry).toMatchObject({ cause: 'site', counted: 'cantTell' });
    expect(r.reason).toMatch(/^flaky: the first attempt observed a contradiction: .*expected 404, saw 200.*the retry passed\. The site may answer differently/s);
  });

  it('a first attempt that could not complete but whose part had failed is a contradiction too', () => {
    const failedPart = { type: 'part', description: JSON.stringify({ part: 'scripts', verdict: 'failed', reason: 'script /a.js: answered 404' }) };
    const r = classifyTest({ attempts: [cantTell([failedPart]), attempt('passed')] });
    expect(r).toMatchObject({ verdict: 'cantTell', retry: { cause: 'site' } });
    expect(r.retry!.why).toMatch(/its part scripts failed: script \/a\.js: answered 404/);
  });

  it('no retry, no note; a retry that did not pass is its own verdict', () => {
    expect(classifyTest({ attempts: [attempt('passed')] }).retry).toBeUndefined();
    expect(classifyTest({ attempts: [cantTell([BUSY]), cantTell([BUSY])] })).toMatchObject({ verdict: 'cantTell' });
    expect(classifyTest({ attempts: [cantTell([BUSY]), cantTell([BUSY])] }).retry).toBeUndefined();
  });
});

describe('expectation messages', () => {
  it('are told from other errors', () => {
    expect(isExpectation(EXPECT_TOBE)).toBe(true);
    expect(isExpectation(ACTION_TIMEOUT)).toBe(false);
    expect(isExpectation(HARNESS_BUG)).toBe(false);
  });
});

describe('parts and advisories recorded by a test', () => {
  it('are read from its annotations', () => {
    const got = partsOf([
      { type: 'parts', description: '400, 404' },
      { type: 'part', description: JSON.stringify({ part: 'digest', verdict: 'passed' }) },
      { type: 'advisory', description: JSON.stringify({ check: 'HTTP 404', ok: false, observed: '200' }) },
      { type: 'part', description: 'not json' },
    ]);
    expect(got.staticParts).toEqual(['400', '404']);
    expect(got.outcomes).toEqual([{ part: 'digest', verdict: 'passed' }]);
    expect(got.advisories).toEqual([{ check: 'HTTP 404', ok: false, observed: '200' }]);
  });
});
