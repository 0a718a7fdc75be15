// Writes docs/spec.md from docs/clauses.ts (npm run spec:generate).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLAUSES } from '../../docs/clauses';
import { renderSpecMarkdown } from './spec-md';

const file = join(__dirname, '..', '..', 'docs', 'spec.md');
writeFileSync(file, renderSpecMarkdown(CLAUSES));
console.log(`wrote ${file}`);
