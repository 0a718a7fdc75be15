/**
 * Prepares one implementation for judging: its template, its install, each of its builds, then a
 * server for each of its runs — all at once, because a column's "other build" (C7.3) is the
 * sibling run of the same implementation. A failed build or server fails only its columns; a failed
 * template or install rejects (every column of the implementation fails).
 */
import { existsSync } from 'node:fs';
import { seconds } from '../launcher';
import { ensureInstall, ensureTemplate, outputOf } from './builder';
import { hostUnavailable, type RunningServer } from './hosts';
import { implementationTarget } from './target';
import type { MatrixColumn } from './model';
import type { Progress } from './progress';
import type { RunPlan } from './versions';

export interface Prepared {
  implementation: string;
  runs: RunPlan[];
  /** URL of each run that is served (a run missing here has failed). */
  urls: Map<string, string>;
  servers: RunningServer[];
}

export interface PrepareContext {
  skipBuild: boolean;
  progress: Progress;
  fail(ids: string[], status: MatrixColumn['status'], error: string): void;
  /** Every server still running, whatever its implementation: what a stop or the exit ends. */
  running: Set<RunningServer>;
}

export async function prepareImplementation(impl: string, implRuns: RunPlan[], ctx: PrepareContext): Promise<Prepared> {
  const { progress, fail } = ctx;
  const builds = [...new Map(implRuns.map((r) => [r.build.id, r.build])).values()];
  const pin = builds[0].pin;
  if (!ctx.skipBuild) {
    await progress.step(`${impl}: template create-next-app@${pin.createNextApp}`, () => ensureTemplate(pin, builds[0].site), (v) => v);
    await progress.step(`${impl}: install next@${pin.next} react@${pin.react}`, () => ensureInstall(pin), (v) => v);
  }
  const ready = new Set<string>();
  for (const b of builds) {
    // The build's target: the first of its runs (its other runs serve the same build).
    const target = implementationTarget(implRuns.find((r) => r.build.id === b.id)!);
    try {
      if (ctx.skipBuild) {
        if (!existsSync(outputOf(b))) throw new Error(`no build of ${b.id} in ${outputOf(b)} (run without --skip-build)`);
      } else {
        await progress.step(`${b.id}: build`, async () => (target.isFresh() ? 'fresh, reused' : `built (next build ${seconds((await target.build()).ms, 0)})`), (v) => v);
      }
      ready.add(b.id);
    } catch (e) {
      fail(implRuns.filter((r) => r.build.id === b.id).map((r) => r.id), 'build-failed', (e as Error).message);
    }
  }
  const prepared: Prepared = { implementation: impl, runs: implRuns, urls: new Map(), servers: [] };
  for (const r of implRuns.filter((x) => ready.has(x.build.id))) {
    const why = hostUnavailable(r.host);
    if (why) {
      fail([r.id], 'serve-failed', why);
      continue;
    }
    try {
      const s = await progress.step(`${r.id}: serve (${r.host})`, () => implementationTarget(r).serve(), (v) => v.url);
      ctx.running.add(s);
      prepared.servers.push(s);
      prepared.urls.set(r.id, s.url);
    } catch (e) {
      fail([r.id], 'serve-failed', (e as Error).message);
    }
  }
  return prepared;
}

/** Stops the servers of one implementation (once all its columns are judged). */
export async function stopServers(p: Prepared, running: Set<RunningServer>): Promise<void> {
  await Promise.all(p.servers.map((s) => s.stop().catch(() => undefined)));
  for (const s of p.servers) running.delete(s);
}
