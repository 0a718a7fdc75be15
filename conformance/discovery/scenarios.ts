import type { Crawl } from '../crawl/model';
import type { Scenarios } from '../run/profile';
import type { PickKit, Unfilled } from '../scenarios/pick';
import { SCENARIO_NAMES, SCENARIO_TABLE, type ScenarioName } from '../scenarios/table';

/**
 * Fills the profile's scenarios from what a crawl saw, each by its picker in the scenario table
 * (conformance/scenarios/table.ts). When nothing on the site fits, the scenario is listed as
 * unfilled with what the site would need (its clauses are then `untested` with that reason).
 */
export interface Filled {
  scenarios: Scenarios;
  unfilled: Unfilled[];
  /** How a scenario was chosen, when that is worth saying (e.g. proposed from a button name). */
  notes: Record<string, string>;
}

export function fillScenarios(crawl: Crawl): Filled {
  const filled: Filled = { scenarios: {}, unfilled: [], notes: {} };
  const shared = { crawl, pages: crawl.pages, byPath: new Map(crawl.pages.map((p) => [p.path, p])), server: crawl.mode === 'server' };
  for (const name of SCENARIO_NAMES) {
    const kit: PickKit = {
      ...shared,
      needPart: (part, need) => { filled.unfilled.push({ scenario: `${name}.${part}`, need }); },
      note: (text) => { filled.notes[name] = text; },
    };
    fill(name, kit, filled);
  }
  return filled;
}

function fill<K extends ScenarioName>(name: K, kit: PickKit, filled: Filled): void {
  const picker = SCENARIO_TABLE[name].discover;
  if (typeof picker === 'string' || (picker.modes && !picker.modes.includes(kit.crawl.mode))) return;
  const value = picker.pick(kit);
  if (value !== undefined) filled.scenarios[name] = value;
  else if (picker.need) filled.unfilled.push({ scenario: name, need: typeof picker.need === 'string' ? picker.need : picker.need(kit) });
}
