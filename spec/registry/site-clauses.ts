import type { Clause } from '../clauses';

/**
 * site/content/clause-ids.ts: the registry's normative clauses as the reference site may know them. The
 * site imports only site/ (it builds on its own), so it gets this generated copy (`npm run generate`); its
 * gallery and demo pages name clauses by its type, and a unit test fails while the copy differs from the
 * registry (conformance/unit/registry-tables.test.ts).
 */
export const SITE_CLAUSE_IDS = 'site/content/clause-ids.ts';

export function renderSiteClauseIds(clauses: readonly Clause[]): string {
  const q = (s: string) => JSON.stringify(s);
  const rows = clauses.filter((c) => c.kind === 'normative')
    .map((c) => `  ${q(c.id)}: { title: ${q(c.title)}, modes: [${c.modes.map(q).join(', ')}] },`);
  return [
    '// Generated from spec/clauses.ts by `npm run generate`: do not edit by hand (a unit test fails while it differs).',
    '// The site imports only site/, so the registry\'s normative clauses come to it as this copy (spec/registry/site-clauses.ts).',
    '',
    '/** Every normative clause of the registry, in its order: the registry\'s title and the delivery modes it applies in. */',
    'export const NORMATIVE_CLAUSES = {',
    ...rows,
    '} as const;',
    '',
    '/** The ID of a normative clause: what the gallery and the demo pages may name. */',
    'export type NormativeClauseId = keyof typeof NORMATIVE_CLAUSES;',
    '',
    'export const NORMATIVE_CLAUSE_IDS = Object.keys(NORMATIVE_CLAUSES) as NormativeClauseId[];',
    '',
  ].join('\n');
}
