import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODE, filesUnder, importsOf, ROOT, topFolders } from './repo-files';

/**
 * The rooms of the house and what each may import. Every top-level folder has a row here (a new folder
 * fails until it gets one), no row has exemptions, and the rooms' imports form no cycle. A room is a
 * top-level folder, or one folder deeper inside conformance/ (run, harness, report, …) and site/
 * (scripts, tests; the rest of site/ is the site itself). Imports are relative imports between the
 * repository's files; packages are not rooms.
 */

/** conformance/'s entry points and tests: nothing outside conformance/ imports them. */
const SUITE_ENTRIES = ['conformance/cli/', 'conformance/tests/', 'conformance/unit/'];
/** conformance/'s modules that the tools over the suite (matrix, mutants, bench, the site's checks) may use. */
const suiteModule = (to: string) => to.startsWith('conformance/') && !SUITE_ENTRIES.some((p) => to.startsWith(p));
const under = (to: string, ...prefixes: string[]) => prefixes.some((p) => to.startsWith(p));

interface Rule {
  /** The rule in words (the failure message quotes it). */
  rule: string;
  /** Whether a file of this folder may import `to`. */
  mayImport(from: string, to: string): boolean;
  /** Whether the folder may hold this code file at all (default: yes). */
  mayHoldCode?(file: string): boolean;
}

const TOOL = (name: string): Rule => ({
  rule: `${name} is a tool over the suite: imports spec/, launcher/, conformance/'s modules (not its cli/, tests/, unit/) and itself — not matrix/, mutants/ or bench/ of another tool, not site/ or fixtures/; conformance/ never imports it`,
  mayImport: (from, to) => under(to, `${name}/`, 'spec/', 'launcher/') || suiteModule(to),
});

export const RULES: Record<string, Rule> = {
  spec: {
    rule: 'spec/ (the seed, the clause registry, its generators, the schemas) imports nothing of the other folders',
    mayImport: (_from, to) => under(to, 'spec/'),
  },
  launcher: {
    rule: 'launcher/ (the process library) imports spec/ and, to build and serve the reference site, the site\'s own modules site/lib/ and site/content/ — nothing else',
    mayImport: (_from, to) => under(to, 'launcher/', 'spec/', 'site/lib/', 'site/content/'),
  },
  conformance: {
    rule: 'conformance/ (the suite) imports spec/, launcher/ and itself, never matrix/, mutants/, bench/, site/ or fixtures/; inside it, run/ (the run model) imports nothing of harness/, report/, cli/, tests/, and harness/ nothing of report/ or cli/',
    mayImport: (from, to) => {
      if (!under(to, 'conformance/', 'spec/', 'launcher/')) return false;
      if (from.startsWith('conformance/run/')) return !under(to, 'conformance/harness/', 'conformance/report/', 'conformance/cli/', 'conformance/tests/');
      if (from.startsWith('conformance/harness/')) return !under(to, 'conformance/report/', 'conformance/cli/');
      return true;
    },
  },
  matrix: TOOL('matrix'),
  mutants: TOOL('mutants'),
  bench: TOOL('bench'),
  selftest: {
    rule: 'selftest/ (checks of whole runs in npm test: a protected deployment, the Action) imports spec/, launcher/, conformance/\'s modules (not its cli/, tests/, unit/), matrix/ (its builder and versions) and itself; nothing imports it',
    mayImport: (_from, to) => under(to, 'selftest/', 'spec/', 'launcher/', 'matrix/') || suiteModule(to),
  },
  site: {
    rule: 'site/ (the reference site) builds on its own: its pages and modules import only site/; site/scripts/ may also import launcher/; site/tests/ (its own checks) launcher/ and conformance/\'s modules (not its cli/, tests/, unit/)',
    mayImport: (from, to) => {
      if (under(to, 'site/')) return !under(to, 'site/scripts/', 'site/tests/') || under(from, 'site/scripts/', 'site/tests/');
      if (from.startsWith('site/scripts/')) return under(to, 'launcher/');
      if (from.startsWith('site/tests/')) return under(to, 'launcher/') || suiteModule(to);
      return false;
    },
  },
  fixtures: {
    rule: 'fixtures/ holds data: its only code files are pages and config of fixture sites (copied into a site and built there), which import nothing outside fixtures/; no test files; nothing outside fixtures/ imports them',
    mayImport: (_from, to) => under(to, 'fixtures/'),
    mayHoldCode: (file) => !/\.(test|spec)\.[cm]?[jt]sx?$/.test(file) && /\.(tsx?|mjs)$/.test(file),
  },
  bin: {
    rule: 'bin/ (the package\'s command, plain JavaScript run before any TypeScript) imports nothing of the repository',
    mayImport: (_from, to) => under(to, 'bin/'),
  },
  docs: { rule: 'docs/ is prose: no code', mayImport: () => false, mayHoldCode: () => false },
  '.ci': { rule: '.ci/ holds the CI entry script (shell): no code', mayImport: () => false, mayHoldCode: () => false },
};

