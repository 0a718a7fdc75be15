import { CLAUSE_SCENARIOS, NORMATIVE } from '../clauses';
import { generatedBody, withGenerated } from './generated-section';

/**
 * docs/discovery.md's table "Where each scenario comes from": its Clauses column is the registry read the
 * other way round (each normative clause's `scenarios` in spec/clauses/), written by `npm run generate`;
 * the other columns, what discovery takes, are prose written by hand. A unit test fails while the column
 * differs from the registry, or while the table misses a scenario the registry names or names one it does not.
 */
export const DISCOVERY_MD = 'docs/discovery.md';
const SECTION = 'scenario clauses';
const NOTE = 'the Clauses column, from each normative clause\'s `scenarios` in spec/clauses/ by `npm run generate`; the other columns by hand';

/** Each scenario the registry names → the normative clauses whose tests use it, in registry order. */
export function clausesByScenario(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const c of NORMATIVE) for (const s of CLAUSE_SCENARIOS[c.id] as readonly string[]) out.set(s, [...(out.get(s) ?? []), c.id]);
  return out;
}

/** The cells of a Markdown table row (a `\|` inside a cell stays in it). */
export function cellsOf(row: string): string[] {
  return row.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '').split(/(?<!\\)\|/).map((s) => s.trim());
}

const rowOf = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;

/** docs/discovery.md with the Clauses column of its scenario table written from the registry. */
export function withScenarioClauses(doc: string, byScenario = clausesByScenario()): string {
  const [head, rule, ...rows] = generatedBody(doc, SECTION, DISCOVERY_MD).split('\n');
  const where = `${DISCOVERY_MD}, the table "Where each scenario comes from"`;
  if (cellsOf(head)[0] !== 'Scenario' || cellsOf(head)[1] !== 'Clauses') throw new Error(`${where}: its first two columns must be "Scenario" and "Clauses".`);
  const named: string[] = [];
  const written = rows.map((row) => {
    const cells = cellsOf(row);
    const name = cells[0].replace(/`/g, '');
    const ids = byScenario.get(name);
    if (!ids) throw new Error(`${where}: the row "${name}" is no scenario the registry names (${[...byScenario.keys()].join(', ')}): rename or take off the row.`);
    named.push(name);
    return rowOf([cells[0], ids.join(', '), ...cells.slice(2)]);
  });
  const missing = [...byScenario.keys()].filter((s) => !named.includes(s));
  if (missing.length) throw new Error(`${where}: no row for the scenario(s) ${missing.join(', ')}: add one saying what discovery takes, then run \`npm run generate\` (it fills the Clauses column).`);
  return withGenerated(doc, SECTION, NOTE, [head, rule, ...written].join('\n'), DISCOVERY_MD);
}
