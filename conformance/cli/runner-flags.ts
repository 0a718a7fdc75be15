import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { shownPath } from '../../launcher/format';
import { spawnGuarded } from '../../launcher/group';
import { readReport } from '../report/validate';
import { UsageError, type RunArgs } from '../run/args';
import { defaultRun, runEnv, writeRunFile } from '../run/channel';
import { makeScratch, removeScratch, tmpEnv } from './scratch';
import { suiteRoot } from './suite-root';

/** The package's own Playwright command (bundled in its tarball, never the project's copy). */
export function playwrightCli(): string {
  let bin = '';
  try { bin = require.resolve('@playwright/test/cli'); } catch { /* said below */ }
  if (!bin || !existsSync(bin)) throw new UsageError('Playwright is not installed here: run npm install first.');
  return bin;
}

/** The suite's own Playwright config in the folder Playwright runs from. */
export function suiteConfigFile(root: string): string {
  return join(root, 'conformance', 'playwright.config.ts');
}

/**
 * --list: the tests (of --mode's project, or both; --grep applies), as Playwright lists them — no
 * config, target, browser or network needed. Resolves to Playwright's exit code.
 */
export async function listTests(args: RunArgs): Promise<number> {
  const scratch = makeScratch();
  try {
    const file = writeRunFile(defaultRun({ out: scratch, scratch }));
    const root = suiteRoot();
    const modes = args.mode ? [args.mode] : args.projects;
    const pwArgs = ['test', '--config', suiteConfigFile(root), '--reporter', 'list', ...modes.flatMap((m) => ['--project', m]), ...args.playwrightArgs];
    const pw = spawnGuarded(process.execPath, [playwrightCli(), ...pwArgs], { cwd: root, env: { ...process.env, ...runEnv(file), ...tmpEnv(scratch), NEXT_TELEMETRY_DISABLED: '1' }, stdio: 'inherit' });
    return await pw.exited;
  } finally {
    removeScratch({ scratch });
  }
}

/** Where the report goes when neither --out nor the config says (cli/resolve-run.ts): the folder a report's paths are relative to. */
const DEFAULT_OUT = 'reports';

/**
 * --show-trace <file>: a trace the report names, opened in the trace viewer of the package's own
 * Playwright — the one that recorded it (a project's own `npx playwright` may be an older one, whose
 * viewer refuses a newer trace). The file as given from the working folder (the console's path),
 * else inside the report's folder (--out, default reports/: the HTML report's path). Resolves to
 * the viewer's exit code (it serves until stopped).
 */
export async function showTrace(file: string, out = DEFAULT_OUT, cwd = process.cwd()): Promise<number> {
  const found = [resolve(cwd, file), resolve(cwd, out, file)].find((f) => existsSync(f) && statSync(f).isFile());
  if (!found) throw new UsageError(`--show-trace: there is no trace ${file} here nor in ${shownPath(resolve(cwd, out), cwd)}/: give the path the report names (or the report's folder with --out).`);
  // Served on this machine and opened in the browser at hand: the viewer's own window needs a Chromium
  // of its Playwright's revision (or Chrome, Edge), which a project with another Playwright's browsers lacks.
  console.log(`The trace viewer of the Playwright that recorded ${shownPath(found, cwd)}: open the address below in a browser; Ctrl+C stops it.`);
  const viewer = spawnGuarded(process.execPath, [playwrightCli(), 'show-trace', '--host', '127.0.0.1', '--port', '0', found], { cwd, env: process.env, stdio: 'inherit' });
  return await viewer.exited;
}

/**
 * --last-failed: a --grep for the clauses that failed the gate in the last report in `out` (Playwright's
 * own record of failed tests lives in the run's working folder, removed when the run ends).
 */
export function lastFailedArgs(out: string, cwd: string): { args: string[]; line: string } {
  const file = join(out, 'conformance.json');
  const shown = shownPath(file, cwd);
  if (!existsSync(file)) throw new UsageError(`--last-failed reruns the clauses that failed the gate in the last report, and ${shown} does not exist: run once without it (or give the --out of that run).`);
  const read = readReport(file);
  if ('problem' in read) throw new UsageError(`--last-failed reads the last report, and ${shown} cannot be read: ${read.problem}.`);
  const ids = [...new Set(read.report.gate.findings.flatMap((f) => (f.of ? [f.of.split('/')[0]] : [])))];
  if (!ids.length) throw new UsageError(`--last-failed found no clause that failed the gate in ${shown}${read.report.gate.passed ? ' (its gate passed)' : ''}: nothing to rerun; run without it.`);
  const pattern = `@(?:${ids.map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![.\\d])`;
  return { args: ['--grep', pattern], line: `Last failed: ${ids.join(', ')} (from ${shown}), run again.` };
}
