import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRESET_OUT, presetFiles, presets } from './expectation-presets';
import { expectedTable } from './expected-doc';
import { failedText, REPORT_MD, withPresetTable } from './presets-doc';

describe('expectation presets (spec/expectations/)', () => {
  it('are in step with matrix/expected.ts (npm run matrix -- --write-expected)', () => {
    const files = presetFiles();
    expect(readdirSync(PRESET_OUT).filter((f) => f.endsWith('.json')).sort()).toEqual(Object.keys(files).sort());
    for (const [f, text] of Object.entries(files)) expect(readFileSync(join(PRESET_OUT, f), 'utf8'), f).toBe(text);
  });

  it('hold exactly the failed rows of the template builds, each with its cite', () => {
    const table = expectedTable();
    for (const p of presets()) {
      // The builds of that version, site kind and config (ids: next-<v>[-pages|-mixed][-stale]-<mode>).
      // The zero-config sites (ordinary, docs, blog, portfolio) have no preset.
      const kind = (id: string) => (/-(ordinary|docs|blog|portfolio)(-pages)?-/.test(id) ? 'zero-config' : /-pages-/.test(id) ? 'pages-router' : /-mixed-/.test(id) ? 'mixed' : 'app');
      const builds = Object.entries(table).filter(([id]) => id.startsWith(`next-${p.framework.version}-`) && kind(id) === p.framework.site && p.framework.config.some((c) => (c === 'default' ? !/-stale-/.test(id) : id.includes(`-${c}-`))));
      const failed = new Set(builds.flatMap(([, rows]) => Object.entries(rows).filter(([, e]) => e.verdict === 'failed').map(([row]) => row)));
      expect(new Set(p.expectations.map((e) => e.clause)), p.preset).toEqual(failed);
      for (const e of p.expectations) expect(e.cite?.length, `${p.preset} ${e.clause}`).toBeGreaterThan(0);
      // Never a site's own gap (C7.3 untested for want of a deploymentId).
      expect(p.expectations.some((e) => e.verdict !== 'failed')).toBe(false);
    }
    expect(presets().map((p) => p.preset)).toEqual(['next@14.2', 'next@15.5', 'next@15.5+stale', 'next@16', 'next@14.2+pages-router', 'next@14.2+mixed', 'next@15.5+pages-router', 'next@15.5+mixed']);
  });

  it('are the table of docs/report.md (run `npm run generate` after changing expected.ts)', () => {
    const doc = readFileSync(REPORT_MD, 'utf8');
    expect(doc, 'docs/report.md\'s preset table is out of step with matrix/expected.ts: run `npm run generate`').toBe(withPresetTable(doc));
    const e = (clause: string, mode?: 'static' | 'server') => ({ clause, mode, verdict: 'failed' as const, reason: 'r' });
    expect(failedText([e('R2.5/client'), e('R2.5'), e('K9.3/fresh-29', 'server'), e('K9.3', 'server'), e('K9.5')])).toBe('R2.5 (client); K9.3 (fresh-29) in server delivery; K9.5');
  });
});
