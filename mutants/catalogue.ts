/**
 * The mutants: small, named changes to the built reference site, each breaking one rule of the
 * spec and declaring the clause(s) the suite must then fail. docs/mutants.md explains how to add one.
 *
 * Delivery:
 *  - static mutants edit a copy of the static export (site/out) — `rename` and `text` rules — and
 *    serve it like the reference; `headers` rules put a rewriting proxy in front of it;
 *  - server mutants put a rewriting proxy in front of the reference `next start` (shared by all
 *    server mutants) — `text` rules rewrite answer bodies by URL path and content type.
 *
 * Anchors are written against Next.js 15.5's minified client code (names of minified variables
 * are matched with [\w$]+, never spelled). Each rule states how often it must match (default: at
 * least once); a rule that no longer matches makes the mutant fail loudly as stale.
 */
import type { Mutant } from './catalogue/model';
import { SECTION_2 } from './catalogue/section-2';
import { SECTION_7 } from './catalogue/section-7';
import { PRECONDITIONS } from './catalogue/preconditions';
import { ABSENT_SUBJECTS } from './catalogue/absent-subjects';
import { SECTION_9 } from './catalogue/section-9';
import { EVERY_PAGE } from './catalogue/every-page';

export type { Mutant };

/** Every mutant, by section of the seed as written in mutants/catalogue/ (the order of the reports). */
export const MUTANTS: Mutant[] = [...SECTION_2, ...SECTION_7, ...PRECONDITIONS, ...ABSENT_SUBJECTS, ...SECTION_9, ...EVERY_PAGE];

/** The truthfulness mutants npm test runs: a missing precondition gives untested, a change the spec allows leaves the clause passed. */
export const TRUTHFULNESS_NPM_TEST = ['K9.1-link-removed', 'C7.4-assets-other-origin-allowed', 'C7.3-foreign-build-accepted'];

/** What `npm test` runs (--npm-test): the quick set, the absent-subject set's cheap part and the truthfulness mutants, in one pool. */
export const NPM_TEST_SET: Mutant[] = MUTANTS.filter((m) => m.quick || m.absentSubject?.npmTest || TRUTHFULNESS_NPM_TEST.includes(m.id));

/** How the mutant is delivered, in words (for tables). */
export function mechanism(m: Mutant): string {
  const parts: string[] = [];
  if (m.mode === 'static') {
    const edits = [m.rename?.length ? 'rename' : '', m.text?.length ? 'rewrite' : ''].filter(Boolean).join(' + ');
    parts.push(m.source ? 'source changed, export built anew' : edits ? `export copy (${edits})` : 'export copy');
    if (m.headers?.length) parts.push('proxy (headers)');
  } else {
    const edits = [m.text?.length ? 'bodies' : '', m.headers?.length ? 'headers' : ''].filter(Boolean).join(' + ');
    parts.push(`proxy before next start (${edits})`);
  }
  return parts.join(' + ');
}
