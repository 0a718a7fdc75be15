import type { Clause } from '../clauses';

/**
 * Renders spec/spec.md from the clause registry. The page is generated, never edited by hand:
 * `npm run spec:generate` writes it and a unit test fails when it drifts from spec/clauses.ts.
 */
export function renderSpecMarkdown(clauses: readonly Clause[]): string {
  const out: string[] = [];
  out.push('<!-- Generated from spec/clauses.ts by `npm run spec:generate`. Do not edit by hand. -->');
  out.push('# The spec as clauses');
  out.push('');
  out.push('Every statement of the seed spec (spec/seed-spec.md) as a clause with a stable ID. Tests, fixtures, mutants and');
  out.push('report rows carry the same IDs, so `git grep K9.5` walks them side by side. The hash is the first 16 hex digits of');
  out.push('the sha256 of the quoted text: when the seed changes, the hash check flags the clause and its tests for review.');
  out.push('');
  out.push('Kinds: **normative** (tested; verdict passed / failed / cantTell / inapplicable / untested), **pending** (the spec');
  out.push('says "not shown": always `untested`, never passed, with the questions that would settle it), **informative**');
  out.push('(context, not a rule).');
  out.push('');
  out.push('| ID | Title | Kind | Modes |');
  out.push('|---|---|---|---|');
  for (const c of clauses) out.push(`| [${c.id}](#${anchor(c.id)}) | ${c.title} | ${c.kind} | ${c.modes.join(', ')} |`);
  let section = '';
  for (const c of clauses) {
    if (c.section !== section) {
      section = c.section;
      out.push('', `## ${section}`);
    }
    out.push('', `### ${c.id}`, '', `**${c.title}** — ${c.kind}; modes: ${c.modes.join(', ')}; hash \`${c.hash}\``, '');
    for (const q of c.quote) out.push(`> ${q}`);
    for (const [mode, why] of Object.entries(c.inapplicableBecause ?? {})) {
      out.push('', `Inapplicable in ${mode} delivery: ${why}`);
    }
    if (c.readings?.length) {
      out.push('', 'How the text is read:');
      for (const r of c.readings) out.push(`- ${r}`);
    }
    if (c.parts?.length) {
      out.push('', 'Parts (the clause passes only when every part that applies passed):');
      for (const p of c.parts) out.push(`- \`${c.id}/${p.id}\`${p.optional ? ' (optional)' : ''}${p.modes ? ` (${p.modes.join(', ')} only)` : ''}: ${p.text}${p.subject ? ` Its subject: ${p.subject}.` : ''}`);
    }
    if (c.subject) out.push('', `Its subject (a pass needs it observed at least once): ${c.subject}.`);
    if (c.howTested) out.push('', `How it is tested: ${c.howTested}`);
    if (c.questions?.length) {
      out.push('', 'Open questions that would settle it:');
      for (const q of c.questions) out.push(`- ${q}`);
    }
    if (c.evidenceNeeded?.length) {
      out.push('', 'Evidence needed:');
      for (const e of c.evidenceNeeded) out.push(`- ${e}`);
    }
  }
  out.push('');
  return out.join('\n');
}

function anchor(id: string): string {
  return id.toLowerCase().replace(/\./g, '');
}
