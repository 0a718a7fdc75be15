import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT } from '../../spec/root';
import type { Run, RunTarget } from './model';

/**
 * THE way a run reaches Playwright: the environment variable CONFORMANCE_RUN holds the absolute
 * path of a JSON file with the Run (model.ts). The CLI writes it; global setup may write a
 * completed copy (served targets' URLs, probe facts) and point the variable at it before the
 * workers start. Nothing else in the project reads CONFORMANCE_* variables or process.argv to learn
 * about the run. Without the variable (plain `npx playwright test`), the run is the default run —
 * no target, unless the Playwright config in use says otherwise (setDefaultRun: the repository's
 * own config makes it its reference site in both modes).
 */
export const RUN_ENV = 'CONFORMANCE_RUN';

let cached: { file: string | undefined; run: Run } | undefined;
let fallback: () => Run = () => defaultRun();

/** The run of a process whose environment names no run file (a Playwright config sets it before anything reads the run). */
export function setDefaultRun(make: () => Run): void {
  fallback = make;
  cached = undefined;
}

/** The current run: the file named by CONFORMANCE_RUN, else the default run. Read once per process and file. */
export function currentRun(): Run {
  const file = process.env[RUN_ENV] || undefined;
  if (cached && cached.file === file) return cached.run;
  const run = file ? readRunFile(file) : fallback();
  cached = { file, run };
  return run;
}

export function readRunFile(file: string): Run {
  let data: Run;
  try {
    data = JSON.parse(readFileSync(file, 'utf8')) as Run;
  } catch (e) {
    throw oneLine(`The run file ${file} (named by ${RUN_ENV}) cannot be read: ${(e as Error).message}; start the suite with npx spec-conformance.`);
  }
  if (data?.version !== 1 || !Array.isArray(data.targets)) throw oneLine(`The run file ${file} (named by ${RUN_ENV}) is not a run of this suite (version 1); start the suite with npx spec-conformance.`);
  return data;
}

/** The run's working folder: run files, the discovery, Playwright's own output (Run.scratch, else <out>/.run). */
export function scratchOf(run: Pick<Run, 'out' | 'scratch'>): string {
  return run.scratch ?? join(run.out, '.run');
}

/** Writes the run as JSON (atomically: temp file, then rename) and returns the file. */
export function writeRunFile(run: Run, file = join(scratchOf(run), 'run.json')): string {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(run, null, 2)}\n`);
  renameSync(tmp, file);
  return file;
}

/** Makes `file` the current run of this process and of every process it starts from now on. */
export function useRunFile(file: string): void {
  process.env[RUN_ENV] = file;
  cached = undefined;
}

/** The environment entry that hands a run file to a child process. */
export function runEnv(file: string): Record<string, string> {
  return { [RUN_ENV]: file };
}

export function defaultRun(overrides: Partial<Run> = {}): Run {
  return {
    version: 1,
    kind: 'test',
    targets: [],
    out: join(ROOT, 'reports'),
    gateScope: 'selected',
    options: { force: false, reporters: [], playwrightArgs: [] },
    discovery: { enabled: false, ignoreRobots: false },
    ...overrides,
  };
}

export function targetOf(run: Run, mode: RunTarget['mode']): RunTarget | undefined {
  return run.targets.find((t) => t.mode === mode);
}

/** An Error whose stack is its message, so Playwright and Node print one sentence, not a trace. */
export function oneLine(message: string): Error {
  const e = new Error(message);
  e.stack = message;
  return e;
}
