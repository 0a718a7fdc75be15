import { describe, expect, it } from 'vitest';
import { consoleTraces, rawMarkdown, reportPathOf } from './consumer-report-view';

describe('the consumer walk\'s view of the report', () => {
  it('finds the HTML report the run named, from the folder it ran in', () => {
    expect(reportPathOf('gate FAILED\nReport: reports/conformance.html (also conformance.md)\n', '/p')).toBe('/p/reports/conformance.html');
    expect(reportPathOf('no report here', '/p')).toBeUndefined();
    expect(consoleTraces('- R2.2 (static) failed: …\n    evidence: reports/evidence/static/a-screenshot.png\n    trace: npx spec-conformance --show-trace reports/evidence/static/b-trace.zip\n', '/p')).toEqual(['/p/reports/evidence/static/b-trace.zip']);
  });

  it('tells Markdown left as written from rendered text', () => {
    for (const raw of ['## The answer first', '| Code | Title |\n|---|---|', 'a **bold** word', 'an *emphasised* word', '<!-- a comment -->']) expect(rawMarkdown(raw)).toBeDefined();
    for (const text of ['The answer first', 'Status code\tTitle', 'every file under /_next/static/* is cached', 'R2.2 (static) failed: 3 * 2 tests', '#1 of the list']) expect(rawMarkdown(text)).toBeUndefined();
  });
});
