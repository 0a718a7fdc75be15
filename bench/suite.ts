import fs from 'node:fs';
import path from 'node:path';
import { defaultRun, referenceTarget, runEnv, writeRunFile } from '../conformance/run/channel';
import { buildPaths, repoRoot, serveServer, serveStatic, type SiteMode } from '../site/scripts/launcher';
import { load, run } from './util';

// 3. Wall time of the conformance suite per mode (existing builds), and per clause from the report it writes.

export interface ReportTest {
  title: string;
  outcome: string;
  durationMs: number;
}

export interface SuiteTiming {
  mode: SiteMode;
  wallMs: number;
  exitCode: number;
  gate: string;
  outcomes: Record<string, number>;
  clauses: { id: string; ms: number; tests: number }[];
  slowest: { clause: string; title: string; ms: number; outcome: string }[];
  load: string;
  logFile: string;
}

export async function timeSuite(mode: SiteMode, workDir: string): Promise<SuiteTiming> {
  const out = path.join(workDir, `suite-${mode}`);
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  const logFile = path.join(workDir, `suite-${mode}.log`);
  // C7.3 compares two builds: serve the other mode's build as "the other build", as a run of both
  // modes does (started before the clock, so it is not in the time).
  const other = mode === 'static' ? await serveServer({ quiet: true }) : await serveStatic({ dir: buildPaths('static').output });
  const loadBefore = load();
  let r: { code: number; ms: number };
  try {
    // The run as the CLI would hand it over (conformance/run/): existing builds only, the other build given.
    const runFile = writeRunFile(defaultRun({
      out,
      targets: [{ ...referenceTarget(mode), otherBuildUrl: other.url }],
      options: { force: false, rebuild: false, noBuild: true, reporters: [], playwrightArgs: [] },
    }));
    r = await run(path.join(repoRoot(), 'node_modules', '.bin', 'playwright'), ['test', '--project', mode, '--reporter', 'dot,./conformance/report/reporter.ts'], {
      cwd: repoRoot(),
      env: { ...runEnv(runFile), NEXT_TELEMETRY_DISABLED: '1' },
      logFile,
    });
  } finally {
    await other.stop();
  }
  const gate = /Conformance gate (\w+)[^\n]*/.exec(fs.readFileSync(logFile, 'utf8'))?.[0] ?? 'no gate line in the log';
  const reportFile = path.join(out, 'conformance.json');
  if (!fs.existsSync(reportFile)) throw new Error(`The ${mode} suite run wrote no report (exit ${r.code}); log: ${logFile}`);
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as {
    clauses: { id: string; results: Record<string, { tests: ReportTest[] } | undefined> }[];
  };
  const outcomes: Record<string, number> = {};
  const clauses: SuiteTiming['clauses'] = [];
  const tests: SuiteTiming['slowest'] = [];
  for (const c of report.clauses) {
    const list = c.results[mode]?.tests ?? [];
    if (!list.length) continue;
    let sum = 0;
    for (const t of list) {
      outcomes[t.outcome] = (outcomes[t.outcome] ?? 0) + 1;
      sum += t.durationMs;
      tests.push({ clause: c.id, title: t.title, ms: t.durationMs, outcome: t.outcome });
    }
    clauses.push({ id: c.id, ms: sum, tests: list.length });
  }
  clauses.sort((a, b) => b.ms - a.ms);
  tests.sort((a, b) => b.ms - a.ms);
  return { mode, wallMs: r.ms, exitCode: r.code, gate, outcomes, clauses, slowest: tests.slice(0, 8), load: `${loadBefore} → ${load()}`, logFile };
}
