import type { Mode } from '../../spec/clauses';
import { scenarioFor, type ScenarioName, type Scenarios, type TargetProfile } from '../run/profile';
import { REQUIREMENTS } from './requirements';

/**
 * Before the tests: checks the profile's routes against the target with plain HTTP (no browser,
 * a few seconds) and says per scenario whether it is usable, or why not — the same reasons the
 * verdicts carry. "unsure" is for what raw HTML cannot settle (links a script adds later).
 */
export type Usability = 'usable' | 'unusable' | 'unsure' | 'absent';
export interface ScenarioCheck { scenario: ScenarioName; clauses: string[]; state: Usability; notes: string[] }

export interface PreflightOptions {
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  /** Discovery's needs for the scenarios it could not fill (scenario → what the site would need). */
  unfilled?: Record<string, string>;
}

interface Page { status: number; html: string; error?: string }

export async function preflight(baseUrl: string, profile: TargetProfile, mode: Mode, opts: PreflightOptions = {}): Promise<ScenarioCheck[]> {
  const { fetchImpl = fetch, timeoutMs = 5_000 } = opts;
  const cache = new Map<string, Promise<Page>>();
  const get = (path: string): Promise<Page> => {
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

  const checks: ScenarioCheck[] = [];
  for (const name of Object.keys(REQUIREMENTS) as ScenarioName[]) {
    const req = REQUIREMENTS[name];
    const s = scenarioFor(profile, name, mode);
    if (!s) {
      const found = opts.unfilled?.[name];
      checks.push({ scenario: name, clauses: req.clauses, state: 'absent', notes: [`the profile has no "${name}" scenario for ${mode} delivery; its clauses stay untested. ${found ? `Discovery found none; the site would need ${found}` : `It needs: ${req.needs}`}`] });
      continue;
    }
    const notes: string[] = [];
    let state: Usability = 'usable';
    const bad = (note: string) => { state = 'unusable'; notes.push(note); };
    const unsure = (note: string) => { if (state === 'usable') state = 'unsure'; notes.push(note); };
    const answers = async (path: string) => {
      const p = await get(path);
      if (p.error) bad(`${path} could not be fetched: ${p.error}`);
      else if (p.status >= 400) bad(`${path} answers HTTP ${p.status}; it must be a page that exists`);
      return p;
    };
    const linksTo = async (from: string, href: string) => {
      const p = await get(from);
      if (!p.error && p.status < 400 && !hasLink(p.html, href)) unsure(`${from} has no link to ${href} in its HTML (a script may still add one)`);
    };
    await checkScenario(name, s as NonNullable<Scenarios[ScenarioName]>, { get, answers, linksTo, bad, unsure });
    checks.push({ scenario: name, clauses: req.clauses, state, notes });
  }
  return checks;
}

interface Tools {
  get(path: string): Promise<Page>;
  answers(path: string): Promise<Page>;
  linksTo(from: string, href: string): Promise<void>;
  bad(note: string): void;
  unsure(note: string): void;
}

async function checkScenario(name: ScenarioName, s: NonNullable<Scenarios[ScenarioName]>, t: Tools): Promise<void> {
  switch (name) {
    case 'brokenLink': {
      const { from, href } = s as NonNullable<Scenarios['brokenLink']>;
      await t.answers(from);
      await t.linksTo(from, href);
      const target = await t.get(href);
      if (target.status > 0 && target.status < 400) t.bad(`${href} answers HTTP ${target.status}: the broken link must lead to a page that does not exist`);
      return;
    }
    case 'navigation': {
      const { chain } = s as NonNullable<Scenarios['navigation']>;
      for (const p of chain) await t.answers(p);
      for (let i = 0; i + 1 < chain.length; i++) await t.linksTo(chain[i], chain[i + 1]);
      return;
    }
    case 'scroll': {
      const { tall, other } = s as NonNullable<Scenarios['scroll']>;
      await t.answers(tall);
      await t.answers(other);
      await t.linksTo(tall, other);
      return;
    }
    case 'announcer': {
      const { from, titled, untitled } = s as NonNullable<Scenarios['announcer']>;
      for (const p of [from, titled, untitled]) await t.answers(p);
      await t.linksTo(from, titled);
      await t.linksTo(from, untitled);
      const title = titleOf((await t.get(untitled)).html);
      if (title) t.bad(`${untitled} has the document title "${title}"; the announcer's "if none" branch needs a page whose title is empty (R2.9/heading stays untested)`);
      if (!titleOf((await t.get(titled)).html)) t.unsure(`${titled} has no <title> in its HTML (a script may still set one)`);
      return;
    }
    case 'pageData':
    case 'freshness': {
      const { from, to } = s as NonNullable<Scenarios['pageData']>;
      await t.answers(from);
      await t.answers(to);
      await t.linksTo(from, to);
      // freshness (K9.3) times the prefetch made from `from`: no way back is needed.
      if (name === 'pageData') await t.linksTo(from, '/');
      return;
    }
    case 'routeLoadTimeout': {
      const { from, to } = s as NonNullable<Scenarios['routeLoadTimeout']>;
      await t.answers(from);
      const target = await t.answers(to);
      await t.linksTo(from, to);
      if (target.html && !/id="__NEXT_DATA__"/.test(target.html)) t.bad(`${to} is not a Pages Router page (no __NEXT_DATA__ in its HTML): the 3.8 s timeout belongs to the Pages Router's route loader, so K9.1 cannot be observed there`);
      return;
    }
    case 'dynamicFreshness': {
      const { hub, page } = s as NonNullable<Scenarios['dynamicFreshness']>;
      await t.answers(hub);
      await t.answers(page);
      await t.linksTo(hub, page);
      return;
    }
    case 'prefetch': {
      const { page, minLinks = 8 } = s as NonNullable<Scenarios['prefetch']>;
      const p = await t.answers(page);
      const links = new Set([...(p.html.match(/<a\b[^>]*\bhref="\/[^"]*"/g) ?? [])].map((a) => /href="([^"]*)"/.exec(a)![1]));
      if (p.html && links.size < minLinks) t.unsure(`${page} has ${links.size} same-origin links in its HTML; ${minLinks} are needed (a script may still add more)`);
      return;
    }
    case 'statusPages': {
      const { pages } = s as NonNullable<Scenarios['statusPages']>;
      for (const [code, path] of Object.entries(pages)) {
        const p = await t.get(path);
        if (p.error) t.bad(`${path} (the ${code} page) could not be fetched: ${p.error}`);
        else if (p.html && !p.html.includes(code)) t.unsure(`${path} does not show the code ${code} in its HTML`);
      }
      return;
    }
    case 'noStatusError':
    case 'clientCrash':
    case 'serverFunction': {
      await t.answers((s as { page: string }).page);
      return;
    }
    case 'serverCrash': {
      const p = await t.get((s as { page: string }).page);
      if (p.error) t.bad(`${(s as { page: string }).page} could not be fetched: ${p.error}`);
      return;
    }
    case 'routeGroups': {
      for (const { path } of (s as NonNullable<Scenarios['routeGroups']>).pages) await t.answers(path);
      return;
    }
    case 'sitePages': {
      // Any answer will do (a missing page is checked too); only a page that cannot be fetched is a problem.
      for (const path of (s as NonNullable<Scenarios['sitePages']>).paths) {
        const p = await t.get(path);
        if (p.error) t.bad(`${path} could not be fetched: ${p.error}`);
      }
      return;
    }
    default:
      return; // unknownPaths, realStatuses, retry: nothing to check ahead (any answer is an observation)
  }
}

/** Whether the HTML has an <a> whose href is exactly `href`. */
export function hasLink(html: string, href: string): boolean {
  const esc = href.replace(/&/g, '&amp;');
  return html.includes(`href="${href}"`) || html.includes(`href="${esc}"`);
}

/** The text of the first <title> element outside <svg>, or '' when there is none. */
export function titleOf(html: string): string {
  const m = /<title\b[^>]*>([^<]*)<\/title>/i.exec(html.replace(/<svg\b[\s\S]*?<\/svg>/gi, ''));
  return m ? m[1].trim() : '';
}

/** One line per scenario for the console. */
export function renderPreflight(checks: readonly ScenarioCheck[]): string {
  const mark: Record<Usability, string> = { usable: 'usable', unusable: 'NOT usable', unsure: 'usable?', absent: 'absent' };
  return checks.map((c) => `  ${c.scenario.padEnd(17)} ${mark[c.state].padEnd(10)} ${c.clauses.join(', ')}${c.notes.length ? ` — ${c.notes.join('; ')}` : ''}`).join('\n');
}
