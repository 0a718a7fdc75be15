import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import type { Mode } from '../../spec/clauses';
import type { ScenarioName, Scenarios } from '../scenarios/table';
import { ROOT } from './channel';

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

export function loadProfile(file: string): TargetProfile {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`Cannot read target profile ${file}: ${(e as Error).message}`);
  }
  const errors = validateProfile(data);
  if (errors.length) throw new Error(`Target profile ${file} is not valid:\n  ${errors.join('\n  ')}\nSee spec/schemas/target-profile.schema.json.`);
  return data as TargetProfile;
}

/** The scenario if the profile provides it for this mode, else undefined. */
export function scenarioFor<K extends ScenarioName>(profile: TargetProfile, name: K, mode: Mode): Scenarios[K] | undefined {
  const s = profile.scenarios[name];
  if (!s) return undefined;
  if (s.modes && !s.modes.includes(mode)) return undefined;
  return s;
}
