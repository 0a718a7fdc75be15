import { validateProfile, type TargetProfile } from '../run/profile';
import { crawl, type CrawlOptions } from './crawler';
import { buildObservations } from './observations';
import { fillScenarios } from './scenarios';
import type { Crawl } from '../crawl/model';
import type { DiscoverOptions, DiscoveryResult } from './types';

/**
 * Discovery: judge a deployment with nothing but its URL. Crawls the target (crawler.ts), fills
 * every profile scenario it can (scenarios.ts), lists the rest with what the site would need, and
 * keeps what the crawl saw for the pending clauses (observations.ts). How it works and what it reads: docs/discovery.md.
 */
export async function discover(opts: DiscoverOptions & Pick<CrawlOptions, 'log' | 'concurrency' | 'onPage'>): Promise<DiscoveryResult> {
  return fromCrawl(await crawl(opts));
}

/** The discovery result of a finished crawl (pure: unit tests feed it synthetic crawls). */
export function fromCrawl(c: Crawl): DiscoveryResult {
  const { scenarios, unfilled, notes } = fillScenarios(c);
  const profile: TargetProfile = {
    name: `discovered: ${c.origin} (${c.mode})`,
    description: `Filled by discovery from a crawl of ${c.pages.length} pages of ${c.origin} in ${Math.round(c.durationMs / 1000)} s. Scenarios it could not fill are listed in the run's discovery.json with what the site would need.`,
    scenarios,
  };
  const errors = validateProfile(profile);
  if (errors.length) throw new Error(`Discovery produced a profile the schema refuses (a bug in a picker of conformance/scenarios/table.ts): ${errors.join('; ')}`);
  const { pages, ...crawlFacts } = c;
  return {
    profile,
    sources: Object.fromEntries(Object.keys(scenarios).map((k) => [k, 'discovered' as const])),
    unfilled,
    notes,
    pages: pages.map((p) => ({ path: p.path, status: p.status, title: p.title, firstHeading: p.firstHeading, shape: p.shape, ...(p.error ? { error: p.error } : {}) })),
    observations: buildObservations(c),
    crawl: crawlFacts,
  };
}

export { mergeProfiles } from './merge';
export { readDiscovery, writeDiscovery, discoveryFile } from './store';
export type { DiscoveryResult, DiscoverOptions } from './types';
export type { Unfilled } from '../scenarios/pick';
