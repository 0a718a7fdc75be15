import { fixtureSite } from '../targets/fixture-site';
import { withQuietBuildLock } from './util';

/** The benchmark's baseline app: fixtures/bare-next, a fixture site (targets/fixture-site.ts) in its static mode. */
export const BARE = fixtureSite({ name: 'bare-next', mode: 'static' });

/** Builds the bare app anew, with no other `next build` on the machine; returns its export folder and build time. */
export async function buildBare(): Promise<{ out: string; ms: number }> {
  const { ms } = await withQuietBuildLock(() => BARE.build());
  return { out: BARE.output, ms };
}
