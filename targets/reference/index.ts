/**
 * The reference site (site/) as a target, in either delivery mode: `next build` into site/out
 * (static export) or site/.next-server (server build), reused while its sources hash the same;
 * served by the reference static host or by `next start`.
 */
import type { RunningServer } from '../../launcher';
import type { Mode } from '../../spec/clauses';
import { serveStatic } from '../hosts/static-server';
import type { ServeOptions, Target } from '../target';
import { buildSite } from './build';
import { isBuildFresh } from './freshness';
import { buildPaths } from './paths';
import { serveServer } from './serve';

export { buildPaths, siteDir } from './paths';
export { buildSite, newBuildId, SERVER_ONLY_ROUTES } from './build';
export { isBuildComplete, isBuildFresh, lastBuildId, sourceHash } from './freshness';
export { serveServer } from './serve';

export function referenceSite(mode: Mode): Target {
  return {
    name: `the reference site (${mode})`,
    mode,
    isFresh: () => isBuildFresh(mode),
    build: async () => {
      const b = await buildSite(mode, { quiet: true });
      return { ms: b.ms, buildId: b.buildId };
    },
    serve: (opts: ServeOptions = {}): Promise<RunningServer> => {
      if (mode === 'static') return serveStatic({ dir: buildPaths('static').output, port: opts.port });
      const out = opts.output ?? 'ignore';
      return serveServer({ port: opts.port, ...(typeof out === 'object' ? { logFile: out.file } : { quiet: out !== 'inherit' }) });
    },
  };
}
