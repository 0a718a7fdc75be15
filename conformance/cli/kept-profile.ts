import { copyFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Mode } from '../../spec/clauses';
import { shownPath } from '../../launcher/format';
import type { Report } from '../report/model';
import type { ProfileRef } from '../run/model';

/**
 * The scope a team keeps: --update-expectations writes what discovery found, per mode, beside the
 * expectations file, and later runs judge those routes instead of crawling again (--rediscover crawls
 * again), so a broken page cannot take its own scenario out of the run.
 */
export function keptProfileFile(baselineFile: string, mode: Mode): string {
  return join(dirname(baselineFile), `spec-conformance.profile.${mode}.json`);
}

/** After --update-expectations: each mode's discovered profile (the report's profiles/<mode>.json) kept; the lines to print. */
export function keepProfiles(report: Report, out: string, baselineFile: string, cwd: string): string[] {
  const kept: string[] = [];
  for (const t of report.targets) {
    const from = join(out, 'profiles', `${t.mode}.json`);
    if (!t.profile.startsWith('discovered') || !existsSync(from)) continue;
    const to = keptProfileFile(baselineFile, t.mode);
    copyFileSync(from, to);
    kept.push(shownPath(to, cwd));
  }
  return kept.length ? [`Profile kept: ${kept.join(', ')} (the routes discovery found): commit ${kept.length === 1 ? 'it' : 'them'} with the expectations; later runs judge these routes instead of crawling (--rediscover crawls again).`] : [];
}

/**
 * A crawl (--rediscover) against the profile kept before: a scenario the kept profile had and the
 * crawl did not find is named as gone, the reason its clauses' tests will carry.
 */
export function withGone(found: ProfileRef, kept: ProfileRef): ProfileRef {
  const gone = Object.keys(kept.content.scenarios).filter((s) => !(s in found.content.scenarios));
  if (!gone.length) return found;
  const unfilled = { ...found.unfilled };
  for (const s of gone) unfilled[s] = `what ${kept.path} (kept by --update-expectations) had for it, ${JSON.stringify((kept.content.scenarios as Record<string, unknown>)[s]).slice(0, 120)} — there last time, gone now${found.unfilled?.[s] ? ` (${found.unfilled[s]})` : ''}`;
  return { ...found, unfilled };
}

export function goneLines(found: ProfileRef, kept: ProfileRef): string[] {
  return Object.keys(kept.content.scenarios).filter((s) => !(s in found.content.scenarios)).map((s) => `  "${s}" was in ${kept.path} and this crawl found none: gone since the profile was kept (its clauses say so)`);
}