/** The root's own files (playwright.config.ts, vitest.config.ts). */
const ROOT_FILES: Rule = {
  rule: 'the root\'s config files import spec/ and conformance/\'s modules only',
  mayImport: (_from, to) => under(to, 'spec/') || suiteModule(to),
};

const ruleOf = (file: string): Rule | undefined => (file.includes('/') ? RULES[file.split('/')[0]] : ROOT_FILES);

/** The room of a file, for the cycle check. */
export function roomOf(file: string): string {
  const parts = file.split('/');
  if (parts.length === 1) return '.';
  if (parts[0] === 'conformance' && parts.length > 2) return `conformance/${parts[1]}`;
  if (parts[0] === 'site' && (parts[1] === 'scripts' || parts[1] === 'tests')) return `site/${parts[1]}`;
  return parts[0];
}

/** Imports that break their folder's rule, in words. */
export function importViolations(edges: readonly (readonly [string, string])[]): string[] {
  return edges.flatMap(([from, to]) => {
    const r = ruleOf(from);
    if (!r) return [`${from}: its folder has no rule in folders.test.ts`];
    return r.mayImport(from, to) ? [] : [`${from} imports ${to}: ${r.rule}`];
  });
}

/** Code files a folder may not hold. */
export function codeViolations(files: readonly string[]): string[] {
  return files.filter((f) => CODE.test(f)).flatMap((f) => {
    const r = ruleOf(f);
    return r?.mayHoldCode && !r.mayHoldCode(f) ? [`${f}: ${r.rule}`] : [];
  });
}

/** Every cycle among rooms, each as "a → b → a" with one import that makes each step. */
export function roomCycles(edges: readonly (readonly [string, string])[]): string[] {
  const graph = new Map<string, Map<string, string>>();
  for (const [from, to] of edges) {
    const a = roomOf(from);
    const b = roomOf(to);
    if (a === b) continue;
    if (!graph.has(a)) graph.set(a, new Map());
    if (!graph.get(a)!.has(b)) graph.get(a)!.set(b, `${from} → ${to}`);
  }
  const cycles = new Set<string>();
  const visit = (room: string, trail: string[]) => {
    for (const [next] of graph.get(room) ?? []) {
      const at = trail.indexOf(next);
      if (at >= 0) {
        const loop = [...trail.slice(at), next];
        // One spelling per cycle: start at its smallest room.
        const body = loop.slice(0, -1);
        const start = body.indexOf([...body].sort()[0]);
        const norm = [...body.slice(start), ...body.slice(0, start), body[start]];
        cycles.add(`${norm.join(' → ')} (${norm.slice(0, -1).map((r, i) => graph.get(r)!.get(norm[i + 1])).join('; ')})`);
      } else if (trail.length < 12) visit(next, [...trail, next]);
    }
  };
  for (const room of graph.keys()) visit(room, [room]);
  return [...cycles].sort();
}

/** The most lines a code file may have. */
export const MAX_LINES = 250;

