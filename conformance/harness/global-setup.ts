import type { FullConfig } from '@playwright/test';
import { chromium } from '@playwright/test';
import type { Mode } from '../../docs/clauses';
import { writeRunInfo, type RunInfo } from '../report/run-info';
import type { TargetInfo } from '../report/model';
import { CHROMIUM_ARGS, findChromium } from './browser';
import { outDir, runInfoFile } from './paths';
import { join } from 'node:path';
import { probeTarget } from './probe';
import { env } from './target';
import * as site from '../../site/scripts/site';

/**
 * Before any test: for each mode of the run, either takes the target given in the environment
 * (CONFORMANCE_URL_<MODE>) or builds and serves the reference site itself on a free port; probes
 * every target (unreachable → fail within seconds, naming the URL; not this kind of site → every
 * test of that mode becomes `untested` with the reason); records what it saw for the report.
 * Returns the teardown that stops every server it started.
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const modes = selectedModes(config);
  const stops: (() => Promise<void>)[] = [];
  const targets: TargetInfo[] = [];
  try {
    const reference = modes.filter((m) => !env.url(m));
    if (reference.length) {
      for (const mode of reference) {
        await site.withBuildLock(async () => {
          if (process.env.CONFORMANCE_NO_BUILD === '1') return;
          if (process.env.CONFORMANCE_REBUILD !== '1' && site.isBuildFresh(mode)) return;
          process.stdout.write(`Building the reference site (${mode})…\n`);
          const b = await site.buildSite(mode, { quiet: true });
          process.stdout.write(`  built in ${(b.ms / 1000).toFixed(1)} s\n`);
        }, { timeoutMs: 10 * 60_000 });
      }
      for (const mode of reference) {
        // The server's own output (including the errors the crash demos provoke on purpose) goes to a log file.
        const logFile = join(outDir(), '.run', 'next-server.log');
        const server = mode === 'static' ? await site.serveStatic({ dir: site.buildPaths('static').output }) : await site.serveServer({ logFile });
        stops.push(server.stop);
        env.setUrl(mode, server.url);
        process.stdout.write(`Reference site (${mode}) at ${server.url}${mode === 'server' ? ` (server log: ${logFile})` : ''}\n`);
      }
      // The two reference builds are two different builds of one site: each is the other's "other build" (C7.3).
      if (reference.length === 2) {
        if (!env.otherBuild('static')) env.setOtherBuild('static', env.url('server')!);
        if (!env.otherBuild('server')) env.setOtherBuild('server', env.url('static')!);
      }
    }
    for (const mode of modes) {
      const url = env.url(mode)!;
      const p = await probeTarget(url);
      if (!p.reachable) throw new Error(p.error);
      if (!p.isThisKind && process.env.CONFORMANCE_FORCE !== '1') env.setNotKind(mode, p.kindReason);
      targets.push({
        mode, url, reference: reference.includes(mode), profile: env.profileFile(), otherBuildUrl: env.otherBuild(mode),
        framework: p.framework, buildId: p.buildId, deploymentId: p.deploymentId, isThisKind: p.isThisKind, kindReason: p.kindReason,
      });
    }
    const info: RunInfo = { targets, browser: await browserFacts(targets) };
    writeRunInfo(runInfoFile(), info);
  } catch (e) {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    throw e;
  }
  return async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
}

/** Modes to prepare: $CONFORMANCE_MODES, else the --project flags given to Playwright, else both. */
function selectedModes(config: FullConfig): Mode[] {
  // Projects are named after their mode ("static") or prefixed ("site-static" for the site checks).
  const modeOf = (name: string) => name.replace(/^site-/, '');
  const all = [...new Set(config.projects.map((p) => modeOf(p.name)))].filter((n): n is Mode => n === 'static' || n === 'server');
  const fromEnv = process.env.CONFORMANCE_MODES?.split(',').map((s) => s.trim()).filter(Boolean);
  if (fromEnv?.length) return all.filter((m) => fromEnv.includes(m));
  const argv = process.argv;
  const picked: string[] = [];
  argv.forEach((a, i) => {
    if (a === '--project' && argv[i + 1]) picked.push(argv[i + 1]);
    else if (a.startsWith('--project=')) picked.push(a.slice('--project='.length));
  });
  return picked.length ? all.filter((m) => picked.map(modeOf).includes(m)) : all;
}

/** Browser name/version, and the framework version the target exposes in the page (window.next.version). */
async function browserFacts(targets: TargetInfo[]): Promise<RunInfo['browser']> {
  const choice = findChromium();
  const browser = await chromium.launch({ executablePath: choice.executablePath, args: CHROMIUM_ARGS });
  try {
    for (const t of targets) {
      if (t.isThisKind === false) continue;
      const page = await browser.newPage();
      try {
        await page.goto(t.url, { timeout: 15_000 });
        const v = await page.evaluate(() => (window as unknown as { next?: { version?: string } }).next?.version).catch(() => undefined);
        if (v) {
          t.framework = 'Next.js';
          t.frameworkVersion = v;
        }
      } catch {
        // The probe already established reachability; a slow page only loses the version.
      } finally {
        await page.close();
      }
    }
    return { name: 'chromium', version: browser.version(), source: choice.source };
  } finally {
    await browser.close();
  }
}
