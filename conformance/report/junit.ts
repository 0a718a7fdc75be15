import type { Report } from './model';

/** JUnit XML with one test case per clause and mode; failures are exactly what the gate counts. */
export function renderJUnit(r: Report): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const suites = r.modes.map((mode) => {
    const cases = r.clauses.map((c) => {
      const res = c.results[mode]!;
      const time = (res.tests.reduce((s, t) => s + t.durationMs, 0) / 1000).toFixed(3);
      const name = esc(`${c.id} ${c.title}`);
      const gated = c.kind === 'normative' && c.modes.includes(mode) && ['failed', 'cantTell', 'untested'].includes(res.verdict);
      let body = '';
      if (gated) body = `<failure type="${res.verdict}" message="${esc(res.reason ?? res.verdict)}"/>`;
      else if (res.verdict !== 'passed') body = `<skipped message="${esc(`${res.verdict}${res.reason ? `: ${res.reason}` : ''}`)}"/>`;
      return { xml: `    <testcase classname="conformance.${mode}" name="${name}" time="${time}">${body}</testcase>`, gated, skipped: !gated && res.verdict !== 'passed' };
    });
    const failures = cases.filter((c) => c.gated).length;
    const skipped = cases.filter((c) => c.skipped).length;
    return [`  <testsuite name="conformance ${mode}" tests="${cases.length}" failures="${failures}" skipped="${skipped}" timestamp="${r.startedAt}">`, ...cases.map((c) => c.xml), '  </testsuite>'].join('\n');
  });
  out.push(`<testsuites name="spec conformance">`, ...suites, '</testsuites>', '');
  return out.join('\n');
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
