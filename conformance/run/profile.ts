import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { join } from 'node:path';
import type { Mode } from '../../spec/clauses';
import { ROOT } from './channel';

/**
 * A target profile names, for one deployment, the routes each scenario uses. Schema:
 * spec/schemas/target-profile.schema.json. A scenario the profile leaves out makes the tests that need
 * it `untested` for that target — never passed.
 */

/** A control found by its accessible role and name (getByRole). */
export interface Control { role: 'button' | 'link'; name: string }

interface Base { /** Modes this scenario exists in on the target; default: both. */ modes?: Mode[] }

export interface Scenarios {
  /** Unknown paths to load directly (top level, nested, query, unicode). */
  unknownPaths?: Base & { paths: string[] };
  /** An in-site link to a missing page. */
  brokenLink?: Base & { from: string; href: string };
  /** Pages that show the generic error page for a status code, keyed by code. */
  statusPages?: Base & { pages: Record<string, string> };
  /** Paths whose real HTTP answer is an error status. */
  realStatuses?: Base & { malformedUrl?: string; postToStatic?: string; unknownPath?: string; throwingPage?: string };
  /** A page whose control throws on the client where no status code exists. */
  noStatusError?: Base & { page: string; trigger: Control };
  /** A page whose control makes the app throw during render (global failure, client side). */
  clientCrash?: Base & { page: string; trigger: Control };
  /** A page that throws while rendering on the server (global failure, server side). */
  serverCrash?: Base & { page: string };
  /** Pages that live inside a route group, with the group's folder name. */
  routeGroups?: Base & { pages: { path: string; group: string }[] };
  /** Pages visited in order by clicking a link to the next one. */
  navigation?: Base & { chain: string[] };
  /** A tall page and another page it links to (scroll restore). */
  scroll?: Base & { tall: string; other: string };
  /** A page with a title and one without (its first heading is announced), linked from `from`. */
  announcer?: Base & { from: string; titled: string; untitled: string };
  /** A link without prefetch: clicking it fetches the target's page data. */
  pageData?: Base & { from: string; to: string };
  /** The server-function form. */
  serverFunction?: Base & { page: string; submit: Control; result: string };
  /** A client-side route whose code can be held, linked from `from` without prefetch. */
  routeLoadTimeout?: Base & { from: string; to: string };
  /** A page not pre-rendered whose data the client fetches after load; a fresh slug is appended. */
  retry?: Base & { pathPrefix: string };
  /** A static page reached from `from` (freshness of cached data). */
  freshness?: Base & { from: string; to: string };
  /** A dynamic page (rendered per request) and a hub that links to it and back. */
  dynamicFreshness?: Base & { hub: string; page: string };
  /** A page with at least 8 prefetchable links in view. */
  prefetch?: Base & { page: string; minLinks?: number };
  /** Pages the every-page checks load once each (R2.6, C7.4, R2.2); `shapes` counts route shapes only partly listed. */
  sitePages?: Base & { paths: string[]; shapes?: { shape: string; pagesInShape: number; checked: number }[] };
}

export interface TargetProfile {
  name: string;
  description?: string;
  /** Header or query parameter names that may carry the build identifier. */
  buildIdentifier?: { headers?: string[]; queryParams?: string[] };
  scenarios: Scenarios;
}

export type ScenarioName = keyof Scenarios;

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
