import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { stripVTControlCharacters as stripAnsi } from 'node:util';
import type { TestCase, TestResult } from '@playwright/test/reporter';
import type { Mode } from '../../spec/clauses';
import { contentHash } from '../../spec/registry/hash';
import type { CollectedTest } from './build-report';
import type { Evidence } from './model';
import { classifyTest, partsOf } from '../outcome/classify';
import { TIMING_ANNOTATION, type TestTiming } from '../observers/timing';
import { FACTS_ATTACHMENT } from '../run/facts';
import { ROOT } from '../../spec/root';

/** The timing the harness noted on an attempt (observers/timing.ts), if any. */
function timingOf(r: TestResult | undefined): TestTiming | undefined {
  const note = r?.annotations?.find((a) => a.type === TIMING_ANNOTATION);
  try { return note?.description ? (JSON.parse(note.description) as TestTiming) : undefined; } catch { return undefined; }
}

/** One Playwright test case → the report's CollectedTest, its attachments copied into the evidence folder. */
export function collect(test: TestCase, mode: Mode, clauseIds: string[], evidenceDir: string, out: string): CollectedTest {
  const results = test.results;
  const last: TestResult | undefined = results[results.length - 1];
  const outcome = test.outcome();
  // A result's annotations include the test's static ones and those added while it ran; the
  // test case's own list repeats the last run's, so each attempt is read from its result alone.
  const notesOf = (r: TestResult | undefined) => (r?.annotations?.length ? r.annotations : test.annotations);
  const judged = classifyTest({ attempts: results.map((r) => ({ status: r.status, annotations: notesOf(r), errors: r.errors })) });
  const { staticParts, outcomes, advisories, observed } = partsOf(notesOf(last));
  const failed = results.find((r) => r.status === 'failed' || r.status === 'timedOut' || r.status === 'interrupted');
  const evidence = new Map<string, Evidence>();
  for (const r of results) {
    for (const a of r.attachments) {
      // The run's facts ride on a worker's first test (setup/run-facts.ts): the report's header, not this test's evidence.
      if (a.name === FACTS_ATTACHMENT) continue;
      const e = saveEvidence(a, mode, evidenceDir, out);
      if (e) evidence.set(e.sha256, e);
    }
  }
  return {
    mode, clauseIds,
    title: test.title,
    file: relative(ROOT, test.location.file),
    line: test.location.line,
    outcome: outcome === 'expected' ? 'passed' : outcome === 'unexpected' ? 'failed' : outcome,
    skipVerdict: outcome === 'skipped' ? (judged.verdict === 'inapplicable' || judged.verdict === 'cantTell' ? judged.verdict : 'untested') : undefined,
    verdict: judged.verdict,
    reason: judged.reason,
    ...(judged.notJudged ? { notJudged: judged.notJudged } : {}),
    ...(judged.retry ? { retry: judged.retry } : {}),
    parts: staticParts.length ? staticParts : undefined,
    partOutcomes: outcomes.length ? outcomes : undefined,
    advisories: advisories.length ? advisories : undefined,
    observed: observed.length ? observed : undefined,
    durationMs: results.reduce((s, r) => s + r.duration, 0),
    timing: timingOf(last),
    attempts: results.length,
    error: failed?.error?.message ? stripAnsi(failed.error.message).slice(0, 2000) : (outcome === 'unexpected' && last?.error?.message ? stripAnsi(last.error.message).slice(0, 2000) : undefined),
    evidence: [...evidence.values()],
  };
}

export function saveEvidence(a: TestResult['attachments'][number], mode: Mode, evidenceDir: string, out: string): Evidence | undefined {
  let data: Buffer | undefined;
  if (a.body) data = a.body;
  else if (a.path && existsSync(a.path)) data = readFileSync(a.path);
  if (!data) return undefined;
  const sha256 = contentHash(data);
  const ext = extname(a.path ?? '') || extFor(a.contentType);
  const file = join(evidenceDir, mode, `${sha256.slice(0, 16)}-${a.name.replace(/[^\w.-]+/g, '_')}${ext}`);
  mkdirSync(join(evidenceDir, mode), { recursive: true });
  if (!existsSync(file)) {
    if (a.path && !a.body) copyFileSync(a.path, file);
    else writeFileSync(file, data);
  }
  return { name: a.name, contentType: a.contentType, path: relative(out, file), sha256, bytes: statSync(file).size };
}

export function extFor(contentType: string): string {
  if (contentType.includes('json')) return '.json';
  if (contentType.includes('png')) return '.png';
  if (contentType.includes('zip')) return '.zip';
  if (contentType.includes('html')) return '.html';
  return '.txt';
}
