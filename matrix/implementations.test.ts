import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLAUSES } from '../spec/clauses';
import { clauseRows, IMPLEMENTATIONS_MD, withGeneratedTable } from './expected-doc';
import { contextOf, expectationsFor } from './expected';
import { loadProfile } from '../conformance/run/profile';
import { configFieldsFor, patchNextConfig, replaceGoogleFonts } from './template';
import { loadVersions, planMatrix, selectRuns } from './versions';
import { join } from 'node:path';

const plan = planMatrix(loadVersions());

describe('the matrix plan (versions.json)', () => {
  it('has a static and a server build of 14.2, 15.5, 15.5 with staleTimes and 16', () => {
    expect(plan.builds.map((b) => b.id)).toEqual([
      'next-14.2-static', 'next-14.2-server', 'next-15.5-static', 'next-15.5-server',
      'next-15.5-stale-static', 'next-15.5-stale-server', 'next-16-static', 'next-16-server',
    ]);
  });

  it('serves static builds on each listed host and server builds on next start', () => {
    expect(plan.runs.filter((r) => r.build.mode === 'server').every((r) => r.host === 'next-start')).toBe(true);
    expect(plan.runs.map((r) => r.id)).toContain('next-14.2-static-nginx');
    expect(plan.runs.map((r) => r.id)).toContain('next-16-static-nginx');
  });

  it('--only picks one run by its id, or every run of an implementation', () => {
    expect(selectRuns(plan.runs, ['next-14.2-static-nginx']).map((r) => r.id)).toEqual(['next-14.2-static-nginx']);
    expect(selectRuns(plan.runs, ['next-14.2-static']).map((r) => r.id)).toEqual(['next-14.2-static']);
    expect(selectRuns(plan.runs, ['next-15.5']).map((r) => r.id)).toEqual(['next-15.5-static', 'next-15.5-server']);
  });

  it('--only with an unknown id names the known runs', () => {
    expect(() => selectRuns(plan.runs, ['next-13'])).toThrow(/no such implementation.*next-14\.2-static/);
  });
});

describe('template changes', () => {
  it('replaces only the next/font/google import', () => {
    const layout = 'import type { Metadata } from "next";\nimport { Geist, Geist_Mono } from "next/font/google";\nimport "./globals.css";\n';
    const r = replaceGoogleFonts(layout);
    expect(r.changed).toBe(true);
    expect(r.text).toBe(layout.replace('"next/font/google"', '"./offline-fonts"'));
    expect(replaceGoogleFonts('import localFont from "next/font/local";').changed).toBe(false);
  });

  it('patches the config object of the 14.2 (.mjs) and 15/16 (.ts) templates', () => {
    const mjs = "/** @type {import('next').NextConfig} */\nconst nextConfig = {};\n\nexport default nextConfig;\n";
    const ts = 'import type { NextConfig } from "next";\n\nconst nextConfig: NextConfig = {\n  /* config options here */\n};\n\nexport default nextConfig;\n';
    const fields = configFieldsFor('static', { experimental: { staleTimes: { dynamic: 30, static: 300 } } });
    expect(patchNextConfig(mjs, fields)).toContain('"output": "export"');
    expect(patchNextConfig(ts, fields)).toMatch(/const nextConfig: NextConfig = \{\n {2}"output": "export"/);
    expect(patchNextConfig(ts, fields)).toContain('"staleTimes"');
    expect(() => patchNextConfig('module.exports = {}', fields)).toThrow(/no `const nextConfig/);
  });

  it('exports need unoptimized images; server builds get only the variant\'s fields', () => {
    expect(configFieldsFor('static', {})).toEqual({ output: 'export', images: { unoptimized: true } });
    expect(configFieldsFor('server', {})).toEqual({});
  });
});

describe('expected verdicts (docs/implementations.md)', () => {
  it('give every build a verdict, a reason and a citation for every clause and part', () => {
    const rows = clauseRows();
    for (const b of plan.builds) {
      const e = expectationsFor(contextOf(b));
      for (const r of rows) {
        expect(e[r.id], `${b.id} × ${r.id}`).toBeDefined();
        expect(e[r.id].because.length, `${b.id} × ${r.id} because`).toBeGreaterThan(10);
        if (e[r.id].verdict !== 'inapplicable') expect(e[r.id].cite.every((c) => /^dist\/.+\.js:\d+$/.test(c)), `${b.id} × ${r.id} cite`).toBe(true);
      }
    }
  });

  it('are inapplicable exactly outside a clause\'s modes', () => {
    for (const b of plan.builds) {
      const e = expectationsFor(contextOf(b));
      for (const c of CLAUSES.filter((x) => x.kind === 'normative')) {
        expect(e[c.id].verdict === 'inapplicable', `${b.id} × ${c.id}`).toBe(!c.modes.includes(b.mode));
      }
    }
  });

  it('expect 14.2 to fail nothing and 16 to fail prefetch concurrency and the global error text', () => {
    const v14 = expectationsFor(contextOf(plan.builds.find((b) => b.id === 'next-14.2-server')!));
    expect(Object.entries(v14).filter(([, e]) => e.verdict === 'failed')).toEqual([]);
    const v16 = expectationsFor(contextOf(plan.builds.find((b) => b.id === 'next-16-static')!));
    expect(v16['K9.5'].verdict).toBe('failed');
    expect(v16['R2.5/client'].verdict).toBe('failed');
  });

  it('are the same in docs/implementations.md as in expected.ts (run `npm run generate` after changing expected.ts)', () => {
    const doc = readFileSync(IMPLEMENTATIONS_MD, 'utf8');
    expect(withGeneratedTable(doc)).toBe(doc);
  });
});

describe('the matrix site\'s profile', () => {
  it('is a valid target profile', () => {
    expect(() => loadProfile(join(__dirname, '..', 'fixtures', 'implementations', 'profile.json'))).not.toThrow();
  });
});
