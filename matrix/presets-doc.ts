/**
 * docs/report.md's table of the shipped expectation presets (spec/expectations/), written from the presets
 * matrix/expected.ts implies by `npm run generate` (`npm run matrix -- --write-expected`) between its
 * `<!-- generated: … -->` markers. A unit test fails while the page differs from what is written here.
 */
import { join } from 'node:path';
import { withGenerated } from '../spec/registry/generated-section';
import type { PresetFile } from '../conformance/expectations/model';
import { presets } from './expectation-presets';
import { ROOT } from '../spec/root';

export const REPORT_MD = join(ROOT, 'docs', 'report.md');
const NOTE = 'the shipped presets, from matrix/expected.ts by `npm run generate`: do not edit by hand';

/** A preset's failed rows in words: "R2.5 (client, server); K9.3 (fresh-29) in server delivery". */
export function failedText(expectations: PresetFile['expectations']): string {
  if (!expectations.length) return 'nothing';
  const clauses = [...new Set(expectations.map((e) => e.clause.split('/')[0]))];
  return clauses.map((id) => {
    const rows = expectations.filter((e) => e.clause.split('/')[0] === id);
    const parts = [...new Set(rows.map((e) => e.clause.split('/')[1]).filter(Boolean))];
    const modes = new Set(rows.map((e) => e.mode ?? 'both'));
    const only = modes.has('both') || modes.size > 1 ? '' : ` in ${[...modes][0]} delivery`;
    return `${id}${parts.length ? ` (${parts.join(', ')})` : ''}${only}`;
  }).join('; ');
}

export function presetTable(files: readonly PresetFile[] = presets()): string {
  const configText = (p: PresetFile) => p.framework.nextConfig.map((c) => (Object.keys(c).length ? `\`${JSON.stringify(c)}\`` : 'default')).join(', ');
  return [
    '| preset | site | next.config | expected to fail |',
    '|---|---|---|---|',
    ...files.map((p) => `| \`${p.preset}\` | ${p.framework.site} | ${configText(p)} | ${failedText(p.expectations)} |`),
  ].join('\n');
}

/** docs/report.md with its preset table written from the presets. */
export function withPresetTable(doc: string): string {
  return withGenerated(doc, 'presets', NOTE, presetTable(), 'docs/report.md');
}
