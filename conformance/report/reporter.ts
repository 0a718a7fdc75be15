import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { extname, join, relative } from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import type { Mode } from '../../docs/clauses';
import { clauseIdsOf } from '../harness/clause';
import { outDir, ROOT, runInfoFile } from '../harness/paths';
import { contentHash } from '../registry/hash';
import { buildReport, selectionKey, type CollectedTest } from './build-report';
import { renderHtml } from './html';
import { renderJUnit } from './junit';
import { renderMarkdown } from './markdown';
import type { Evidence, Report } from './model';
import { readRunInfo } from './run-info';

/**
 * Playwright reporter that turns test results into clause verdicts and writes the report:
 * conformance.json (docs/report-schema.json), conformance.html, conformance.md, junit.xml and
 * the evidence files. Works the same under `merge-reports`, so sharded runs keep their verdicts.
 * When the gate fails it makes the run fail even if every test passed (e.g. untested clauses).
 */
export default class ConformanceReporter implements Reporter {
  private suite!: Suite;
  private startedAt = new Date();

  printsToStdio(): boolean {
    return false;
  }

  onBegin(_config: FullConfig, suite: Suite): void {
    this.suite = suite;
    this.startedAt = new Date();
  }

  async onEnd(result: FullResult): Promise<{ status?: FullResult["status"] } | undefined> {
    const out = outDir();
    writeCounts(this.suite, out);
    // Only the site's own checks ran (e.g. `--project site-server`): there is no clause to judge,
    // so no report and no gate (and an earlier report stays as it was).
    const all = this.suite.allTests();
    if (all.length > 0 && !all.some((t) => isClauseProject(t.parent.project()?.name))) {
      process.stdout.write('\nNo conformance project in this run (site checks only): no conformance report written.\n');
      return undefined;
    }
    const evidenceDir = join(out, 'evidence');
    rmSync(evidenceDir, { recursive: true, force: true });
    mkdirSync(evidenceDir, { recursive: true });

    const tests: CollectedTest[] = [];
    const selected = new Set<string>();
    const modes = new Set<Mode>();
    for (const test of all) {
      const mode = test.parent.project()?.name;
      if (!isClauseProject(mode)) continue;
      modes.add(mode);
      const ids = clauseIdsOf(test.tags);
      for (const id of ids) selected.add(selectionKey(id, mode));
      tests.push(collect(test, mode, ids, evidenceDir, out));
    }
    const info = readRunInfo(runInfoFile());
    const orderedModes = (['static', 'server'] as Mode[]).filter((m) => modes.has(m));
    const report = buildReport({
      tests, selected, modes: orderedModes,
      gateScope: process.env.CONFORMANCE_GATE === 'all' ? 'all' : 'selected',
      targets: (info?.targets ?? []).filter((t) => modes.has(t.mode)),
      browser: info?.browser,
      suite: suiteInfo(),
      startedAt: this.startedAt,
      finishedAt: new Date(),
      mutation: readMutation(out),
    });
    writeReport(report, out);
    const rel = relative(process.cwd(), join(out, 'conformance.html')) || 'conformance.html';
    const perMode = report.modes.map((m) => `${m}: ${summarise(report.totals[m]!)}`).join(' · ');
    process.stdout.write(`\nConformance ${report.gate.passed ? 'gate passed' : 'gate FAILED'} — ${perMode}\nReport: ${rel} (also conformance.json, conformance.md, junit.xml)\n`);
    if (!report.gate.passed) {
      for (const r of report.gate.reasons.slice(0, 20)) process.stdout.write(`  - ${r}\n`);
      if (result.status === 'passed') return { status: 'failed' };
    }
    return undefined;
  }
}

function isClauseProject(name: string | undefined): name is Mode {
  return name === 'static' || name === 'server';
}

/** Test counts over every project (site checks included), for `npm test`'s closing line. */
function writeCounts(suite: Suite, out: string): void {
  const counts = { passed: 0, failed: 0, flaky: 0, skipped: 0 };
  for (const t of suite.allTests()) {
    const o = t.outcome();
    if (o === 'expected') counts.passed++;
    else if (o === 'unexpected') counts.failed++;
    else counts[o]++;
  }
  mkdirSync(join(out, '.run'), { recursive: true });
  writeFileSync(join(out, '.run', 'counts.json'), JSON.stringify(counts));
}

export function writeReport(report: Report, out: string): void {
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'conformance.json'), JSON.stringify(report, null, 2));
  writeFileSync(join(out, 'conformance.html'), renderHtml(report));
  writeFileSync(join(out, 'conformance.md'), renderMarkdown(report));
  writeFileSync(join(out, 'junit.xml'), renderJUnit(report));
}

function collect(test: TestCase, mode: Mode, clauseIds: string[], evidenceDir: string, out: string): CollectedTest {
  const results = test.results;
  const last: TestResult | undefined = results[results.length - 1];
  const outcome = test.outcome();
  const annotations = [...test.annotations, ...results.flatMap((r) => (r as TestResult & { annotations?: TestCase['annotations'] }).annotations ?? [])];
  const verdictNote = annotations.find((a) => a.type === 'verdict')?.description;
  const skipNote = annotations.find((a) => a.type === 'skip')?.description;
  const failed = results.find((r) => r.status === 'failed' || r.status === 'timedOut' || r.status === 'interrupted');
  const evidence = new Map<string, Evidence>();
  for (const r of results) {
    for (const a of r.attachments) {
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
    skipVerdict: outcome === 'skipped' ? (verdictNote === 'inapplicable' ? 'inapplicable' : 'untested') : undefined,
    reason: outcome === 'skipped' ? skipNote?.replace(/^(inapplicable|untested): /, '') : undefined,
    durationMs: results.reduce((s, r) => s + r.duration, 0),
    attempts: results.length,
    error: failed?.error?.message ? stripAnsi(failed.error.message).slice(0, 2000) : (outcome === 'unexpected' && last?.error?.message ? stripAnsi(last.error.message).slice(0, 2000) : undefined),
    evidence: [...evidence.values()],
  };
}

function saveEvidence(a: TestResult['attachments'][number], mode: Mode, evidenceDir: string, out: string): Evidence | undefined {
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

function extFor(contentType: string): string {
  if (contentType.includes('json')) return '.json';
  if (contentType.includes('png')) return '.png';
  if (contentType.includes('zip')) return '.zip';
  if (contentType.includes('html')) return '.html';
  return '.txt';
}

function suiteInfo(): Report['suite'] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  let gitSha: string | undefined;
  try {
    gitSha = execSync('git rev-parse HEAD', { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim() || undefined;
  } catch {
    gitSha = undefined;
  }
  return { name: pkg.name, version: pkg.version, gitSha };
}

function readMutation(out: string): Report['mutation'] {
  const file = join(out, 'mutants.json');
  if (!existsSync(file)) return undefined;
  try {
    const m = JSON.parse(readFileSync(file, 'utf8')) as { summary?: Report['mutation'] };
    return m.summary;
  } catch {
    return undefined;
  }
}

function summarise(t: Record<string, number>): string {
  return Object.entries(t).filter(([, n]) => n > 0).map(([v, n]) => `${n} ${v}`).join(', ');
}

function stripAnsi(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/\u001b\[[0-9;]*m/g, '');
}
