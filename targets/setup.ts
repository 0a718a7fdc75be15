import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { currentRun, scratchOf, useRunFile, writeRunFile } from '../conformance/run/channel';
import type { Run } from '../conformance/run/model';
import { selectedModes } from '../conformance/setup/global-setup';
import type { Mode } from '../spec/clauses';
import { referenceSite } from './reference';
import { ensureBuilt } from './target';

/**
 * Global setup of the repository's own Playwright config (playwright.config.ts at the root), run
 * before the suite's own (conformance/setup/global-setup.ts): the run's reference targets — those
 * without a URL, in the modes Playwright selected — are built if stale and served on 127.0.0.1,
 * each mode the other's "other build" (C7.3); the run with their URLs becomes the current run.
 * Returns the teardown that stops them (they also stop when this process dies: launcher/guard.cjs).
 */
export default async function referenceSetup(config: FullConfig): Promise<() => Promise<void>> {
  const run = currentRun();
  const modes = selectedModes(config);
  const reference = run.targets.filter((t) => t.reference && !t.url && modes.includes(t.mode));
  if (!reference.length) return async () => undefined;
  const targets = reference.map((t) => referenceSite(t.mode));
  const servers: { stop(): Promise<void> }[] = [];
  const stopAll = async () => {
    for (const s of servers.reverse()) await s.stop().catch(() => undefined);
  };
  try {
    await ensureBuilt(targets, { what: `conformance run: building ${targets.map((t) => t.name).join(' and ')}` });
    const urls = new Map<Mode, string>();
    for (const t of targets) {
      // The server's own output (including the errors the crash demos provoke on purpose) goes to a log file.
      const logFile = join(scratchOf(run), 'next-server.log');
      const server = await t.serve({ output: { file: logFile, append: true } });
      servers.push(server);
      urls.set(t.mode, server.url);
      process.stdout.write(`Reference site (${t.mode}) at ${server.url}${t.mode === 'server' ? ` (server log: ${logFile})` : ''}\n`);
    }
    const completed: Run = {
      ...run,
      targets: run.targets.map((t) => {
        const url = urls.get(t.mode);
        if (!url || !t.reference) return t;
        // The two reference builds are two different builds of one site: each is the other's other build.
        const other = [...urls].find(([m]) => m !== t.mode)?.[1];
        return { ...t, url, ...(t.otherBuildUrl || !other ? {} : { otherBuildUrl: other }) };
      }),
    };
    useRunFile(writeRunFile(completed, join(scratchOf(run), `run-reference-${process.pid}.json`)));
  } catch (e) {
    await stopAll();
    throw e;
  }
  return stopAll;
}
