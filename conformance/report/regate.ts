import type { Mode } from '../../spec/clauses';
import type { Expectation, PresetFile } from '../expectations/model';
import type { GateLevels } from '../run/gate-levels';
import { DEFAULT_LEVELS } from '../run/gate-levels';
import { applyGate, gateOf, runFinding } from './gate';
import type { GateFinding, Report } from './model';

/**
 * The gate's findings of the run itself (a shard missing, no test ran): kept whatever the
 * expectations. A report of schema 1.7 or older has reasons only: there they are the reasons that
 * name no clause.
 */
function runFindings(gate: Report['gate']): GateFinding[] {
  if (gate.findings) return gate.findings.filter((f) => f.kind === 'run');
  return gate.reasons.filter((x) => !/^[A-Z]\d+(?:\.\d+)?(?:\/[\w-]+)? \(/.test(x)).map(runFinding);
}

/**
 * The report's gate applied anew with other expectations (the baseline just written, say): each
 * clause's gate status, expectations and known deviations, and the report's gate and expectations
 * are replaced; verdicts never change. `sources`: the inputs the expectations came from, as the
 * report names them (default: the report's own). Pure: returns a new report.
 */
export function regate(report: Report, expectations: readonly Expectation[], presets: readonly PresetFile[], levels?: Partial<GateLevels>, sources = report.expectations?.sources): Report {
  const r = JSON.parse(JSON.stringify(report)) as Report;
  const inScope = new Set<string>();
  for (const row of r.clauses) {
    for (const [mode, res] of Object.entries(row.results)) {
      if (!res) continue;
      if (res.gate !== 'ungated') inScope.add(`${row.id}|${mode}`);
      delete res.gate;
      delete res.expectations;
      delete res.knownDeviations;
    }
  }
  const all = { ...DEFAULT_LEVELS, ...levels };
  const detected = Object.fromEntries(r.targets.filter((t) => t.frameworkVersion && /next/i.test(t.framework ?? 'Next.js')).map((t) => [t.mode, t.frameworkVersion!]));
  const gate = applyGate({ rows: r.clauses, modes: r.modes, scope: r.gate.scope, inScope: (id: string, mode: Mode) => inScope.has(`${id}|${mode}`), expectations, presets, detected, levels: all, sources });
  r.gate = gateOf(gate, runFindings(r.gate), r.gate.scope, all);
  if (gate.expectations) r.expectations = gate.expectations;
  else delete r.expectations;
  return r;
}
