import { CLAUSES, type Clause, type Mode } from '../../spec/clauses';
import { REPORT_SCHEMA_VERSION, VERDICTS, type ClauseRow, type Report, type TargetInfo, type TestRecord, type Totals, type Verdict } from './model';
import { judgeClause } from '../outcome/clause-verdict';
import type { Expectation, PresetFile } from '../expectations/model';
import { applyGate, gateOf, runFinding } from './gate';
import { DEFAULT_LEVELS, type GateLevels } from '../run/gate-levels';

export interface CollectedTest extends TestRecord {
  mode: Mode;
  clauseIds: string[];
}

export interface BuildInput {
  tests: CollectedTest[];
  modes: Mode[];
  /** Clause×mode pairs that had at least one test selected in this run. */
  selected: Set<string>;
  gateScope: 'all' | 'selected';
  targets: TargetInfo[];
  suite: Report['suite'];
  browser?: Report['browser'];
  startedAt: Date;
  finishedAt: Date;
  mutation?: Report['mutation'];
  slow?: Report['slow'];
  access?: Report['access'];
  clauses?: readonly Clause[];
  /** Known deviations the gate holds verdicts to (Run.expectations). */
  expectations?: readonly Expectation[];
  /** The shipped presets, for "a known deviation of Next …" when the target's framework version was seen. */
  presets?: readonly PresetFile[];
  /** What fails the gate per kind of finding (the config's `gate`; default: every kind). */
  levels?: Partial<GateLevels>;
  /** Every expectations input asked for (a preset with no entry included). */
  expectationSources?: readonly string[];
}

const copy = <T>(xs: readonly T[] | undefined): T[] | undefined => (xs ? [...xs] : undefined);

export const selectionKey = (id: string, mode: Mode) => `${id}|${mode}`;

export function buildReport(input: BuildInput): Report {
  const clauses = input.clauses ?? CLAUSES;
  const rows: ClauseRow[] = clauses.map((c) => {
    const results: ClauseRow['results'] = {};
    for (const mode of input.modes) {
      const tests = input.tests.filter((t) => t.mode === mode && t.clauseIds.includes(c.id)).map(strip);
      if (c.kind === 'pending') {
        results[mode] = { verdict: 'untested', reason: 'pending: the spec says "not shown"; see the open questions', tests };
      } else if (c.kind === 'informative') {
        results[mode] = { verdict: 'inapplicable', reason: 'informative: context, not a rule', tests };
      } else if (!c.modes.includes(mode)) {
        results[mode] = { verdict: 'inapplicable', reason: c.inapplicableBecause?.[mode] ?? `applies only to ${c.modes.join(', ')} delivery`, tests };
      } else {
        const judged = judgeClause(tests.map((t) => ({ title: t.title, verdict: t.verdict, reason: t.reason, notJudged: t.notJudged, staticParts: t.parts, outcomes: t.partOutcomes, observed: t.observed })), c.parts, mode, c.subject);
        const advisories = tests.flatMap((t) => (t.advisories ?? []).map((a) => ({ ...a, test: t.title })));
        results[mode] = { ...judged, ...(advisories.length ? { advisories } : {}), tests };
      }
    }
    return {
      // Copies: the registry is read-only, the report is data the caller owns.
      id: c.id, title: c.title, section: c.section, kind: c.kind, quote: [...c.quote], hash: c.hash, modes: [...c.modes],
      howTested: c.howTested, readings: copy(c.readings), questions: copy(c.questions), evidenceNeeded: copy(c.evidenceNeeded), results,
    };
  });

  const totals = { all: zero() } as Report['totals'];
  for (const mode of input.modes) totals[mode] = zero();
  for (const row of rows) {
    for (const mode of input.modes) {
      const v = row.results[mode]!.verdict;
      totals[mode]![v]++;
      totals.all[v]++;
    }
  }

  const runReasons = input.tests.length === 0 ? [runFinding('no conformance test ran (see the run\'s output for why)')] : [];
  const detected = Object.fromEntries(input.targets.filter((t) => t.frameworkVersion && /next/i.test(t.framework ?? 'Next.js')).map((t) => [t.mode, t.frameworkVersion!]));
  const gate = applyGate({
    rows, modes: input.modes, scope: input.gateScope,
    inScope: (id, mode) => input.gateScope === 'all' || input.selected.has(selectionKey(id, mode)),
    expectations: input.expectations, presets: input.presets, detected, levels: { ...DEFAULT_LEVELS, ...input.levels }, sources: input.expectationSources,
  });

  return {
    schema: 'spec-conformance-report',
    schemaVersion: REPORT_SCHEMA_VERSION,
    suite: input.suite,
    browser: input.browser,
    startedAt: input.startedAt.toISOString(),
    finishedAt: input.finishedAt.toISOString(),
    durationMs: input.finishedAt.getTime() - input.startedAt.getTime(),
    modes: input.modes,
    targets: input.targets,
    clauses: rows,
    totals,
    gate: gateOf(gate, runReasons, input.gateScope, { ...DEFAULT_LEVELS, ...input.levels }),
    ...(gate.expectations ? { expectations: gate.expectations } : {}),
    ...(input.slow ? { slow: input.slow } : {}),
    ...(input.access ? { access: input.access } : {}),
    mutation: input.mutation,
  };
}

function strip(t: CollectedTest): TestRecord {
  const { mode: _m, clauseIds: _c, ...rest } = t;
  return rest;
}

function zero(): Totals {
  return Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;
}
