import { existsSync } from 'node:fs';
import { join } from 'node:path';
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
