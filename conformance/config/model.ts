import type { Mode } from '../../spec/clauses';
import type { GateKind, GateLevel } from '../run/gate-levels';

/**
 * The shape of spec-conformance.config.{ts,mjs,json} (schema: spec/schemas/config.schema.json,
 * documented in docs/config.md). Paths are relative to the config file's folder.
 */
export interface SpecConformanceConfig {
  /** Editors' pointer to the schema; ignored. */
  $schema?: string;
  /** The deployments to judge: at most one per delivery mode. */
  targets?: ConfigTarget[];
  /** Report folder (default: reports/ next to the config file). */
  out?: string;
  /** Playwright workers: a number, or a percentage of the cores such as '50%'. */
  workers?: number | string;
  /** The harness's patience: a factor from 1 to 10 its own bounds are multiplied by, or 'auto' (default: measured at the start). */
  slow?: number | 'auto';
  /** Known deviations: preset names ('next@16'), expectation files, or expectations. */
  expectations?: (string | ConfigExpectation)[];
  /** Append conformance.md to this file after the run (e.g. process.env.GITHUB_STEP_SUMMARY). */
  summary?: string;
  /** Run the tests even when a target does not look like this kind of site. */
  force?: boolean;
  /** What fails the gate per kind of finding: 'error' (default), 'warn' (shown, not failing) or 'off'. */
  gate?: Partial<Record<GateKind, GateLevel>>;
  /** false: no crawl, each target's profile as written; an object: the crawl's limits. */
  discovery?: boolean | { maxPages?: number; ignoreRobots?: boolean };
  /**
   * The every-page clauses check every page discovery finds (linked from a page it read, or in the
   * sitemap), not a few of each route shape: their cost then grows with the site. Flag --all-pages.
   */
  allPages?: boolean;
  /**
   * A PEM file of certificate authorities to trust besides the usual ones, for the whole run (probe,
   * pre-flight, discovery, the browser). Flag --ca; environment SPEC_CONFORMANCE_CA.
   */
  ca?: string;
  /** Accept an untrusted certificate (not verified). Flag --insecure; environment SPEC_CONFORMANCE_INSECURE=1. */
  insecure?: boolean;
  /**
   * HTTP basic auth, sent to the targets' origins only. Environment SPEC_CONFORMANCE_USER and
   * SPEC_CONFORMANCE_PASSWORD (they win). Give the password as `{ env: 'NAME' }` (or
   * process.env.NAME in a .ts config), so the secret never sits in a file.
   */
  httpCredentials?: { username: SecretValue; password: SecretValue };
  /**
   * Extra request headers (a protection-bypass header, say), sent to the targets' origins only.
   * Environment SPEC_CONFORMANCE_HEADERS ("Name: value" per line) adds to them.
   */
  headers?: Record<string, SecretValue>;
}

/** A value written in the config, or the name of the environment variable that holds it. */
export type SecretValue = string | { env: string };

export interface ConfigTarget {
  url: string;
  mode: Mode;
  /** Target profile file; without it the target is crawled first (discovery). */
  profile?: string;
  /** Another build of the same site (C7.3's build checks). */
  otherBuild?: string;
}

/** One known deviation (conformance/expectations/model.ts `Expectation`, as written in a config). */
export interface ConfigExpectation {
  /** 'R2.5' or 'R2.5/client'. */
  clause: string;
  mode?: Mode;
  verdict: 'passed' | 'failed' | 'cantTell' | 'untested' | 'inapplicable';
  reason: string;
  link?: string;
}

/** Types a config written in TypeScript or JavaScript (`export default defineConfig({ … })`). */
export function defineConfig(config: SpecConformanceConfig): SpecConformanceConfig {
  return config;
}
