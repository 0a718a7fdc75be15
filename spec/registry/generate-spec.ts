// Writes the files generated from the clause registry (spec/clauses.ts), as `npm run generate` runs it:
// spec/spec.md, the site's copy of the clause IDs (site/content/clause-ids.ts) and the Clauses column of
// docs/discovery.md's scenario table. A unit test fails while any of them differs from what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLAUSES } from '../clauses';
import { DISCOVERY_MD, withScenarioClauses } from './scenario-clauses-md';
import { renderSiteClauseIds, SITE_CLAUSE_IDS } from './site-clauses';
import { renderSpecMarkdown } from './spec-md';
import { ROOT } from '../root';

const write = (file: string, text: string) => {
  writeFileSync(join(ROOT, file), text);
  console.log(`wrote ${file}`);
};

write('spec/spec.md', renderSpecMarkdown(CLAUSES));
write(SITE_CLAUSE_IDS, renderSiteClauseIds(CLAUSES));
write(DISCOVERY_MD, withScenarioClauses(readFileSync(join(ROOT, DISCOVERY_MD), 'utf8')));
