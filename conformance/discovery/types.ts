import type { Mode } from '../../spec/clauses';
import type { Crawl } from '../crawl/model';
import type { TargetProfile } from '../run/profile';
import type { Unfilled } from '../scenarios/pick';

export interface DiscoveredPage {
  path: string; status: number; title: string; firstHeading: string; shape: string;
  /** Why the page could not be read (then it fills no scenario). */
  error?: string;
}

export interface DiscoveryResult {
  profile: TargetProfile;
  sources: Record<string, 'profile' | 'discovered'>;
  unfilled: Unfilled[];
  pages: DiscoveredPage[];
  observations: Record<string, unknown>;
  /** How a scenario was chosen, where that matters (e.g. proposed from a button name, not clicked). */
  notes?: Record<string, string>;
  /** How the crawl went (counts, robots, sitemap, time). */
  crawl?: Omit<Crawl, 'pages'>;
}

export interface DiscoverOptions {
  target: string;
  mode: Mode;
  maxPages?: number;
  timeBudgetMs?: number;
  ignoreRobots?: boolean;
  /** The every-page checks get every page the crawl found, not a few of each route shape (--all-pages). */
  allPages?: boolean;
  executablePath?: string;
}
