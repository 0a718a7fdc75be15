import type { ClauseResult, Report } from './model';
import { coverageLine, coverageOf } from './coverage';
import { escapeXml as esc, xmlComment } from './escape';
import { gateWords, headline } from './headline';

/** JUnit XML with one test case per clause and mode; failures are exactly what the gate counts (its scope included). */
export function renderJUnit(r: Report): string {
  // What was judged, first: a comment for whoever opens the file, and each suite's properties for CI's test views.
  const coverage = coverageOf(r);
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>', `<!-- Conformance: ${xmlComment([gateWords(r), ...headline(r).filter(Boolean)].join(' | '))} -->`];
  const suites = r.modes.map((mode) => {
    const cases = r.clauses.map((c) => {
      const res = c.results[mode]!;
      const time = (res.tests.reduce((s, t) => s + (Number(t.durationMs) || 0), 0) / 1000).toFixed(3);
      const name = esc(`${c.id} ${c.title}`);
      // The gate's scope: under --grep a clause with no selected test in this mode is not judged, so not a failure.
      const inScope = r.gate.scope === 'all' || res.tests.length > 0;
      // Reports with gate statuses (1.4.0): exactly the gate's unexpected verdicts fail; an expected one is skipped with its reason.
      const gated = res.gate ? res.gate === 'unexpected' : inScope && c.kind === 'normative' && c.modes.includes(mode) && ['failed', 'cantTell', 'untested'].includes(res.verdict);
      let body = '';
      if (gated) body = `<failure type="${esc(res.verdict)}" message="${esc(unexpectedMessage(r, c.id, mode) ?? res.reason ?? res.verdict)}"/>`;
      else if (res.gate === 'expected') body = `<skipped message="${esc(expectedMessage(res))}"/>`;
      else if (!inScope && c.kind === 'normative' && c.modes.includes(mode)) body = '<skipped message="not selected in this run (outside the gate\'s scope)"/>';
      else if (res.verdict !== 'passed') body = `<skipped message="${esc(`${res.verdict}${res.reason ? `: ${res.reason}` : ''}`)}"/>`;
      return { xml: `    <testcase classname="conformance.${esc(mode)}" name="${name}" time="${time}">${body}</testcase>`, gated, skipped: !gated && res.verdict !== 'passed' };
    });
    const failures = cases.filter((c) => c.gated).length;
    const skipped = cases.filter((c) => c.skipped).length;
    const cov = coverage.modes.find((c) => c.mode === mode);
    const props = cov ? [`    <properties><property name="coverage" value="${esc(coverageLine(cov))}"/></properties>`] : [];
    return [`  <testsuite name="conformance ${esc(mode)}" tests="${cases.length}" failures="${failures}" skipped="${skipped}" timestamp="${esc(r.startedAt)}">`, ...props, ...cases.map((c) => c.xml), '  </testsuite>'].join('\n');
  });
  // Gate reasons that belong to no clause (a shard missing from a merge, no test ran) fail the run as a whole.
  const runReasons = r.gate.findings.filter((f) => f.kind === 'run').map((f) => f.text);
  if (runReasons.length) {
    suites.push([`  <testsuite name="conformance run" tests="${runReasons.length}" failures="${runReasons.length}" skipped="0" timestamp="${esc(r.startedAt)}">`,
      ...runReasons.map((x) => `    <testcase classname="conformance.run" name="${esc(x.split(':')[0])}" time="0"><failure type="run" message="${esc(x)}"/></testcase>`), '  </testsuite>'].join('\n'));
  }
  out.push(`<testsuites name="spec conformance">`, ...suites, '</testsuites>', '');
  return out.join('\n');
}

/** The gate's lines for one clause in one mode (its parts' included): an unexpected pass says so. */
function unexpectedMessage(r: Report, id: string, mode: string): string | undefined {
  const mine = r.gate.findings.filter((f) => f.mode === mode && (f.of === id || f.of?.startsWith(`${id}/`)));
  return mine.length ? mine.map((f) => f.text).join('\n') : undefined;
}

/** An expected failure is not a JUnit failure: skipped, with what was expected and why. */
function expectedMessage(res: ClauseResult): string {
  const e = res.expectations?.filter((x) => x.met && x.expected !== 'passed') ?? [];
  const kind = e.every((x) => x.source?.startsWith('preset ')) ? 'a known deviation of the framework' : 'accepted';
  return `expected ${res.verdict} (${kind}): ${e.map((x) => `${x.of} ${x.observed}: ${x.reason}${x.source ? ` [${x.source}]` : ''}`).join('; ')}`;
}
