import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { MODES, type Run, type RunTarget } from './model';
import type { TargetProfile } from './profile';

/**
 * THE way a run reaches Playwright: the environment variable CONFORMANCE_RUN holds the absolute
 * path of a JSON file with the Run (model.ts). The CLI writes it; global setup may write a
 * completed copy (reference URLs, probe facts) and point the variable at it before the workers
 * start. Nothing else in the project reads CONFORMANCE_* variables or process.argv to learn
 * about the run. Without the variable (plain `npx playwright test`), the run is the default:
 * the reference site in both modes, reports/ as the output folder, gate over the selected clauses.
 */
export const RUN_ENV = 'CONFORMANCE_RUN';

/**
 * Repository (or installed package) root: this file lives in conformance/run, or, compiled for the
 * package (npm run build:cli, tsconfig.cli.json), in dist/conformance/run.
 */
export const ROOT = packageRoot(resolve(__dirname, '..', '..'));

export function packageRoot(up: string): string {
  return basename(up) === 'dist' && existsSync(join(up, '..', 'package.json')) ? resolve(up, '..') : up;
}
export const REFERENCE_PROFILE_FILE = join(ROOT, 'fixtures', 'targets', 'reference.json');

let cached: { file: string | undefined; run: Run } | undefined;

/** The current run: the file named by CONFORMANCE_RUN, else the default run. Read once per process and file. */
export function currentRun(): Run {
  const file = process.env[RUN_ENV] || undefined;
  if (cached && cached.file === file) return cached.run;
  const run = file ? readRunFile(file) : defaultRun();
  cached = { file, run };
  return run;
}

export function readRunFile(file: string): Run {
  let data: Run;
  try {
    data = JSON.parse(readFileSync(file, 'utf8')) as Run;
  } catch (e) {
    throw oneLine(`The run file ${file} (named by ${RUN_ENV}) cannot be read: ${(e as Error).message}; start the suite with npm run conformance.`);
  }
  if (data?.version !== 1 || !Array.isArray(data.targets)) throw oneLine(`The run file ${file} (named by ${RUN_ENV}) is not a run of this suite (version 1); start the suite with npm run conformance.`);
  return data;
}

/** Writes the run as JSON (atomically: temp file, then rename) and returns the file. */
export function writeRunFile(run: Run, file = join(run.out, '.run', 'run.json')): string {
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
    targets: MODES.map(referenceTarget),
    out: join(ROOT, 'reports'),
    gateScope: 'selected',
    options: { force: false, rebuild: false, noBuild: false, reporters: [], playwrightArgs: [] },
    discovery: { enabled: false, ignoreRobots: false },
    ...overrides,
  };
}

export function referenceTarget(mode: RunTarget['mode']): RunTarget {
  return {
    mode,
    reference: true,
    profile: { path: REFERENCE_PROFILE_FILE, source: 'reference', content: JSON.parse(readFileSync(REFERENCE_PROFILE_FILE, 'utf8')) as TargetProfile },
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
