import type { TestTiming } from '../harness/timing';
import type { ClauseKind, Mode } from '../../spec/clauses';

/**
 * The conformance report (reports/conformance.json). Schema: spec/schemas/report-schema.json — bump
 * REPORT_SCHEMA_VERSION on any change that a reader could notice.
 */
export const REPORT_SCHEMA_VERSION = '1.3.0';

/** EARL outcome words. */
export { VERDICTS, type Verdict } from '../outcome/verdict';
import type { Advisory, PartOutcome, Verdict } from '../outcome/verdict';
import type { PartVerdict, WayVerdict } from '../outcome/clause-verdict';
import type { Count } from '../outcome/subject';

export interface Evidence {
  name: string;
  contentType: string;
  /** Relative to the report's folder. */
  path: string;
  sha256: string;
  bytes: number;
}

/** One executed (or skipped) test, as the report keeps it. */
export interface TestRecord {
  title: string;
  file: string;
  line: number;
  /** What happened: passed, failed, flaky (failed then passed on retry), or skipped. */
  outcome: 'passed' | 'failed' | 'flaky' | 'skipped';
  /** For skipped tests: the verdict they stand for and why. */
  skipVerdict?: 'inapplicable' | 'untested' | 'cantTell';
  /** The test's own verdict (conformance/outcome/classify.ts) and why. */
  verdict: Verdict;
  reason?: string;
  /** Parts of the clause the whole test observes. */
  parts?: string[];
  /** Parts observed one by one inside the test. */
  partOutcomes?: PartOutcome[];
  /** Observations beyond the clause text: never the verdict. */
  advisories?: Advisory[];
  /** How often the test saw its subject outside its parts (outcome/subject.ts). */
  observed?: Count[];
  durationMs: number;
  /** Where the last attempt's time went (harness/timing.ts): set-up, page loads, waits, fake-clock runs, the rest. */
  timing?: TestTiming;
  attempts: number;
  error?: string;
  evidence: Evidence[];
}

export interface ClauseResult {
  verdict: Verdict;
  reason?: string;
  /** Per part of the clause (spec/clauses.ts `parts`) that applies in this mode. */
  parts?: PartVerdict[];
  /** What the verdict rests on: the clause's subject counted over its tests ("12 pages, 31 requests"). */
  observed?: Count[];
  /** For a clause without parts: each test's observation (a way of observing the clause). */
  ways?: WayVerdict[];
  /** Advisory observations of this clause's tests (what the spec does not state). */
  advisories?: (Advisory & { test: string })[];
  tests: TestRecord[];
}

export interface ClauseRow {
  id: string;
  title: string;
  section: string;
  kind: ClauseKind;
  quote: string[];
  hash: string;
  modes: Mode[];
  howTested?: string;
  /** How the text was read (spec/clauses.ts `readings`). */
  readings?: string[];
  questions?: string[];
  evidenceNeeded?: string[];
  /** One entry per mode of this run. */
  results: Partial<Record<Mode, ClauseResult>>;
}

export interface TargetInfo {
  mode: Mode;
  url: string;
  /** True when the harness built and served the reference site itself. */
  reference: boolean;
  profile: string;
  otherBuildUrl?: string;
  framework?: string;
  frameworkVersion?: string;
  buildId?: string;
  deploymentId?: string;
  isThisKind?: boolean;
  kindReason?: string;
}

export type Totals = Record<Verdict, number>;

export interface Report {
  schema: 'spec-conformance-report';
  schemaVersion: string;
  suite: { name: string; version: string; gitSha?: string };
  browser?: { name: string; version?: string; source?: string };
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  modes: Mode[];
  targets: TargetInfo[];
  clauses: ClauseRow[];
  totals: Partial<Record<Mode, Totals>> & { all: Totals };
  gate: { passed: boolean; scope: 'all' | 'selected'; reasons: string[] };
  /**
   * Per pending clause, what discovery observed on the target that bears on its open questions
   * (spec/schemas/observations.schema.json). Never a verdict: pending clauses stay untested.
   */
  observed?: Record<string, unknown>;
  /** Headline figures of the last mutant run (npm run mutants), when there is one. */
  mutation?: { score: number; killed: number; total: number; collateral: number; at: string };
}
