/**
 * Baseline, then tighten (as Playwright's --update-snapshots and web-platform-tests' update-expectations):
 * `--update-expectations` writes every verdict of this run that is not passed — and that no other
 * expectation (a preset, the config's own list) already expects — to spec-conformance.expectations.json,
 * each with the reason the run gave, for the team to review (say why each is accepted) and commit.
 * The file is read by convention from the config's folder (or the working directory) on every later
 * run, so any change fails the gate: a regression, or an unexpected pass to remove from the file.
 * A team's reason is kept as long as its clause keeps the same verdict.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { ROOT } from '../../spec/root';
import type { ClauseResult, Report } from './model';
import type { Mode } from '../../spec/clauses';
import { BASELINE_FILE, type Expectation } from '../expectations/model';

export { BASELINE_FILE };

export interface Accepted { clause: string; mode: Mode; verdict: Expectation['verdict']; reason: string }

export interface BaselineChange {
  entries: Accepted[];
  added: string[];
  kept: string[];
  removed: string[];
}

const key = (e: Pick<Accepted, 'clause' | 'mode'>) => `${e.clause} (${e.mode})`;

/** What of one clause's result in one mode the gate did not accept: its non-passed parts, or the clause itself. */
function unaccepted(id: string, mode: Mode, res: ClauseResult): Accepted[] {
  const parts = (res.parts ?? []).filter((p) => p.verdict !== 'passed' && !(p.optional && p.verdict === 'inapplicable'));
  const entry = (clause: string, verdict: Accepted['verdict'], reason: string | undefined): Accepted => ({ clause, mode, verdict, reason: reason ?? verdict });
  // Parts a pass of which the expectations said otherwise: accepted as passed (a later input overrides a preset).
  const passedAgainst = (res.expectations ?? []).filter((o) => !o.met && o.observed === 'passed' && o.of.includes('/')).map((o) => entry(o.of, 'passed', 'passes on this site'));
  if (parts.length || passedAgainst.length) return [...parts.map((p) => entry(`${id}/${p.id}`, p.verdict, p.reason)), ...passedAgainst];
  return [entry(id, res.verdict, res.reason)];
}

/**
 * The baseline of a report judged with every expectation but the baseline's own (`regated`): an
 * entry per clause or part the gate did not accept; the reasons of `old` entries kept where the
 * verdict is the same. An `old` entry of a clause this run did not judge in its mode (a mode not run,
 * a clause outside a --grep selection) is carried over as it is: a partial run cannot take it back.
 */
export function baselineOf(regated: Report, old: readonly Accepted[]): BaselineChange {
  const oldBy = new Map(old.map((e) => [key(e), e]));
  const judged = (e: Accepted) => {
    const res = regated.clauses.find((r) => r.id === e.clause.split('/')[0])?.results[e.mode];
    return !!res && res.gate !== 'ungated';
  };
  const carried = old.filter((e) => !judged(e));
  const entries: Accepted[] = [];
  for (const row of regated.clauses) {
    for (const mode of regated.modes) {
      const res = row.results[mode];
      if (row.kind !== 'normative' || !res || res.gate !== 'unexpected') continue;
      for (const e of unaccepted(row.id, mode, res)) {
        const before = oldBy.get(key(e));
        entries.push(before && before.verdict === e.verdict ? { ...e, reason: before.reason } : e);
      }
    }
  }
  entries.push(...carried);
  const now = new Set(entries.map(key));
  return {
    entries,
    added: entries.filter((e) => !oldBy.has(key(e)) || oldBy.get(key(e))!.verdict !== e.verdict).map(key),
    kept: entries.filter((e) => oldBy.get(key(e))?.verdict === e.verdict).map(key),
    removed: old.filter((e) => !now.has(key(e)) || entries.find((n) => key(n) === key(e))!.verdict !== e.verdict).map(key),
  };
}

/** The entries of an existing baseline file (none when there is no file). */
export function readBaseline(file: string): Accepted[] {
  if (!existsSync(file)) return [];
  const data = JSON.parse(readFileSync(file, 'utf8')) as { expectations?: Accepted[] } | Accepted[];
  return (Array.isArray(data) ? data : data.expectations ?? []).filter((e) => e.mode !== undefined);
}

/** Writes the baseline, its schema named for editors (relative to the file, as npm installed the package). */
export function writeBaseline(file: string, entries: readonly Accepted[], when = new Date()): void {
  const schema = relative(dirname(file), `${ROOT}/spec/schemas/expectations.schema.json`);
  const body = {
    $schema: schema.startsWith('.') ? schema : `./${schema}`,
    $comment: `Written by spec-conformance --update-expectations on ${when.toISOString().slice(0, 10)}: the verdicts of this site that are not passed, accepted for now. Replace each reason with why the team accepts it, and commit this file. Any other verdict fails the gate, a pass included: run --update-expectations again to tighten.`,
    expectations: entries,
  };
  writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
}