export function lineCount(text: string): number {
  return text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** Code files over MAX_LINES: none is exempt. */
export function lineViolations(lines: ReadonlyMap<string, number>): string[] {
  return [...lines].filter(([, n]) => n > MAX_LINES).map(([file, n]) => `${file}: ${n} lines (at most ${MAX_LINES}): split it by job`);
}

const code = () => filesUnder().filter((f) => CODE.test(f));
const edges = () => code().flatMap((f) => importsOf(f).map((t) => [f, t] as const));

describe('folders', () => {
  it('every top-level folder has its rule', () => {
    expect(topFolders().filter((f) => !(f in RULES))).toEqual([]);
  });

  it('every import keeps its folder\'s rule', () => {
    expect(importViolations(edges())).toEqual([]);
  });

  it('no cycle among rooms', () => {
    expect(roomCycles(edges())).toEqual([]);
  });

  it('code lives only where code belongs (no code in docs/ or .ci/, only fixture-site pages in fixtures/)', () => {
    expect(codeViolations(code())).toEqual([]);
  });

  it(`every code file keeps under ${MAX_LINES} lines`, () => {
    const lines = new Map(code().map((f) => [f, lineCount(fs.readFileSync(path.join(ROOT, f), 'utf8'))] as const));
    expect(lineViolations(lines)).toEqual([]);
  });
});

describe('folders: each rule goes red', () => {
  it('imports', () => {
    expect(importViolations([
      ['spec/clauses.ts', 'conformance/run/model.ts'],
      ['launcher/build.ts', 'conformance/harness/paths.ts'],
      ['launcher/build.ts', 'site/scripts/cli.ts'],
      ['conformance/harness/fixtures.ts', 'matrix/model.ts'],
      ['conformance/run/model.ts', 'conformance/harness/browser.ts'],
      ['conformance/harness/fixtures.ts', 'conformance/report/model.ts'],
      ['matrix/cli.ts', 'conformance/cli/conformance.ts'],
      ['matrix/cli.ts', 'mutants/catalogue.ts'],
      ['mutants/cli.ts', 'fixtures/implementations/pages-extra/common/app/hub/page.tsx'],
      ['site/app/page.tsx', 'launcher/index.ts'],
      ['site/lib/x.ts', 'site/scripts/cli.ts'],
      ['site/tests/a.spec.ts', 'conformance/tests/K9.1-route-load-timeout.spec.ts'],
      ['fixtures/bare-next/app/page.tsx', 'site/components/Icon.tsx'],
      ['bin/spec-conformance.mjs', 'conformance/cli/conformance.ts'],
      ['playwright.config.ts', 'launcher/index.ts'],
      ['newroom/x.ts', 'spec/clauses.ts'],
    ])).toHaveLength(16);
    expect(importViolations([
      ['launcher/build.ts', 'site/lib/csp-manifest.ts'],
      ['matrix/cli.ts', 'conformance/report/escape.ts'],
      ['site/tests/fuzz.spec.ts', 'conformance/run/profile.ts'],
      ['conformance/cli/conformance.ts', 'launcher/exit-code.ts'],
    ])).toEqual([]);
  });

  it('code where none belongs', () => {
    expect(codeViolations(['docs/x.ts', '.ci/x.mjs', 'fixtures/targets/check.test.ts', 'fixtures/implementations/tool.js'])).toHaveLength(4);
    expect(codeViolations(['fixtures/implementations/pages-extra/common/app/hub/page.tsx', 'fixtures/bare-next/next.config.mjs', 'docs/design.md'])).toEqual([]);
  });

  it('cycles', () => {
    expect(roomCycles([['launcher/build.ts', 'site/scripts/csp.ts'], ['site/scripts/cli.ts', 'launcher/index.ts']]))
      .toEqual(['launcher → site/scripts → launcher (launcher/build.ts → site/scripts/csp.ts; site/scripts/cli.ts → launcher/index.ts)']);
    expect(roomCycles([['conformance/run/a.ts', 'conformance/scenarios/b.ts'], ['conformance/scenarios/b.ts', 'conformance/crawl/c.ts'], ['conformance/crawl/c.ts', 'conformance/run/d.ts']])).toHaveLength(1);
  });

  it('lines', () => {
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineViolations(new Map([['a.ts', 251], ['b.ts', 250]]))).toEqual(['a.ts: 251 lines (at most 250): split it by job']);
  });
});
