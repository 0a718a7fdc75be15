import fs from 'node:fs';
import { buildPaths } from '../targets/reference';
import type { Mode } from '../spec/clauses';

// 4. Build time per mode: timed by main.ts with --build, else read from the build markers.

export interface BuildTime {
  mode: Mode;
  ms: number | null;
  source: string;
}

export function markerBuildTime(mode: Mode): BuildTime {
  try {
    const m = JSON.parse(fs.readFileSync(buildPaths(mode).marker, 'utf8')) as { ms?: unknown; builtAt?: unknown };
    if (typeof m.ms === 'number') return { mode, ms: m.ms, source: `build marker (built ${String(m.builtAt)})` };
  } catch {
    /* no marker */
  }
  return { mode, ms: null, source: 'not measured in this run' };
}
