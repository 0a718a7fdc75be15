/**
 * Scoring: a mutant is killed when every clause it declares gets its expected verdict; collateral
 * is any other clause that fails. The summary (mutants.json, mutants.md) goes into the run's
 * output folder, where the conformance report and `npm test` read it
 * (conformance/report/mutation.ts names the file).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Mode } from '../spec/clauses';
import type { Report, Verdict } from '../conformance/report/model';
import { mutantsSummaryFile, readMutantsSummary } from '../conformance/report/mutation';
import { MUTANTS } from './catalogue';
import { seconds } from '../launcher/format';

export interface MutantResult {
  id: string;
  mode: Mode;
  description: string;
  declared: string[];
  failed: string[];
  killed: boolean;
  collateral: string[];
  durationMs: number;
  /** Verdict of each declared clause (untested = the suite has no test for it yet). */
  declaredVerdicts: Record<string, Verdict | 'missing'>;
  /** Clauses whose verdict was cantTell (a test failed, then passed on retry): flaky, not cleanly failed. */
  flaky?: string[];
  /** The mutant could not be prepared or the suite did not report: the reason. */
  error?: string;
  report?: string;
}

export interface MutantsFile {
  /** Read by the conformance report (its `mutation` field, spec/schemas/report-schema.json): exactly these keys. */
  summary: { score: number; killed: number; total: number; collateral: number; at: string };
  run: {
    scope: 'full' | 'quick' | 'only';
    /** Each mutant was run with only its declared clauses' tests: collateral not measured. */
    declaredOnly: boolean;
    durationMs: number;
    /** Build ids of the reference builds the mutants were made from. */
    builds: Partial<Record<Mode, string>>;
    /** Mutants re-run later and merged into this file (--merge). */
    merged?: string[];
  };
  mutants: MutantResult[];
}

const FAILING: Verdict[] = ['failed', 'cantTell'];

/**
 * Clauses failed in the report for that mode, and the verdict of each declared clause. A mutant
 * is killed when every declared clause gets its expected verdict: `failed` (an observation that
 * contradicts the clause — cantTell is not a kill), or for a precondition mutant `untested`.
 */
export function judge(report: Report, mode: Mode, declared: string[], expected: Record<string, Verdict> = {}): Pick<MutantResult, 'failed' | 'killed' | 'collateral' | 'declaredVerdicts' | 'flaky'> {
  const verdicts = new Map<string, Verdict>();
  for (const c of report.clauses) {
    const v = c.results[mode]?.verdict;
    if (v) verdicts.set(c.id, v);
  }
  const failed = [...verdicts].filter(([, v]) => FAILING.includes(v)).map(([id]) => id);
  const declaredVerdicts = Object.fromEntries(declared.map((id) => [id, verdicts.get(id) ?? 'missing'])) as Record<string, Verdict | 'missing'>;
  return {
    failed,
    killed: declared.length > 0 && declared.every((id) => verdicts.get(id) === (expected[id] ?? 'failed')),
    collateral: failed.filter((id) => !declared.includes(id)),
    declaredVerdicts,
    flaky: failed.filter((id) => verdicts.get(id) === 'cantTell'),
  };
}

export function outcome(r: MutantResult): string {
  if (r.error) return '💥 error';
  if (r.killed) return r.collateral.length ? '⚠️ killed, collateral' : '✅ killed';
  if (Object.values(r.declaredVerdicts).some((v) => v === 'untested' || v === 'missing')) return '⏸ survived (untested)';
  return '❌ survived';
}

export function renderMarkdown(file: MutantsFile): string {
  const s = file.summary;
  const run = file.run;
  const builds = Object.entries(run.builds).map(([m, id]) => `${m} ${id}`).join(', ');
  const lines = [
    `## Mutants: mutation score ${(s.score * 100).toFixed(0)}% (${s.killed}/${s.total}), collateral ${s.collateral}`,
    '',
    `${run.scope} run${run.declaredOnly ? ' (declared clauses only: collateral not measured)' : ''}, ${s.at}, took ${seconds(run.durationMs, 0)}${builds ? `; builds: ${builds}` : ''}.`,
    '',
    '| Mutant | Mode | Declared | Failed | Result | Collateral | Time |',
    '|---|---|---|---|---|---|---|',
    ...file.mutants.map((r) => {
      const mark = (id: string) => (r.flaky?.includes(id) ? `${id} (flaky)` : id);
      return `| ${r.id} | ${r.mode} | ${r.declared.map((id) => `${id} (${r.declaredVerdicts[id] ?? '?'})`).join(', ')} | ${r.failed.map(mark).join(', ') || '—'} | ${outcome(r)} | ${r.collateral.map(mark).join(', ') || '—'} | ${seconds(r.durationMs, 0)} |`;
    }),
  ];
  if (run.merged?.length) lines.push('', `Re-run later and merged in: ${[...new Set(run.merged)].join(', ')}.`);
  const errors = file.mutants.filter((r) => r.error);
  if (errors.length) lines.push('', 'Errors:', ...errors.map((r) => `- **${r.id}**: ${r.error!.replace(/\n/g, '\n  ')}`));
  return `${lines.join('\n')}\n`;
}

export function summarise(mutants: MutantResult[], run: MutantsFile['run']): MutantsFile {
  const killed = mutants.filter((r) => r.killed).length;
  return {
    summary: {
      score: mutants.length ? killed / mutants.length : 0,
      killed, total: mutants.length,
      collateral: mutants.reduce((n, r) => n + r.collateral.length, 0),
      at: new Date().toISOString(),
    },
    run, mutants,
  };
}

/** The earlier run's results with these mutants' results in their place (catalogue order). */
export function merge(previous: MutantsFile, results: MutantResult[], run: MutantsFile['run']): MutantsFile {
  const byId = new Map(previous.mutants.map((r) => [r.id, r]));
  for (const r of results) byId.set(r.id, r);
  const order = (id: string) => { const i = MUTANTS.findIndex((m) => m.id === id); return i < 0 ? Infinity : i; };
  const mutants = [...byId.values()].filter((r) => MUTANTS.some((m) => m.id === r.id)).sort((a, b) => order(a.id) - order(b.id));
  return summarise(mutants, {
    ...run,
    scope: previous.run.scope,
    durationMs: previous.run.durationMs + run.durationMs,
    builds: { ...previous.run.builds, ...run.builds },
    merged: [...(previous.run.merged ?? []), ...results.map((r) => r.id)],
  });
}

/** The summary of an earlier run into `out`, when there is one. */
export function readSummary(out: string): MutantsFile | undefined {
  // Written by writeSummary below: the reader's shape plus `run` and each mutant's details.
  const f = readMutantsSummary(out) as MutantsFile | undefined;
  return f?.run ? f : undefined;
}

/** Writes mutants.json and mutants.md into `out`; returns the Markdown. */
export function writeSummary(out: string, file: MutantsFile): string {
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(mutantsSummaryFile(out), `${JSON.stringify(file, null, 2)}\n`);
  const md = renderMarkdown(file);
  fs.writeFileSync(path.join(out, 'mutants.md'), md);
  return md;
}
