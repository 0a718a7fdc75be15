/**
 * docs/matrix.md's three tables of the matrix's expected clause verdicts (the App Router template on the own hosts; the
 * same builds on the hosts teams use; the Pages-Router-only and mixed sites), one column per run, written from matrix/expected.ts (and expected-hosts.ts) by `npm run generate` (`npm run matrix --
 * --write-expected`) between their `<!-- generated: … -->` markers. docs/implementations.md holds the same verdicts
 * with the parts and the reasons; a unit test fails while either page differs from what is written here.
 */
import { join } from 'node:path';
import { NORMATIVE } from '../spec/clauses';
import { withGenerated } from '../spec/registry/generated-section';
import { expectationsForRun } from './expected-hosts';
import { SHORT } from './expected-doc';
import { loadVersions, OWN_HOSTS, planMatrix, type RunPlan } from './versions';
import { zeroConfig } from './template';
import { ROOT } from '../spec/root';

export const MATRIX_MD = join(ROOT, 'docs', 'matrix.md');
const NOTE = 'the expected verdicts, from matrix/expected.ts by `npm run generate`: do not edit by hand';

/** A run's column heading: its id without "next-" ("14.2 static nginx"). */
export const columnOf = (run: RunPlan) => run.id.replace(/^next-/, '').replace(/-/g, ' ');

export function verdictTable(runs: readonly RunPlan[]): string {
  const expected = new Map(runs.map((r) => [r.id, expectationsForRun(r)]));
  return [
    `| Clause | ${runs.map(columnOf).join(' | ')} |`,
    `|---|${runs.map(() => '---').join('|')}|`,
    ...NORMATIVE.map((c) => `| ${c.id} | ${runs.map((r) => SHORT[expected.get(r.id)![c.id].verdict]).join(' | ')} |`),
  ].join('\n');
}

/** docs/matrix.md with its matrix tables written from the expected verdicts. */
export function withMatrixTables(doc: string): string {
  const runs = planMatrix(loadVersions()).runs;
  const own = runs.filter((r) => OWN_HOSTS.includes(r.host));
  const app = withGenerated(doc, 'matrix, App Router template', NOTE, verdictTable(own.filter((r) => r.build.site === 'app')), 'docs/matrix.md');
  const hosts = withGenerated(app, 'matrix, hosts teams use', NOTE, verdictTable(runs.filter((r) => !OWN_HOSTS.includes(r.host))), 'docs/matrix.md');
  // The ordinary sites judged zero-config have their own table in docs/implementations.md (how much of the spec they are judged on).
  return withGenerated(hosts, 'matrix, other routers', NOTE, verdictTable(own.filter((r) => r.build.site !== 'app' && !zeroConfig(r.build.site))), 'docs/matrix.md');
}
