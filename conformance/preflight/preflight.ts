import type { Mode } from '../../spec/clauses';
import { scenarioFor, type ScenarioName, type TargetProfile } from '../run/profile';
import { assetPrefixOf, DEFAULT_ASSET_PREFIX, htmlIsOfSite, unusablePage } from '../observers/site-page';
import { siteFetch, type SiteFetch } from '../access/site-fetch';
import type { CheckTools, FetchedPage } from '../scenarios/check';
import { clausesOf } from '../scenarios/clauses';
import { SCENARIO_NAMES, SCENARIO_TABLE } from '../scenarios/table';
import { patience } from '../run/slow';
import type { SetAside, SetAsidePage } from '../run/model';
import { siteLacks } from '../harness/not-judged';

/**
 * Before the tests: checks the profile's routes against the target with plain HTTP (no browser,
 * a few seconds) and says per scenario whether it is usable, or why not — the same reasons the
 * verdicts carry. "unsure" is for what raw HTML cannot settle (links a script adds later). What
 * each scenario checks is in its entry of the scenario table (conformance/scenarios/table.ts).
 */
export type Usability = 'usable' | 'unusable' | 'unsure' | 'absent';
export interface ScenarioCheck {
  scenario: ScenarioName; clauses: string[]; state: Usability; notes: string[];
  /** Pages the check found unable to serve the scenario: no test of its clauses uses them (harness/set-aside.ts). */
  setAside?: SetAsidePage[];
}

export interface PreflightOptions {
  /** Default: siteFetch (the run's trust, credentials and headers). */
  fetchImpl?: SiteFetch;
  timeoutMs?: number;
  /** Discovery's needs for the scenarios it could not fill (scenario → what the site would need). */
  unfilled?: Record<string, string>;
}

/** The tools a scenario's checks get, reporting to that scenario's notes. */
type ToolsFor = (note: Pick<CheckTools, 'bad' | 'unsure'>) => CheckTools;

export async function preflight(baseUrl: string, profile: TargetProfile, mode: Mode, opts: PreflightOptions = {}): Promise<ScenarioCheck[]> {
  const { fetchImpl = siteFetch, timeoutMs = patience(5_000) } = opts;
  const cache = new Map<string, Promise<FetchedPage>>();
  const get = (path: string): Promise<FetchedPage> => {
    if (!cache.has(path)) {
      cache.set(path, (async () => {
        try {
          const res = await fetchImpl(new URL(path, baseUrl), { redirect: 'follow', headers: { accept: 'text/html' }, signal: AbortSignal.timeout(timeoutMs) });
          const html = (res.headers.get('content-type') ?? '').includes('html') ? (await res.text()).slice(0, 2_000_000) : '';
          return { status: res.status, html };
        } catch (e) {
          return { status: 0, html: '', error: (e as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : (e as Error).message };
        }
      })());
    }
    return cache.get(path)!;
  };

  // The site's asset prefix, as the probe reads it: a page is the site's own when it loads from there.
  const prefix = (async () => assetPrefixOf((await get('/')).html) ?? DEFAULT_ASSET_PREFIX)();
  /** The page, noted as bad when it cannot be fetched or is not usable in its role (site-page.ts's words). */
  const usable = async (path: string, note: Pick<CheckTools, 'bad'>, errorPath: boolean): Promise<FetchedPage> => {
    const p = await get(path);
    if (p.error) {
      note.bad(`${path} could not be fetched: ${p.error}`, path);
      return p;
    }
    const why = unusablePage({ path, status: p.status, ofSite: htmlIsOfSite(p.html, await prefix) }, { errorPath, prefix: await prefix });
    if (why) note.bad(why, path);
    return p;
  };

  const tools: ToolsFor = (note) => ({
    get,
    answers: (path) => usable(path, note, false),
    answersAsSite: (path) => usable(path, note, true),
    async linksTo(from, href) {
      const froms = typeof from === 'string' ? [from] : [...from];
      const pages = await Promise.all(froms.map(async (path) => ({ path, page: await get(path) })));
      const answered = pages.filter(({ page }) => !page.error && page.status < 400);
      if (answered.length && !answered.some(({ page }) => hasLink(page.html, href))) {
        const many = answered.length > 1;
        note.unsure(`${answered.map((a) => a.path).join(' and ')} ${many ? 'have' : 'has'} no link to ${href} in ${many ? 'their' : 'its'} HTML (a script may still add one)`);
      }
    },
    bad: note.bad,
    unsure: note.unsure,
  });

  const checks: ScenarioCheck[] = [];
  for (const name of SCENARIO_NAMES) checks.push(await checkScenario(name, profile, mode, tools, opts.unfilled));
  return checks;
}

/** One scenario: absent (with what it needs), or its table entry's checks run against the target. */
async function checkScenario<K extends ScenarioName>(name: K, profile: TargetProfile, mode: Mode, tools: ToolsFor, unfilled: Record<string, string> | undefined): Promise<ScenarioCheck> {
  const spec = SCENARIO_TABLE[name];
  const clauses = clausesOf(name);
  const s = scenarioFor(profile, name, mode);
  if (!s) {
    const found = unfilled?.[name];
    return { scenario: name, clauses, state: 'absent', notes: [`the profile has no "${name}" scenario for ${mode} delivery; its clauses stay untested. ${found ? `Discovery found none: ${siteLacks(found)}` : `It needs: ${spec.needs}`}`] };
  }
  const notes: string[] = [];
  const setAside: SetAsidePage[] = [];
  let state: Usability = 'usable';
  const bad = (note: string, path?: string) => {
    state = 'unusable';
    notes.push(note);
    if (path !== undefined && !setAside.some((p) => p.path === path)) setAside.push({ path, why: note });
  };
  const unsure = (note: string) => { if (state === 'usable') state = 'unsure'; notes.push(note); };
  if (typeof spec.preflight !== 'string') await spec.preflight(s, tools({ bad, unsure }));
  return { scenario: name, clauses, state, notes, ...(setAside.length ? { setAside } : {}) };
}

/** The pages pre-flight set aside, per scenario, as the run keeps them for the tests. */
export function setAsideOf(checks: readonly ScenarioCheck[]): SetAside | undefined {
  const out: SetAside = {};
  for (const c of checks) if (c.setAside?.length) out[c.scenario] = c.setAside;
  return Object.keys(out).length ? out : undefined;
}

/** Whether the HTML has an <a> whose href is exactly `href`. */
export function hasLink(html: string, href: string): boolean {
  const esc = href.replace(/&/g, '&amp;');
  return html.includes(`href="${href}"`) || html.includes(`href="${esc}"`);
}

/** One line per scenario for the console. */
export function renderPreflight(checks: readonly ScenarioCheck[]): string {
  const mark: Record<Usability, string> = { usable: 'usable', unusable: 'NOT usable', unsure: 'usable?', absent: 'absent' };
  return checks.map((c) => `  ${c.scenario.padEnd(17)} ${mark[c.state].padEnd(10)} ${c.clauses.join(', ')}${c.notes.length ? ` — ${c.notes.join('; ')}` : ''}`).join('\n');
}
