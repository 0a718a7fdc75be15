import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { MODES, type Mode } from '../../spec/clauses';
import { currentRun, oneLine, scratchOf, useRunFile, writeRunFile } from '../run/channel';
import type { Run, RunTarget } from '../run/model';
import { describeSlow, resolveSlow } from '../run/slow';
import { lookupChromium } from './browser';
import { probeTarget } from './probe';

/**
 * Before any test: a run the command resolved (cli/resolve-run.ts: the browser, the patience, every
 * target probed, the projects it asked Playwright for) is complete, and its file, written once, goes to
 * the workers as it is. Any other run — a run file written by hand, or the repository's site checks,
 * whose targets a global setup before this one served (targets/setup.ts) — is completed here for the
 * modes Playwright selected (config.filteredProjects, so `--project` is never re-parsed): the
 * browser, the patience, the probe of every target, and the projects; the completed run is written to
 * a new run file and handed to the workers (channel.ts).
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const run = currentRun();
  const modes = selectedModes(config);
  if (complete(run, modes)) return;
  const completed: Run = { ...run, targets: run.targets.filter((t) => modes.includes(t.mode)).map((t) => ({ ...t })), projects: config.filteredProjects.map((p) => p.name) };
  if (!completed.browser) {
    const found = lookupChromium();
    if (!found.ok) throw oneLine(found.message);
    completed.browser = found.choice;
  }
  // A run started without the command (npx playwright test) has no factor yet: measured here, before
  // the workers start (each loads the config again and reads it from the completed run).
  if (!completed.slow) {
    completed.slow = await resolveSlow(undefined, undefined);
    process.stdout.write(`Harness patience: ${describeSlow(completed.slow)}.\n`);
  }
  for (const t of completed.targets) await probe(t);
  useRunFile(writeRunFile(completed, join(scratchOf(run), `run-${process.pid}.json`)));
}

/** Whether the run needs nothing of global setup: its browser, patience and probes there, every target in a selected mode. */
function complete(run: Run, modes: readonly Mode[]): boolean {
  return !!run.browser && !!run.slow && run.targets.every((t) => !!t.probe && modes.includes(t.mode));
}

/** The modes a run's selected projects judge (a site-checks project `site-static` counts as static). */
export function selectedModes(config: FullConfig): Mode[] {
  const names = config.filteredProjects.map((p) => p.name.replace(/^site-/, ''));
  return MODES.filter((m) => names.includes(m));
}

/** Probes a target the CLI has not probed. */
async function probe(t: RunTarget): Promise<void> {
  if (t.probe || !t.url) return;
  const p = await probeTarget(t.url);
  if (!p.reachable) throw oneLine(p.error ?? `Target ${t.url} is unreachable.`);
  t.probe = { isThisKind: p.isThisKind, kindReason: p.kindReason, framework: p.framework, buildId: p.buildId, deploymentId: p.deploymentId, status: p.status, assetPrefix: p.assetPrefix };
}
