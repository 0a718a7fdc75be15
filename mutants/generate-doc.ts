// Writes docs/mutants.md's tables from the catalogue (mutants/catalogue/), as `npm run generate` runs it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MUTANTS_MD, withCatalogue } from './catalogue-doc';
import { ROOT } from '../spec/root';

const file = join(ROOT, MUTANTS_MD);
writeFileSync(file, withCatalogue(readFileSync(file, 'utf8')));
console.log(`wrote ${MUTANTS_MD}`);
