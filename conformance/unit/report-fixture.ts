import { CLAUSES, type Mode } from '../../spec/clauses';
import type { Expectation } from '../expectations/model';
import { loadPresets } from '../expectations/model';
import { buildReport, selectionKey, type CollectedTest } from '../report/build-report';
import type { Report } from '../report/model';
import type { GateLevels } from '../run/gate-levels';

/** Reports built from made-up test results, for the unit tests of the gate and the report's formats. */

export function test(mode: Mode, id: string, verdict: CollectedTest['verdict'], extra: Partial<CollectedTest> = {}): CollectedTest {
  const outcome = verdict === 'passed' ? 'passed' : verdict === 'failed' ? 'failed' : 'skipped';
  // A pass needs its subject (outcome/subject.ts): a passed test, and each passed part, counts what it saw.
  const seen = [{ noun: 'page' as const, n: 1, where: ['/'] }];
  const observed = verdict === 'passed' ? { observed: seen } : {};
  const partOutcomes = extra.partOutcomes?.map((o) => (o.verdict === 'passed' && !o.observed ? { ...o, observed: seen } : o));
  return { mode, clauseIds: [id], title: `${id} ${verdict}`, file: 'x.spec.ts', line: 1, outcome, verdict, durationMs: 10, attempts: 1, evidence: [], ...observed, ...extra, ...(partOutcomes ? { partOutcomes } : {}) };
}

/** Every applicable normative clause passes in `modes`, but for the replacements given (clause id → its tests in that mode). */
export function tests(modes: Mode[], replace: Record<string, (m: Mode) => CollectedTest[]> = {}): CollectedTest[] {
  return CLAUSES.filter((c) => c.kind === 'normative').flatMap((c) => modes.filter((m) => c.modes.includes(m)).flatMap((m) => {
    if (replace[c.id]) return replace[c.id](m);
    const parts = c.parts?.filter((p) => !p.modes || p.modes.includes(m)).map((p) => p.id);
    return [test(m, c.id, 'passed', parts?.length ? { parts } : {})];
  }));
}

/** Next 16's R2.5: the client part fails (and the server part in server mode); K9.3's fresh-29 and K9.5 fail. */
export const next16 = {
  'R2.5': (m: Mode) => [test(m, 'R2.5', 'failed', { partOutcomes: [{ part: 'client', verdict: 'failed', reason: 'saw "This page couldn’t load"' }, ...(m === 'server' ? [{ part: 'server' as const, verdict: 'failed' as const, reason: 'saw "This page couldn’t load"' }, { part: 'digest', verdict: 'inapplicable' as const }] : [])] })],
  'K9.3': (m: Mode) => [test(m, 'K9.3', 'failed', { partOutcomes: [{ part: 'fresh-29', verdict: 'failed', reason: 'a new request at 29 s' }, ...(m === 'server' ? [{ part: 'stale-31', verdict: 'passed' as const }] : [])] })],
  'K9.5': (m: Mode) => [test(m, 'K9.5', 'failed', { reason: 'observed 4 in flight' })],
};

export function report(t: CollectedTest[], opts: { modes?: Mode[]; expectations?: Expectation[]; version?: string; scope?: 'all' | 'selected'; levels?: Partial<GateLevels> } = {}): Report {
  const modes = opts.modes ?? ['static', 'server'];
  return buildReport({
    tests: t, modes, selected: new Set(t.flatMap((x) => x.clauseIds.map((id) => selectionKey(id, x.mode)))), gateScope: opts.scope ?? 'all',
    targets: modes.map((mode) => ({ mode, url: `http://127.0.0.1/${mode}`, reference: false, profile: 'p.json', ...(opts.version ? { framework: 'Next.js', frameworkVersion: opts.version } : {}) })),
    suite: { name: 's', version: '1' }, startedAt: new Date(0), finishedAt: new Date(1000),
    expectations: opts.expectations, presets: [...loadPresets().values()], levels: opts.levels,
  });
}
