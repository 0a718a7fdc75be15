import type { TestTiming } from '../observers/timing';
import type { ClauseKind, Mode } from '../../spec/clauses';
import type { GateKind, GateLevels } from '../run/gate-levels';
import type { AccessFacts } from '../run/access';
import type { Advisory, NotJudgedKind, PartOutcome, Verdict } from '../outcome/verdict';
import type { PartVerdict, WayVerdict } from '../outcome/clause-verdict';
import type { Count } from '../outcome/subject';
import type { RetryNote } from '../outcome/classify';
import type { SlowFactor } from '../run/slow';
import type { KnownDeviation } from '../expectations/known';

/**
 * The conformance report (reports/conformance.json). Schema: spec/schemas/report-schema.json — bump
 * REPORT_SCHEMA_VERSION on any change that a reader could notice.
 */
export const REPORT_SCHEMA_VERSION = '1.9.0';

/** EARL outcome words. */
export { VERDICTS, type Verdict, type NotJudgedKind } from '../outcome/verdict';

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
  /** For an untested test: which kind of not judged (outcome/verdict.ts NotJudgedKind). Absent in reports before schema 1.9. */
  notJudged?: NotJudgedKind;
  /** Parts of the clause the whole test observes. */
  parts?: string[];
  /** Parts observed one by one inside the test. */
  partOutcomes?: PartOutcome[];
  /** Observations beyond the clause text: never the verdict. */
  advisories?: Advisory[];
  /** How often the test saw its subject outside its parts (outcome/subject.ts). */
  observed?: Count[];
  durationMs: number;
  /** Where the last attempt's time went (observers/timing.ts): set-up, page loads, waits, fake-clock runs, the rest. */
  timing?: TestTiming;
  attempts: number;
  /**
   * When the test was tried again after an attempt that did not pass and the retry passed: what the
   * first attempt saw, the machine then, whose it was and how the test is counted (outcome/classify.ts).
   */
  retry?: RetryNote;
  error?: string;
  evidence: Evidence[];
}

export interface ClauseResult {
  verdict: Verdict;
  reason?: string;
  /** For an untested clause: which kind of not judged — its missing parts' hardest (outcome/clause-verdict.ts). */
  notJudged?: NotJudgedKind;
  /** Per part of the clause (spec/clauses.ts `parts`) that applies in this mode. */
  parts?: PartVerdict[];
  /** What the verdict rests on: the clause's subject counted over its tests ("12 pages, 31 requests"). */
  observed?: Count[];
  /** For a clause without parts: each test's observation (a way of observing the clause). */
  ways?: WayVerdict[];
  /** Advisory observations of this clause's tests (what the spec does not state). */
  advisories?: (Advisory & { test: string })[];
  tests: TestRecord[];
  /** How the gate counts this verdict (normative clauses; absent elsewhere). See gate.ts. */
  gate?: GateStatus;
  /** The expectations that held for this clause and its parts in this mode, each with what was observed. */
  expectations?: ExpectationOutcome[];
  /** A failed clause or part that the matrix's table knows for the target's detected framework version. */
  knownDeviations?: KnownDeviation[];
}

/**
 * How the gate counts a clause in one mode: `ok` (passed, or as expected with nothing waived),
 * `expected` (not passed, and exactly as its expectations say: accepted by the team, or a known
 * deviation of the framework; kept apart from failures), `unexpected` (fails the gate: a verdict
 * not expected, or an unexpected pass), `allowed` (not as expected, but the config's gate levels
 * make its kind a warning or leave it off: shown, not failing), `ungated` (outside the run's
 * selection).
 */
export type GateStatus = 'ok' | 'expected' | 'unexpected' | 'allowed' | 'ungated';

/** One expectation (conformance/expectations/model.ts) as the gate applied it. */
export interface ExpectationOutcome {
  /** The clause or part it is for: "R2.5", "R2.5/client". */
  of: string;
  expected: Verdict;
  observed: Verdict;
  met: boolean;
  reason: string;
  link?: string;
  source?: string;
  cite?: string[];
}

/** "a known deviation of Next 16.4: …" (conformance/expectations/known.ts). */
export type { KnownDeviation } from '../expectations/known';

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

/**
 * One reason the gate failed, as data. `kind`: the kind of finding the config's gate levels name
 * (`failed`, `cantTell`, `untested` — an inapplicable verdict where something else was expected
 * counts as untested — or `unexpectedPass`), or `run` for a reason of the run itself (a shard
 * missing from a merge, no test ran). A clause's finding names the clause or part and the mode,
 * and the expectation it was held to when one applied (its verdict and where it came from).
 */
export interface GateFinding {
  kind: GateKind | 'run';
  /** For an untested finding: which kind of not judged (the clause's or part's). */
  notJudged?: NotJudgedKind;
  /** The clause or part (`R2.5/client`); absent for `run`. */
  of?: string;
  mode?: Mode;
  expected?: { verdict: Verdict; source?: string };
  text: string;
}

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
  gate: {
    passed: boolean;
    scope: 'all' | 'selected';
    /** Why the gate failed: one line per unexpected verdict (an unexpected pass included). */
    reasons: string[];
    /** The same reasons as data, in the same order (`findings[i].text` is `reasons[i]`): what a reader acts on, never the words. */
    findings: GateFinding[];
    /** Verdicts that are not passed but were expected: one line each, with the reason (they do not fail the gate). */
    expected?: string[];
    /** Findings the config's gate levels make warnings (`warn`): shown, not failing the gate. */
    warnings?: string[];
    /** The gate's levels, when the config set any other than the strict default (run/gate-levels.ts). */
    levels?: GateLevels;
  };
  /** The run's expectations (--expectations, the config's `expectations`). Absent: none given. */
  expectations?: {
    /** Where they came from, in order ("preset next@16", "file: …"). */
    sources: string[];
    /** How many clause verdicts were expected and not passed, per mode and in all. */
    expected: Partial<Record<Mode, number>> & { all: number };
    /** Expectations that applied to no clause or part judged in this run (their mode not run, or outside the selection). */
    unused: { clause: string; mode?: Mode; verdict: Verdict; reason: string; source?: string }[];
  };
  /**
   * Per pending clause, what discovery observed on the target that bears on its open questions
   * (spec/schemas/observations.schema.json). Never a verdict: pending clauses stay untested.
   */
  observed?: Record<string, unknown>;
  /**
   * Per mode whose every-page clauses checked a sample of the pages discovery found (one per route
   * shape): how many were checked of how many found, and how they were chosen.
   */
  sampled?: { mode: Mode; found: number; checked: number; how: string }[];
  /**
   * The harness's patience in this run (conformance/run/slow.ts): the factor every bound of its own
   * was multiplied by, where it came from, and the measurement. The spec's own times never scale.
   */
  slow?: SlowFactor;
  /**
   * How the run reached the targets (conformance/run/access.ts): the trust chosen and, by name only,
   * the credentials and headers sent to the targets' origins. Never a secret. Absent: the usual trust, nothing sent.
   */
  access?: AccessFacts;
  /** Headline figures of the last mutant run (npm run mutants), when there is one. */
  mutation?: { score: number; killed: number; total: number; collateral: number; at: string };
}
