import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import Ajv from 'ajv';
import type { Mode } from '../../spec/clauses';
import type { ScenarioName, Scenarios } from '../scenarios/table';
import { ROOT } from '../../spec/root';

export type { Control } from '../scenarios/schema';
export type { ScenarioName, Scenarios, ScenarioValue } from '../scenarios/table';

/**
 * A target profile names, for one deployment, the routes each scenario uses. Schema:
 * spec/schemas/target-profile.schema.json, generated from the scenario table
 * (conformance/scenarios/table.ts, which also gives each scenario's type). A scenario the profile
 * leaves out makes the tests that need it `untested` for that target — never passed.
 */
export interface TargetProfile {
  name: string;
  description?: string;
  /** Header or query parameter names that may carry the build identifier. */
  buildIdentifier?: { headers?: string[]; queryParams?: string[] };
  scenarios: Scenarios;
}

export const PROFILE_SCHEMA_FILE = join(ROOT, 'spec', 'schemas', 'target-profile.schema.json');

/** Validates a parsed profile against the schema; returns readable errors (empty = valid). */
export function validateProfile(data: unknown): string[] {
  const ajv = new Ajv({ allErrors: true });
  const validate = ajv.compile(JSON.parse(readFileSync(PROFILE_SCHEMA_FILE, 'utf8')));
  if (validate(data)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`);
}

/** A profile as written: it may start from another (`extends`) and leave some of its scenarios out (`omit`). */
interface WrittenProfile extends Partial<TargetProfile> {
  extends?: string;
  omit?: ScenarioName[];
}

/**
 * Reads, validates and resolves a profile file: one that `extends` another gets the base's fields
 * and scenarios (its own replacing the base's, those it `omit`s left out), resolved recursively.
 */
export function loadProfile(file: string, seen: readonly string[] = []): TargetProfile {
  const path = resolve(file);
  if (seen.includes(path)) throw new Error(`Target profile ${file} extends itself: ${[...seen, path].map((f) => relative(process.cwd(), f)).join(' → ')}; remove one of the extends.`);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new Error(`Cannot read target profile ${file}: ${(e as Error).message}`);
  }
  const errors = validateProfile(data);
  if (errors.length) throw new Error(`Target profile ${file} is not valid:\n  ${errors.join('\n  ')}\nSee spec/schemas/target-profile.schema.json.`);
  const written = data as WrittenProfile;
  if (written.omit && !written.extends) throw new Error(`Target profile ${file} has omit but no extends: omit leaves out scenarios of the profile it extends; remove omit or add extends.`);
  if (!written.extends) return data as TargetProfile;
  const baseFile = resolve(dirname(path), written.extends);
  const base = loadProfile(baseFile, [...seen, path]);
  const scenarios: Scenarios = { ...base.scenarios };
  for (const name of written.omit ?? []) {
    if (!(name in scenarios)) throw new Error(`Target profile ${file} omits ${name}, which ${written.extends} does not name; take it off omit.`);
    delete scenarios[name];
  }
  const { extends: _from, omit: _omit, ...own } = written;
  return { ...base, ...own, scenarios: { ...scenarios, ...own.scenarios } } as TargetProfile;
}

/** The scenario if the profile provides it for this mode, else undefined. */
export function scenarioFor<K extends ScenarioName>(profile: TargetProfile, name: K, mode: Mode): Scenarios[K] | undefined {
  const s = profile.scenarios[name];
  if (!s) return undefined;
  if (s.modes && !s.modes.includes(mode)) return undefined;
  return s;
}
