import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { FullConfig, FullResult, Reporter, Suite, TestError } from '@playwright/test/reporter';
import { MODES, type Mode } from '../../spec/clauses';
import { clauseIdsOf } from '../harness/clause';
import { currentRun } from '../run/channel';
import { loadPresets } from '../expectations/model';
import { checkShards, factsByMode, shardReasons } from '../run/facts';
import { buildReport, selectionKey, type CollectedTest } from './build-report';
import { failRun } from './gate';
import { collect } from './collect';
import { sampleOf } from './coverage';
import { writeReport } from './write';
import type { Report } from './model';
import { mutationOf } from './mutation';
import { ForeignEntries, publish, stagingDir, writeLastRun } from './publish';
import { browserFromFacts, factsFromSuite, slowFromFacts, targetsFromFacts } from './run-info';
import { ROOT } from '../../spec/root';
import { runSync } from '../../launcher/run-sync';
import { retriedTests } from './retries';
import { shownPath } from '../../launcher/format';
import { consoleLine } from './escape';

/**
 * Playwright reporter that turns test results into clause verdicts and writes the report:
 * conformance.json (spec/schemas/report-schema.json), conformance.html, conformance.md, junit.xml and
 * the evidence files. The run's facts (targets, browser, shards) come from the results
 * themselves, so `merge-reports` of shards run elsewhere gives the same report; a shard missing
 * from a merge fails the gate. The report is staged and moved into place when complete; a run in
 * which no clause test ran keeps the previous report. When the gate fails it makes the run fail
 * even if every test passed (e.g. untested clauses).
 */
export default class ConformanceReporter implements Reporter {
  private suite: Suite | undefined;
  private config: FullConfig | undefined;
  private startedAt = new Date();
  private errors: string[] = [];

  printsToStdio(): boolean {
    return false;
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.config = config;
    this.suite = suite;
    this.startedAt = new Date();
  }

  onError(error: TestError): void {
    const text = stripVTControlCharacters(error.message ?? error.value ?? '').split('\n')[0];
    if (text) this.errors.push(text);
  }

