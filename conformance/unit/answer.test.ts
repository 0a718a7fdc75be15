import { describe, expect, it } from 'vitest';
import { answerOf } from '../report/answer';
import { report, test, tests } from './report-fixture';

// report/answer.ts: the answer first — each failure in one line of what was expected and seen, the rest by why.
const SAW = 'expected the message "This page could not be found." on /gone (answered HTTP 404), saw the text: "404", "Nothing to see here."';

describe('the answer first', () => {
  it('takes, of a clause\'s reasons, the one that names the observation, with the screenshot of the test that made it', () => {
    const shot = { name: 'screenshot', contentType: 'image/png', path: 'evidence/static/a-screenshot.png', sha256: 'a', bytes: 1 };
    const r = report(tests(['static'], {
      'R2.2': (m) => [
        test(m, 'R2.2', 'failed', { title: 'every internal link to a missing page leads to a page showing the heading 404 and the message', reason: 'links to missing pages that do not end on the not-found page' }),
        test(m, 'R2.2', 'failed', { title: 'a missing page, loaded directly', reason: SAW, evidence: [shot] }),
      ],
    }), { modes: ['static'] });
    const [first] = answerOf(r).problems;
    expect(first).toMatchObject({ of: 'R2.2', mode: 'static', verdict: 'failed', line: `R2.2 (static) failed: ${SAW}`, screenshot: shot });
  });

  it('groups what was not judged by kind and why, and lists what was accepted apart', () => {
    const why = 'precondition not met: the profile names no route answering 405 or 500 (statusPages). To fix: add them';
    const r = report(tests(['static'], {
      'R2.3': (m) => [test(m, 'R2.3', 'passed', { parts: ['404', '400', 'other'] }), test(m, 'R2.3', 'untested', { parts: ['405', '500'], reason: why })],
      'R2.5': (m) => [test(m, 'R2.5', 'failed', { partOutcomes: [{ part: 'client', verdict: 'failed', reason: 'saw "This page couldn’t load"' }] })],
    }), { modes: ['static'], expectations: [{ clause: 'R2.5/client', verdict: 'failed', reason: 'our own text, for now', source: 'file: x.json' }] });
    const a = answerOf(r);
    expect(a.problems).toEqual([]);
    expect(a.notJudged).toEqual([{ why: 'the profile names no route answering 405 or 500 (statusPages)', kind: 'run', items: [expect.objectContaining({ line: 'R2.3/405 (static)' }), expect.objectContaining({ line: 'R2.3/500 (static)' })] }]);
    expect(a.accepted.map((x) => x.line)).toEqual(['R2.5/client (static) failed, accepted: our own text, for now']);
  });
});
