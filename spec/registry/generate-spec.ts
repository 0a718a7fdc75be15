// Writes spec/spec.md from spec/clauses.ts (npm run spec:generate).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLAUSES } from '../clauses';
import { renderSpecMarkdown } from './spec-md';

const file = join(__dirname, '..', 'spec.md');
writeFileSync(file, renderSpecMarkdown(CLAUSES));
console.log(`wrote ${file}`);
