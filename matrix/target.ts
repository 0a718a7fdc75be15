import type { Target } from '../targets/target';
import { buildSite, ensureInstall, ensureTemplate, isFresh } from './builder';
import { serveRun } from './hosts';
import type { RunPlan } from './versions';

/**
 * A matrix run — one implementation's build (a create-next-app template of a pinned Next.js, in
 * .cache/implementations/) on one host — as a target (targets/target.ts). Building fetches the
 * template and installs the version first when they are not cached; runs that share a build (its
 * static export on our static server and on nginx) share it too: the second finds it fresh.
 */
export function implementationTarget(r: RunPlan): Target {
  return {
    name: `${r.id} (${r.host})`,
    mode: r.build.mode,
    isFresh: () => isFresh(r.build),
    build: async () => {
      await ensureTemplate(r.build.pin, r.build.site);
      await ensureInstall(r.build.pin);
      const m = await buildSite(r.build);
      return { ms: m.ms, ...(m.buildId ? { buildId: m.buildId } : {}) };
    },
    serve: () => serveRun(r),
  };
}
