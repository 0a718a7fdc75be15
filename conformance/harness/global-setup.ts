import type { FullConfig } from '@playwright/test';
import { join } from 'node:path';
import type { Mode } from '../../spec/clauses';
import { currentRun, oneLine, useRunFile, writeRunFile } from '../run/channel';
import type { Run, RunTarget } from '../run/model';
import { describeSlow, patience, resolveSlow } from '../run/slow';
import { lookupChromium } from './browser';
import { probeTarget } from './probe';

type Launcher = typeof import('../../launcher');

/**
 * Before any test: completes the run for the modes Playwright selected (config.filteredProjects,
 * so `--project` is never re-parsed here). Targets given by URL were probed by the CLI; for the
 * reference site it builds (if stale) and serves each mode on a free 127.0.0.1 port, then probes
 * it. The completed run is written to a new run file and handed to the workers (channel.ts).
 * Returns the teardown that stops every server it started. Servers also stop by themselves when
 * this process dies without teardown (Playwright skips it on SIGTERM): see launcher/guard.cjs.
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const run = currentRun();
  const modes = selectedModes(config);
  const completed: Run = { ...run, targets: run.targets.filter((t) => modes.includes(t.mode)).map((t) => ({ ...t })) };
  if (!completed.browser) {
    const found = lookupChromium();
    if (!found.ok) throw oneLine(found.message);
    completed.browser = found.choice;
  }
  // A run started without the CLI (npx playwright test) has no factor yet: measured here, before
  // the workers start (each loads playwright.config.ts again and reads it from the completed run).
  if (!completed.slow) {
    completed.slow = await resolveSlow(undefined, undefined);
    process.stdout.write(`Harness patience: ${describeSlow(completed.slow)}.\n`);
  }
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    const reference = completed.targets.filter((t) => t.reference && !t.url);
    if (reference.length) {
      // Loaded only when needed: judging a target by URL needs nothing from site/. (require, not
      // import(): Playwright transpiles required TypeScript, while import() of a folder fails.)
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const launcher = require('../../launcher') as Launcher;
      await ensureBuilt(launcher, reference.map((t) => t.mode), run);
      for (const t of reference) {
        const server = await serveReference(launcher, t.mode, run.out);
        stops.push(server.stop);
        t.url = server.url;
      }
      // The two reference builds are two different builds of one site: each is the other's "other build" (C7.3).
      const [a, b] = reference;
      if (a && b) {
        a.otherBuildUrl ??= b.url;
        b.otherBuildUrl ??= a.url;
      }
    }
    for (const t of completed.targets) await probe(t);
    useRunFile(writeRunFile(completed, join(run.out, '.run', `run-${process.pid}.json`)));
  } catch (e) {
    await stopAll();
    throw e;
  }
  return stopAll;
}

/** Modes of the selected projects: `static` and `site-static` both mean static. */
function selectedModes(config: FullConfig): Mode[] {
  const names = config.filteredProjects.map((p) => p.name.replace(/^site-/, ''));
  return (['static', 'server'] as Mode[]).filter((m) => names.includes(m));
}

/**
 * Builds the modes whose build is missing or stale, side by side: a build keeps about one and a
 * half cores busy, so two together finish well before two in a row on two cores.
 */
async function ensureBuilt(launcher: Launcher, modes: Mode[], run: Run): Promise<void> {
  if (run.options.noBuild) {
    for (const mode of modes) {
      if (!launcher.isBuildComplete(mode)) throw oneLine(`There is no ${mode} build of the reference site and this run may not build one: run npm run site:build:${mode} first.`);
    }
    return;
  }
  await launcher.withBuildLock(async () => {
    const stale = modes.filter((mode) => run.options.rebuild || !launcher.isBuildFresh(mode));
    if (!stale.length) return;
    process.stdout.write(`Building the reference site (${stale.join(' and ')})…\n`);
    await Promise.all(stale.map(async (mode) => {
      const b = await launcher.buildSite(mode, { quiet: true });
      process.stdout.write(`  ${mode} built in ${(b.ms / 1000).toFixed(1)} s\n`);
    }));
  }, { timeoutMs: patience(10 * 60_000), what: `conformance run: building the ${modes.join(' and ')} reference site` });
}

async function serveReference(launcher: Launcher, mode: Mode, out: string) {
  // The server's own output (including the errors the crash demos provoke on purpose) goes to a log file.
  const logFile = join(out, '.run', 'next-server.log');
  const server = mode === 'static'
    ? await launcher.serveStatic({ dir: launcher.buildPaths('static').output })
    // `next start`'s readiness is the harness's patience too: 30 s on the reference machine.
    : await launcher.serveServer({ logFile, timeoutMs: patience(30_000) });
  process.stdout.write(`Reference site (${mode}) at ${server.url}${mode === 'server' ? ` (server log: ${logFile})` : ''}\n`);
  return server;
}

/** Probes a target the CLI has not probed (the reference site, or a run file written by hand). */
async function probe(t: RunTarget): Promise<void> {
  if (t.probe || !t.url) return;
  const p = await probeTarget(t.url);
  if (!p.reachable) throw oneLine(p.error ?? `Target ${t.url} is unreachable.`);
  t.probe = { isThisKind: p.isThisKind, kindReason: p.kindReason, framework: p.framework, buildId: p.buildId, deploymentId: p.deploymentId, status: p.status, assetPrefix: p.assetPrefix };
}
