import { S1, BOTH, type ClauseEntry } from './types';

/** The registry's clauses of the seed's section 1 (what the product does and for whom), joined in spec/clauses.ts. */
export const SECTION_1 = [
  {
    id: 'P1', title: 'Purpose and users', section: S1, kind: 'pending', modes: BOTH,
    quote: ['Purpose: not shown. Users: not shown.'],
    hash: '0dd878fdbc588516',
    questions: [
      'What is the site for, and who uses it?',
      'Which user goals must a visitor be able to complete?',
    ],
    evidenceNeeded: [
      'The live site\'s home page and navigation, read as a visitor.',
      'Any product documentation, analytics segments or support contacts that name the audience.',
    ],
  },
  {
    id: 'I1', title: 'Icons hint at an informational site (unconfirmed)', section: S1, kind: 'informative', modes: BOTH,
    quote: ['The only hint is a set of icons for contact, location, social links and a menu, which suggests an informational or marketing-style site. This is not confirmed, so it must not be treated as fact.'],
    hash: '0e756474db118fcc',
  },
] as const satisfies readonly ClauseEntry[];
