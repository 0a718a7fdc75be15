import type { Mode } from '../../spec/clauses';
import { notJudgedReason, type NotJudgedKind } from '../outcome/verdict';

/**
 * Why a test cannot have the profile entry it needs (a scenario, or one entry of it such as
 * `statusPages.400`), and of which kind (outcome/verdict.ts NotJudgedKind):
 *  - `deployment`: the delivery mode cannot produce the subject (a static export answers no 400,
 *    405 or 500 of its own): nothing the team or the run could change here;
 *  - `site`: discovery looked for it (the entry is among its unfilled needs) and the site has
 *    none: what it lacks, in the picker's words, and how many pages discovery looked at — no fix;
 *  - `run`: the profile the run was given leaves it out (discovery did not look, or cannot find
 *    it from outside): "To fix: add … to the profile".
 * Pure: the fixtures (harness/fixtures.ts) hand it the run's facts.
 */
export interface EntryContext {
  mode: Mode;
  profileName: string;
  /** The profile came from discovery (wholly, or merged with the team's): the crawl looked for what it lacks. */
  discovered: boolean;
  /** Discovery's needs for what it could not fill (scenario or `scenario.part` → what the site would need). */
  unfilled?: Readonly<Record<string, string>>;
  /** How many pages discovery read, when the run had discovery. */
  crawled?: number;
}

/**
 * Entries a delivery mode cannot produce, with why: the subject is an answer of the server's own,
 * and a static export is files served as they are (a missing one answered 404 by the file server).
 */
export const CANNOT_SHOW: Partial<Record<Mode, Readonly<Record<string, string>>>> = {
  static: {
    'statusPages.400': 'a static export answers no 400 (its files are served as they are, a missing one with 404), and no crawled page shows the 400 error page',
    'statusPages.405': 'a static export answers no 405 (its files are served as they are, a missing one with 404), and no crawled page shows the 405 error page',
    'statusPages.500': 'a static export answers no 500 (nothing renders on request to fail), and no crawled page shows the 500 error page',
    'statusPages.other': 'a static export answers no status outside the table (a file, or 404 for a missing one), and no crawled page shows such an error page',
  },
};

/** What the site lacks, as a sentence, from a picker's need ("a page with …" → "the site has no page with …"). */
export function siteLacks(need: string, crawled?: number): string {
  const what = /^an? /.test(need) ? `the site has no ${need.replace(/^an? /, '')}` : `the site does not have ${need}`;
  return `${what}${crawled !== undefined ? ` (discovery looked at ${crawled} page${crawled === 1 ? '' : 's'})` : ''}`;
}

export interface Lacking { kind: NotJudgedKind; reason: string }

/**
 * The verdict's kind and words for a missing entry. `entry`: "statusPages" or "statusPages.400";
 * a part's entry falls back to its scenario's need. `missing`/`fix`: the run's words, used when it
 * is the profile the run was given that leaves the entry out.
 */
export function lackingEntry(entry: string, ctx: EntryContext, missing: string, fix: string): Lacking {
  const cannot = CANNOT_SHOW[ctx.mode]?.[entry];
  const scenario = entry.split('.')[0];
  const need = ctx.unfilled?.[entry] ?? ctx.unfilled?.[scenario];
  // Only where discovery looked: a profile the run was given names what its author chose.
  if (cannot && ctx.discovered) return { kind: 'deployment', reason: notJudgedReason.deployment(cannot) };
  if (need && ctx.discovered) return { kind: 'site', reason: notJudgedReason.site(siteLacks(need, ctx.crawled)) };
  return { kind: 'run', reason: notJudgedReason.run(missing, fix) };
}

/** A scenario the profile lacks as a whole. */
export function lackingScenario(name: string, ctx: EntryContext, needs: string, entry = name): Lacking {
  return lackingEntry(entry, ctx, `the target profile "${ctx.profileName}" provides no "${name}" scenario for ${ctx.mode} mode`, `add "${name}" to the profile (${needs})`);
}