  async onEnd(result: FullResult): Promise<{ status?: FullResult['status'] } | undefined> {
    const out = currentRun().out;
    const all = this.suite?.allTests() ?? [];
    const shard = this.config?.shard;
    if (shard) {
      say(`\nShard ${shard.current} of ${shard.total}: no conformance report from one shard; merge the shards' blob reports (npx spec-conformance --merge <folder>).\n`);
      writeLastRun(out, { status: 'shard', reason: `shard ${shard.current} of ${shard.total}` });
      return undefined;
    }
    // Only the site's own checks ran (e.g. `--project site-server`): no clause to judge, no report, no gate.
    if (all.length > 0 && !all.some((t) => isClauseProject(t.parent.project()?.name))) {
      say('\nNo conformance project in this run (site checks only): no conformance report written.\n');
      return undefined;
    }
    const clauseTests = all.filter((t) => isClauseProject(t.parent.project()?.name));
    if (!clauseTests.some((t) => t.results.length > 0)) {
      const noMatch = 'no conformance test matched the selection (check --grep and --mode)';
      const error = this.errors[0]?.replace(/^Error: /, '');
      const reason = error && !/^No tests found/.test(error) ? error : clauseTests.length ? `the run stopped (${result.status}) before any conformance test started` : noMatch;
      writeLastRun(out, { status: 'not-run', reason });
      const sentence = reason.replace(/\.$/, '');
      say(`\nNo conformance test ran: ${consoleLine(sentence)}. The previous report in ${shownPath(out)} is kept (see last-run.json).\n`);
      return { status: 'failed' };
    }

    const staging = stagingDir(out);
    const tests: CollectedTest[] = [];
    const selected = new Set<string>();
    const modes = new Set<Mode>();
    for (const test of clauseTests) {
      const mode = test.parent.project()!.name as Mode;
      modes.add(mode);
      const ids = clauseIdsOf(test.tags);
      for (const id of ids) selected.add(selectionKey(id, mode));
      tests.push(collect(test, mode, ids, join(staging, 'evidence'), staging));
    }
    const facts = factsFromSuite(this.suite);
    const report = buildReport({
      tests, selected,
      modes: MODES.filter((m) => modes.has(m)),
      // The shards' own scope when merging their results; else this run's.
      gateScope: facts[0]?.gateScope ?? currentRun().gateScope,
      targets: targetsFromFacts(facts, modes),
      browser: browserFromFacts(facts),
      slow: slowFromFacts(facts) ?? currentRun().slow,
      access: facts.find((f) => f.access)?.access,
      suite: suiteInfo(),
      startedAt: this.startedAt,
      finishedAt: new Date(),
      mutation: mutationOf(out),
      expectations: currentRun().expectations,
      levels: currentRun().gateLevels,
      expectationSources: currentRun().expectationSources,
      presets: [...loadPresets().values()],
    });
    // The every-page clauses' sample of a large site: pages checked of pages found, said in the headline.
    const sampled = [...factsByMode(facts).values()].flatMap((f) => {
      const s = sampleOf(f.profile.content.scenarios?.sitePages);
      return s && s.found > s.checked ? [{ mode: f.mode, ...s }] : [];
    });
    if (sampled.length) report.sampled = sampled;
    // What discovery observed that bears on the pending clauses, carried by the run facts: kept beside the verdicts.
    const observed = facts.find((f) => f.observations)?.observations;
    if (observed && Object.keys(observed).length) report.observed = observed as Record<string, unknown>;
    const run = currentRun();
    const blobs = run.kind === 'merge' && run.mergeFrom && existsSync(run.mergeFrom) ? readdirSync(run.mergeFrom) : [];
    const missing = shardReasons(checkShards(facts, blobs));
    report.gate = failRun(report.gate, missing);
    writeReport(report, staging);
    for (const f of factsByMode(facts).values()) writeJson(join(staging, 'profiles', `${f.mode}.json`), f.profile.content);
    let replaced: boolean;
    try {
      replaced = publish(staging, out);
    } catch (e) {
      // Someone else's file where the report goes (it came during the run: the CLI checks before): it is left alone.
      if (!(e instanceof ForeignEntries)) throw e;
      writeLastRun(out, { status: 'not-run', reason: e.message });
      say(`\n${e.message}\n`);
      return { status: 'failed' };
    }
    writeLastRun(out, { status: 'report', gatePassed: report.gate.passed });

    // Started by the command (npx spec-conformance): it prints the summary, with paths from where it was started.
    if (currentRun().cwd) return report.gate.passed || result.status !== 'passed' ? undefined : { status: 'failed' };
    const perMode = report.modes.map((m) => `${m}: ${summarise(report.totals[m]!)}`).join(' · ');
    say(`\nConformance ${report.gate.passed ? 'gate passed' : 'gate FAILED'} — ${perMode}\nReport: ${shownPath(join(out, 'conformance.html'))} (also conformance.json, conformance.md, junit.xml${replaced ? '; the one before is in previous/' : ''})\n`);
    const retried = retriedTests(report);
    if (retried.length) {
      const onRetry = retried.filter((x) => x.test.retry!.counted === 'passed').length;
      say(`Tried again: ${retried.length} test(s) — ${onRetry} passed on retry (the first attempt could not complete: the runner's), ${retried.length - onRetry} flaky (the first attempt saw a contradiction: cantTell). Their words are in the report.\n`);
    }
    if (report.gate.expected?.length) {
      say(`${report.gate.expected.length} verdict(s) not passed but expected (known deviations; not counted against the gate):\n`);
      for (const x of report.gate.expected.slice(0, 20)) say(`  ~ ${consoleLine(x)}\n`);
    }
    if (!report.gate.passed) {
      for (const r of report.gate.reasons.slice(0, 20)) say(`  - ${consoleLine(r)}\n`);
      if (result.status === 'passed') return { status: 'failed' };
    }
    return undefined;
  }
}

function isClauseProject(name: string | undefined): name is Mode {
  return name === 'static' || name === 'server';
}

const say = (text: string) => process.stdout.write(text);

function writeJson(file: string, data: unknown): void {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}

function suiteInfo(): Report['suite'] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  const git = runSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, timeoutMs: 5_000 });
  const gitSha = (git.status === 0 && git.stdout.trim()) || undefined;
  return { name: pkg.name, version: pkg.version, gitSha };
}

function summarise(t: Record<string, number>): string {
  return Object.entries(t).filter(([, n]) => n > 0).map(([v, n]) => `${n} ${v}`).join(', ');
}
