/**
 * Pure: a run with a hand-written profile against a run of the same target with no profile
 * (discovery), clause by clause and part by part, and scenario by scenario — the "same
 * verdicts with no profile". Used by `npm run matrix -- --discovery` and compare-cli.ts.
 */
import { scenarioFor, type ScenarioName, type TargetProfile } from '../conformance/run/profile';
import { REQUIREMENTS } from '../conformance/preflight/requirements';
import { actualOf, rowsOf, type ClauseLike, type ReportLike } from './cells';
import type { Mode, Verdict } from './model';

export interface VerdictRow {
  /** "R2.3" or "R2.3/405". */
  row: string;
  clause: string;
  part?: string;
  profile?: Verdict;
  discovery?: Verdict;
  /**
   * same; missing-scenario: discovery lacks a scenario the clause needs (the need says why), its
   * verdict untested (or an optional part inapplicable); fewer-ways: discovery did not find a scenario
   * of the row, or a part of one (routes the site does not link; the need says which), while every
   * scenario it did fill is the profile's: the row was judged on fewer ways of observing; differs:
   * anything else.
   */
  match: 'same' | 'missing-scenario' | 'fewer-ways' | 'differs';
  /** Scenarios of the clause whose routes differ or that one side lacks. */
  scenarios?: string[];
  /** Discovery's verdict reason when it differs. */
  reason?: string;
}

export interface ScenarioRow {
  scenario: string;
  status: 'same' | 'other routes' | 'profile only' | 'discovery only' | 'neither';
  profile?: unknown;
  discovery?: unknown;
  /** What the site would need for discovery to fill it (discovery's unfilled list). */
  need?: string;
}

export interface DiscoveryComparison {
  id: string;
  mode: Mode;
  verdicts: VerdictRow[];
  scenarios: ScenarioRow[];
  /** Crawl facts of the discovery run, when it kept them. */
  crawl?: { pages: number; seconds: number; followUpSeconds?: number };
  /** Wall time of each run (seconds). */
  seconds?: { profile?: number; discovery?: number };
}

/** The clauses a scenario serves (preflight/requirements.ts). */
export function clausesOfScenario(name: string): string[] {
  return REQUIREMENTS[name as ScenarioName]?.clauses ?? [];
}

const SCENARIOS = Object.keys(REQUIREMENTS);

/** Compares the scenarios of both profiles in one mode; `unfilled` is discovery's list of needs. */
export function compareScenarios(hand: TargetProfile, discovered: TargetProfile, unfilled: { scenario: string; need: string }[], mode: Mode): ScenarioRow[] {
  const rows: ScenarioRow[] = [];
  for (const name of SCENARIOS) {
    const h = strip(scenarioFor(hand, name as ScenarioName, mode));
    const d = strip(scenarioFor(discovered, name as ScenarioName, mode));
    const needs = unfilled.filter((u) => u.scenario === name || u.scenario.startsWith(`${name}.`)).map((u) => u.need);
    const need = needs.length ? needs.join('; ') : undefined;
    const status: ScenarioRow['status'] = h === undefined ? (d === undefined ? 'neither' : 'discovery only') : d === undefined ? 'profile only' : JSON.stringify(h) === JSON.stringify(d) ? 'same' : 'other routes';
    if (status === 'neither' && !need) continue;
    rows.push({ scenario: name, status, ...(h !== undefined ? { profile: h } : {}), ...(d !== undefined ? { discovery: d } : {}), ...(need ? { need } : {}) });
  }
  return rows;
}

/** Clause and part verdicts of both runs in one mode, each difference tied to the scenarios behind it. */
export function compareVerdicts(profile: ReportLike, discovery: ReportLike, mode: Mode, clauses: ClauseLike[], scenarios: ScenarioRow[]): VerdictRow[] {
  return rowsOf(clauses).filter((r) => { const c = clauses.find((x) => x.id === r.clause); return !c || c.modes.includes(mode); }).map((r) => {
    const p = actualOf(profile, r, mode, clauses);
    const d = actualOf(discovery, r, mode, clauses);
    const base: VerdictRow = { row: r.id, clause: r.clause, ...(r.part ? { part: r.part } : {}), profile: p.verdict, discovery: d.verdict, match: 'same' };
    if (p.verdict === d.verdict) return base;
    const involved = scenarios.filter((s) => s.status !== 'same' && s.status !== 'neither' && clausesOfScenario(s.scenario).includes(r.clause));
    const missing = involved.some((s) => s.status === 'profile only' || (s.need && s.status !== 'discovery only'));
    // A part left untested, or an optional part not shown (inapplicable), for want of a scenario discovery could not fill.
    const leftUntested = missing && (d.verdict === 'untested' || d.verdict === 'inapplicable');
    // Scenarios (or parts of one) discovery did not find, every other way filled as the profile's: the row was
    // judged on fewer observations, none of them on routes of discovery's own choosing.
    const fewerWays = involved.length > 0 && involved.every((s) => s.need && (s.status === 'profile only' || (s.status === 'other routes' && isPartOf(s.discovery, s.profile))));
    const match: VerdictRow['match'] = leftUntested ? 'missing-scenario' : fewerWays ? 'fewer-ways' : 'differs';
    return { ...base, match, scenarios: involved.map((s) => s.scenario), ...(d.reason ? { reason: d.reason } : {}) };
  });
}

