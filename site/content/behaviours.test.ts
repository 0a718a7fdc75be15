import { describe, expect, it } from 'vitest';
import { BEHAVIOURS, clausesOn, SERVER_ONLY_ROUTES, type Behaviour } from './behaviours';
import { NORMATIVE_CLAUSES, type NormativeClauseId } from './clause-ids';

/**
 * The gallery and the demo pages against the registry. The site imports only site/, so the registry comes
 * as its generated copy, clause-ids.ts (a unit test of conformance/ holds that copy to spec/clauses/): IDs
 * are typed by it, and these hold what the compiler cannot — every normative clause in the gallery, the
 * delivery modes and the server-only routes. The pages themselves, their DemoIntro and docs/routes.md are
 * held by site/scripts/routes-doc.test.ts (it reads files; the site's modules do not).
 */

/** The gallery's problems against the registry's normative clauses, in words. */
export function galleryProblems(gallery: readonly Pick<Behaviour, 'id' | 'targets'>[], clauses: typeof NORMATIVE_CLAUSES = NORMATIVE_CLAUSES): string[] {
  const ids = Object.keys(clauses) as NormativeClauseId[];
  const listed = gallery.map((b) => b.id);
  const out = [
    ...ids.filter((id) => !listed.includes(id)).map((id) => `the gallery has no ${id} (${clauses[id].title}): add it to site/content/behaviours.ts with a page where it shows`),
    ...listed.filter((id, i) => listed.indexOf(id) !== i).map((id) => `the gallery lists ${id} twice`),
  ];
  if (!out.length && listed.join() !== ids.join()) out.push(`the gallery's order is ${listed.join(', ')}; the registry's is ${ids.join(', ')}`);
  for (const b of gallery) {
    // An ID its copy of the registry does not know: the copy is stale (a clause just added), not the gallery wrong.
    if (!clauses[b.id]) {
      out.push(`${b.id} is not in site/content/clause-ids.ts: run npm run generate (it copies the registry's clauses there)`);
      continue;
    }
    const modes: readonly string[] = clauses[b.id].modes;
    if (!modes.includes('static') && b.targets.some((t) => t.mode !== 'server')) out.push(`${b.id} applies in server delivery only: mark each of its targets mode 'server'`);
    if (modes.includes('static') && !b.targets.some((t) => t.mode === 'both')) out.push(`${b.id} applies in static delivery: give it a target that is live in the static export (mode 'both')`);
    for (const t of b.targets) {
      if ((SERVER_ONLY_ROUTES as readonly string[]).includes(t.href) && t.mode !== 'server') out.push(`${b.id}: ${t.href} exists in the server build only: mark it mode 'server'`);
    }
  }
  return out;
}

describe('the behaviour gallery (site/content/behaviours.ts) against the registry (clause-ids.ts)', () => {
  it('lists every normative clause once, in the registry\'s order, live in each delivery mode the clause applies in', () => {
    expect(galleryProblems(BEHAVIOURS)).toEqual([]);
  });

  it('goes red on a missing, doubled or misplaced clause and on a mode the registry does not allow', () => {
    const only = { 'R2.2': NORMATIVE_CLAUSES['R2.2'], 'C7.5': NORMATIVE_CLAUSES['C7.5'] } as unknown as typeof NORMATIVE_CLAUSES;
    const both = { href: '/demos/x', label: 'x', mode: 'both' } as const;
    expect(galleryProblems([{ id: 'R2.2', targets: [both] }], only)).toEqual([`the gallery has no C7.5 (${NORMATIVE_CLAUSES['C7.5'].title}): add it to site/content/behaviours.ts with a page where it shows`]);
    expect(galleryProblems([{ id: 'C7.5', targets: [both] }, { id: 'R2.2', targets: [{ ...both, mode: 'server' }] }], only)).toEqual([
      'the gallery\'s order is C7.5, R2.2; the registry\'s is R2.2, C7.5',
      'C7.5 applies in server delivery only: mark each of its targets mode \'server\'',
      'R2.2 applies in static delivery: give it a target that is live in the static export (mode \'both\')',
    ]);
    expect(galleryProblems([{ id: 'R2.2', targets: [{ ...both, href: '/demos/action' }] }, { id: 'R2.2', targets: [both] }], only)).toContain('the gallery lists R2.2 twice');
  });

  it('gives a page the rules whose targets or alsoOn name it, in the gallery\'s order', () => {
    const both = { href: '/demos/x', label: 'x', mode: 'both' } as const;
    const gallery = [{ id: 'R2.2', targets: [{ ...both, href: '/demos/y' }], alsoOn: ['/demos/x'] }, { id: 'C7.5', targets: [both] }, { id: 'K9.1', targets: [{ ...both, href: '/demos/y' }] }] as const;
    expect(clausesOn('/demos/x', gallery.map((b) => ({ ...b, targets: [...b.targets], alsoOn: 'alsoOn' in b ? [...b.alsoOn] : undefined })))).toEqual(['R2.2', 'C7.5']);
    expect(clausesOn('/demos/z', [])).toEqual([]);
  });
});
