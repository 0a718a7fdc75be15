// Writes spec/schemas/target-profile.schema.json from the scenario table (npm run schema:generate).
// Here rather than in spec/registry: the table is conformance code, and spec/ imports none of it.
import { writeFileSync } from 'node:fs';
import { PROFILE_SCHEMA_FILE } from './profile';
import { renderProfileSchema } from './profile-schema';

writeFileSync(PROFILE_SCHEMA_FILE, renderProfileSchema());
console.log(`wrote ${PROFILE_SCHEMA_FILE}`);