/** Differences that no missing scenario accounts for (the check fails on these). */
export function unexplained(c: DiscoveryComparison): VerdictRow[] {
  return c.verdicts.filter((v) => v.match === 'differs');
}

const SHORT: Record<Verdict, string> = { passed: 'pass', failed: 'FAIL', cantTell: 'cantTell', inapplicable: 'n/a', untested: 'untested' };
const word = (v?: Verdict) => (v ? SHORT[v] : '—');

/** Markdown: the verdict table (clause rows, then the parts that differ), then the scenarios. */
export function renderComparisonMarkdown(cs: DiscoveryComparison[]): string {
  const out: string[] = [];
  const clauseRows = [...new Set(cs.flatMap((c) => c.verdicts.filter((v) => !v.part).map((v) => v.row)))];
  out.push(`| Clause | ${cs.map((c) => `${c.id} (${c.mode}) profile → no profile`).join(' | ')} |`, `|---|${cs.map(() => '---').join('|')}|`);
  for (const row of clauseRows) {
    out.push(`| ${row} | ${cs.map((c) => {
      const v = c.verdicts.find((x) => x.row === row);
      if (!v) return '';
      const parts = c.verdicts.filter((x) => x.clause === row && x.part && x.match !== 'same');
      const note = parts.length ? ` (parts ${parts.map((x) => `${x.part}: ${word(x.profile)} → ${word(x.discovery)}`).join(', ')})` : '';
      return v.match === 'same' && !parts.length ? `${word(v.profile)} = ${word(v.discovery)}` : `**${word(v.profile)} → ${word(v.discovery)}**${note}${v.match === 'missing-scenario' ? ' — scenario missing' : v.match === 'fewer-ways' ? ' — fewer ways (a scenario or part not found)' : v.match === 'differs' ? ' — UNEXPLAINED' : ''}`;
    }).join(' | ')} |`);
  }
  for (const c of cs) {
    out.push('', `**${c.id} (${c.mode})**: ${c.verdicts.filter((v) => v.match === 'same').length} of ${c.verdicts.length} clause and part verdicts the same${c.crawl ? `; crawl ${c.crawl.pages} pages in ${c.crawl.seconds.toFixed(1)} s` : ''}${c.seconds?.profile && c.seconds.discovery ? `; run ${c.seconds.profile.toFixed(0)} s with the profile, ${c.seconds.discovery.toFixed(0)} s without` : ''}.`, '');
    out.push('| Scenario | status | hand-written | discovered | what discovery would need |', '|---|---|---|---|---|');
    for (const s of c.scenarios) out.push(`| ${s.scenario} | ${s.status} | ${brief(s.profile)} | ${brief(s.discovery)} | ${cellText(s.need ?? '')} |`);
    for (const v of c.verdicts.filter((x) => x.match !== 'same')) out.push(`- ${v.row}: ${word(v.profile)} with the profile, ${word(v.discovery)} without (${v.match}; scenarios ${v.scenarios?.join(', ') || 'none differ'})${v.reason ? ` — ${cellText(v.reason).slice(0, 300)}` : ''}`);
  }
  return `${out.join('\n')}\n`;
}

/** `part` has some of `whole`'s fields, each the same, and lacks at least one. */
export function isPartOf(part: unknown, whole: unknown): boolean {
  if (!part || !whole || typeof part !== 'object' || typeof whole !== 'object') return false;
  const p = part as Record<string, unknown>;
  const w = whole as Record<string, unknown>;
  const keys = Object.keys(p);
  return keys.length < Object.keys(w).length && keys.every((k) => k in w && JSON.stringify(p[k]) === JSON.stringify(w[k]));
}

function strip(s: unknown): unknown {
  if (!s || typeof s !== 'object') return s;
  const { modes: _modes, ...rest } = s as Record<string, unknown>;
  return rest;
}

function brief(v: unknown): string {
  if (v === undefined) return '—';
  const t = JSON.stringify(v);
  return cellText(t.length > 120 ? `${t.slice(0, 117)}…` : t);
}

function cellText(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}
