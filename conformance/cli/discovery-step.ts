import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Mode } from '../../spec/clauses';
import { shownPath, since } from '../../launcher/format';
import { writeDiscovery } from '../discovery/store';
import { scratchOf } from '../run/channel';
import type { ProfileRef, Run } from '../run/model';

/** How often a long crawl says how far it got. */
const PROGRESS_MS = 10_000;

/**
 * Crawls the target (discovery) and returns the profile to use: the discovered one, or
 * the hand-written one with the gaps filled. Writes --write-profile and <out>/.run/discovery.json
 * (pages and observations, for the report). Discovery (and the browser it drives) is loaded only
 * when a run crawls.
 */
export async function discoverProfile(run: Pick<Run, 'out' | 'scratch' | 'discovery' | 'browser'>, target: string, mode: Mode, hand: ProfileRef | undefined): Promise<ProfileRef> {
  const mod = await import('../discovery/index');
  process.stdout.write(`Discovering ${target} (at most ${run.discovery.maxPages ?? 200} pages read${run.discovery.allPages ? '; every page found is checked' : ''})…\n`);
  const started = Date.now();
  // A crawl of a large site takes minutes: a line every PROGRESS_MS says it is moving.
  let said = started;
  const onPage = (n: number) => {
    if (Date.now() - said < PROGRESS_MS) return;
    said = Date.now();
    process.stdout.write(`  … ${n} pages read (${since(started)})\n`);
  };
  const found = await mod.discover({ target, mode, maxPages: run.discovery.maxPages, ignoreRobots: run.discovery.ignoreRobots, allPages: run.discovery.allPages, executablePath: run.browser?.executablePath, onPage });
  const stopped = found.crawl?.stoppedBy === 'maxPages' ? `, stopped at its limit of ${run.discovery.maxPages ?? 200} pages` : found.crawl?.stoppedBy === 'timeBudget' ? ', stopped by the time budget' : '';
  process.stdout.write(`  ${found.pages.length} pages read in ${since(started)}${stopped}; ${Object.keys(found.profile.scenarios).length} scenarios filled\n`);
  const merged = hand ? mod.mergeProfiles(hand.content, found.profile) : { profile: found.profile, sources: found.sources };
  for (const u of found.unfilled) process.stdout.write(`  no "${u.scenario}" scenario found: ${u.need}\n`);
  // A page that could not be read is named, never dropped without a word.
  const unread = found.pages.filter((p) => p.error);
  if (unread.length) process.stdout.write(`  ${unread.length} page${unread.length > 1 ? 's' : ''} could not be read: ${unread.slice(0, 5).map((p) => `${p.path} (${p.error})`).join('; ')}${unread.length > 5 ? `; and ${unread.length - 5} more` : ''}\n`);
  // The crawl's facts (counts, time, clicks and probes) and notes travel too: the discovery comparison reads them.
  writeDiscovery(scratchOf(run), { ...found, sources: merged.sources });
  const profileFile = run.discovery.writeProfile ?? join(scratchOf(run), `discovered-profile-${mode}.json`);
  writeFileSync(profileFile, `${JSON.stringify(merged.profile, null, 2)}\n`);
  if (run.discovery.writeProfile) process.stdout.write(`  profile written to ${shownPath(profileFile)}\n`);
  // The needs travel with the profile, so a test missing its scenario says what the site lacks.
  const unfilled = Object.fromEntries(found.unfilled.filter((u) => !(u.scenario in merged.profile.scenarios)).map((u) => [u.scenario, u.need]));
  // The report keeps the profile a run used in its profiles/ folder: named so when it is discovery's.
  return { path: run.discovery.writeProfile ? shownPath(profileFile) : `discovered (the report's profiles/${mode}.json)`, source: hand ? 'merged' : 'discovered', content: merged.profile, crawled: found.pages.length, ...(Object.keys(unfilled).length ? { unfilled } : {}) };
}
