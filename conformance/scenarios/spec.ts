import type { Mode } from '../../spec/clauses';
import type { CheckTools, FetchedPage } from './check';
import { type PickKit, type RouterKind, ROUTERS } from './pick';
import type { Shape } from './schema';

// What one entry of the scenario table (table.ts) holds, and the helpers its entries share.

export interface ScenarioSpec<T> {
  /** Said after the clause IDs in the schema's description, when the clauses apply more widely. */
  clausesNote?: string;
  /** What its routes must be like, for a profile author (the schema's description, the pre-flight's "absent" line). */
  needs: string;
  /** The schema's example, checked against the shape by the compiler and by the schema (unit test). */
  example: NoInfer<T>;
  /** Its value in a profile: gives the scenario's TypeScript type and its part of the JSON schema. */
  shape: Shape<T>;
  /** Plain-HTTP checks of the routes before the tests; `bad` and `unsure` notes say why not usable. */
  preflight: ((s: NoInfer<T>, t: CheckTools) => Promise<void>) | `none: ${string}`;
  discover: Picker<NoInfer<T>> | `none: ${string}`;
}

/** How discovery picks a scenario from a crawl; when `pick` finds nothing the scenario is unfilled with `need`. */
export interface Picker<T> {
  /** The delivery modes the scenario is looked for in (default both). */
  modes?: readonly Mode[];
  /** What the site would need; absent for a scenario `pick` always gives. */
  need?: string | ((k: PickKit) => string);
  pick(k: PickKit): T | undefined;
}

export const scenario = <T>(spec: ScenarioSpec<T>): ScenarioSpec<T> => spec;
export const SERVER: readonly Mode[] = ['server'];
export const NOTHING_AHEAD = 'none: nothing to check ahead (any answer is an observation)';

/** Both pages answer and `from` links to `to`; gives `to`'s page. */
export async function linkedPair(t: CheckTools, from: string, to: string): Promise<FetchedPage> {
  await t.answers(from);
  const target = await t.answers(to);
  await t.linksTo(from, to);
  return target;
}

/** The scenario's page answers (what it does there is for the test to see). */
export async function pageAnswers({ page }: { page: string }, t: CheckTools): Promise<void> {
  await t.answers(page);
}

export const untitledPages = (k: PickKit, r: RouterKind = ROUTERS[0]) => k.pages.filter((p) => r.page(p) && !p.hasTitleElement && !p.title && p.firstHeading);
export const known = (k: PickKit) => new Set(k.pages.map((p) => p.path));
