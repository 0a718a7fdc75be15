/**
 * docs/implementations.md's table "The other router", written by `npm run generate`: per normative
 * clause, how it reads on a page the Pages Router serves — the registry's reading that begins
 * "On a Pages Router page:" (spec/clauses/, shown in every report) — and what matrix/expected.ts
 * expects of the Pages-Router-only site's builds. Neither is written twice: the reading lives next to
 * its clause, the verdicts in the matrix's expectations.
 */
import { NORMATIVE, type NormativeClause } from '../spec/clauses';
import { withGenerated } from '../spec/registry/generated-section';
import { contextOf, expectationsFor, type Expectation } from './expected';
import { loadVersions, planMatrix } from './versions';

const SECTION = 'other router';
const NOTE = 'from each normative clause\'s reading "On a Pages Router page:" in spec/clauses/ and the Pages-Router-only site\'s rows of matrix/expected.ts, by `npm run generate`';
export const PAGES_ROUTER_READING = 'On a Pages Router page:';

/** The clause's one reading for a Pages Router page, without its opening words; a clause without one is named with the fix. */
export function pagesRouterReading(c: NormativeClause): string {
  const found = (c.readings ?? []).filter((r) => r.startsWith(PAGES_ROUTER_READING));
  if (found.length !== 1) throw new Error(`${c.id} has ${found.length} readings beginning "${PAGES_ROUTER_READING}" in spec/clauses/: give it exactly one, saying how the clause reads on a page the Pages Router serves.`);
  const text = found[0].slice(PAGES_ROUTER_READING.length).trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A Markdown table cell: pipes escaped, angle brackets as entities (the readings quote HTML). */
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One build's expectation of a clause in words: its verdict, and the parts a failure comes from. */
function expectedWords(c: NormativeClause, e: Record<string, Expectation>): string {
  const verdict = e[c.id].verdict;
  const failedParts = (c.parts ?? []).filter((p) => e[`${c.id}/${p.id}`]?.verdict === 'failed').map((p) => p.id);
  const word = { passed: 'pass', failed: 'FAIL', untested: 'untested', inapplicable: 'n/a', cantTell: "can't tell" }[verdict];
  return failedParts.length ? `${word} (${failedParts.join(', ')})` : word;
}

/** The table's rows: the clause, its reading, the expected verdicts of the Pages-Router-only builds (grouped where they agree). */
export function otherRouterTable(): string {
  const builds = planMatrix(loadVersions()).builds.filter((b) => b.site === 'pages-router');
  const table = builds.map((b) => {
    const ctx = contextOf(b);
    return { name: `${ctx.v} ${b.mode}`, e: expectationsFor(ctx) };
  });
  const rows = NORMATIVE.map((c) => {
    const groups = new Map<string, string[]>();
    for (const t of table) {
      const words = expectedWords(c, t.e);
      groups.set(words, [...(groups.get(words) ?? []), t.name]);
    }
    const expected = groups.size === 1 ? [...groups.keys()][0] : [...groups].map(([words, names]) => `${names.join(', ')}: ${words}`).join('; ');
    return `| ${c.id} | ${cell(pagesRouterReading(c))} | ${expected} |`;
  });
  return [`| Clause | On a Pages Router page | Expected on the PR site (${table.map((t) => t.name).join(' · ')}) |`, '|---|---|---|', ...rows].join('\n');
}

/** docs/implementations.md with its table "The other router" written from the registry and the matrix's expectations. */
export const withOtherRouterTable = (doc: string, file: string): string => withGenerated(doc, SECTION, NOTE, otherRouterTable(), file);
