import { S3, S4, S5, S6, BOTH, type ClauseEntry } from './types';

/** The registry's clauses of the seed's sections 3 to 6 (entities, states, validation, roles), joined in spec/clauses.ts. */
export const SECTIONS_3_TO_6 = [
  {
    id: 'E3', title: 'Entities and their fields', section: S3, kind: 'pending', modes: BOTH,
    quote: ['## 3. Entities and their fields', 'Not shown.'],
    hash: '0d405e0933b8f84b',
    questions: ['Which entities does the product manage, with which fields and types?', 'Which fields are required, unique or derived?'],
    evidenceNeeded: ['Forms and detail screens of the live site, or its data model / API schema from the owner.'],
  },
  {
    id: 'S4', title: 'States and transitions', section: S4, kind: 'pending', modes: BOTH,
    quote: ['Not shown. No product state or transition is visible.'],
    hash: '566f9cab8ee51567',
    questions: ['Do any entities have a life cycle (draft, published, archived …)?', 'Which actions move them between states, and who may take them?'],
    evidenceNeeded: ['Status labels and action buttons on the live site, observed before and after each action.'],
  },
  {
    id: 'V5', title: 'Validation rules', section: S5, kind: 'pending', modes: BOTH,
    quote: ['## 5. Validation rules', 'Not shown.'],
    hash: '5313c47d752005e0',
    questions: ['Which inputs does the product accept, and what makes each invalid?', 'Which messages are shown for invalid input, and where?'],
    evidenceNeeded: ['Every form of the live site submitted with empty, too long and malformed values, with the messages shown.'],
  },
  {
    id: 'A6', title: 'Roles and permissions', section: S6, kind: 'pending', modes: BOTH,
    quote: ['Not shown. No roles, sign-in or access rules are visible.'],
    hash: '70001ff785653de2',
    questions: ['Is there sign-in? Which roles exist, and what may each see and do?'],
    evidenceNeeded: ['Any sign-in page, protected routes (401/403 answers) and the owner\'s access matrix.'],
  },
] as const satisfies readonly ClauseEntry[];
