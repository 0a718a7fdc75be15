/**
 * robots.txt, as far as a polite crawler needs it: the groups for our user agent (or `*`), their
 * Allow/Disallow rules with `*` and `$`, the longest match winning (RFC 9309 §2.2.2), and Sitemap
 * lines. Crawl-delay is read but capped by the caller.
 */

export const USER_AGENT = 'spec-conformance';

export interface RobotsRules {
  rules: { allow: boolean; pattern: string }[];
  sitemaps: string[];
  crawlDelayS?: number;
}

export function parseRobots(text: string, agent = USER_AGENT): RobotsRules {
  type Group = { agents: string[]; rules: RobotsRules['rules']; delay?: number };
  const groups: Group[] = [];
  const sitemaps: string[] = [];
  let current: Group | undefined;
  let lastWasAgent = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, '').trim();
    const m = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!m) continue;
    const key = m[1].toLowerCase();
    const value = m[2].trim();
    if (key === 'sitemap') { if (value) sitemaps.push(value); continue; }
    if (key === 'user-agent') {
      // Consecutive user-agent lines share one group.
      if (!current || !lastWasAgent) { current = { agents: [], rules: [] }; groups.push(current); }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!current) continue;
    if (key === 'allow' || key === 'disallow') {
      // An empty Disallow allows everything: no rule.
      if (value) current.rules.push({ allow: key === 'allow', pattern: value });
    } else if (key === 'crawl-delay') {
      const n = Number(value);
      if (Number.isFinite(n) && n >= 0) current.delay = n;
    }
  }
  const a = agent.toLowerCase();
  const mine = groups.filter((g) => g.agents.some((x) => x !== '*' && a.includes(x)));
  const chosen = mine.length ? mine : groups.filter((g) => g.agents.includes('*'));
  const delays = chosen.map((g) => g.delay).filter((d): d is number => d !== undefined);
  return { rules: chosen.flatMap((g) => g.rules), sitemaps, crawlDelayS: delays.length ? Math.max(...delays) : undefined };
}

function patternToRegExp(pattern: string): RegExp {
  const anchored = pattern.endsWith('$');
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`);
}

/** Whether robots rules allow a path (with its query, as robots patterns may name one). */
export function isAllowed(rules: RobotsRules, pathAndQuery: string): boolean {
  let best: { allow: boolean; length: number } | undefined;
  for (const r of rules.rules) {
    if (!patternToRegExp(r.pattern).test(pathAndQuery)) continue;
    const length = r.pattern.length;
    // Longest match wins; on a tie, Allow wins (RFC 9309).
    if (!best || length > best.length || (length === best.length && r.allow)) best = { allow: r.allow, length };
  }
  return best ? best.allow : true;
}
