import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../spec/root';
import { CODE, filesUnder, importsOf, topFolders } from './repo-files';
import { codeViolations, fileCycles, importViolations, issueNumberViolations, lineCount, rootViolations, lineViolations, MAX_LINES, roomCycles, RULES, SPAWNERS, spawnViolations } from './rules';

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

  it('no import circle between files (a shared type goes to a module of its own)', () => {
    expect(fileCycles(edges())).toEqual([]);
  });

  it(`only ${SPAWNERS.join(' and ')} import node:child_process`, () => {
    expect(spawnViolations(new Map(code().map((f) => [f, fs.readFileSync(path.join(ROOT, f), 'utf8')] as const)))).toEqual([]);
  });

  it('code lives only where code belongs (no code in docs/ or .ci/, only fixture-site pages in fixtures/)', () => {
    expect(codeViolations(code())).toEqual([]);
  });

  it('one definition of the repository root (spec/root.ts)', () => {
    expect(rootViolations(new Map(code().map((f) => [f, fs.readFileSync(path.join(ROOT, f), 'utf8')] as const)))).toEqual([]);
  });

  it('no code comment cites an issue number', () => {
    expect(issueNumberViolations(new Map(code().map((f) => [f, fs.readFileSync(path.join(ROOT, f), 'utf8')] as const)))).toEqual([]);
  });

  it(`every code file keeps under ${MAX_LINES} lines`, () => {
    const lines = new Map(code().map((f) => [f, lineCount(fs.readFileSync(path.join(ROOT, f), 'utf8'))] as const));
    expect(lineViolations(lines)).toEqual([]);
  });
});

describe('folders: each rule goes red', () => {
  it('a root found anywhere but spec/root.ts', () => {
    const up = ['__dirname', "'..'"].join(', ');
    expect(rootViolations(new Map([['matrix/x.ts', `const ${'ROOT'} = join(${up});`], ['bench/y.ts', `readFileSync(join(${up}, 'docs'))`], ['spec/root.ts', `export const ${'ROOT'} = resolve(${up});`], ['site/next.config.ts', `path.join(${up})`]]))).toEqual([
      'matrix/x.ts: finds the root itself: import ROOT from spec/root.ts',
      'bench/y.ts: finds the root itself: import ROOT from spec/root.ts',
    ]);
  });

  it('issue numbers in comments, and nothing else', () => {
    // Built from pieces, so this file's own lines cite nothing.
    const [issue, hash] = [['iss', 'ue 21'].join(''), ['#', '42'].join('')];
    expect(issueNumberViolations(new Map([
      ['a.ts', `// the crawl (${issue}) reads it\nconst x = 1;`],
      ['b.ts', `/**\n * Known deviations (${issue}): …\n */`],
      ['c.ts', `const s = "#21"; // see ${hash}`],
    ]))).toEqual([
      'a.ts:1: a comment cites an issue number: say why in words (history goes to CHANGELOG.md)',
      'b.ts:2: a comment cites an issue number: say why in words (history goes to CHANGELOG.md)',
      'c.ts:1: a comment cites an issue number: say why in words (history goes to CHANGELOG.md)',
    ]);
    expect(issueNumberViolations(new Map([['d.ts', "const id = '#main'; // the 2 lanes\n/* up to 5 requests */ fetch('/issues/21');"]]))).toEqual([]);
  });

  it('imports', () => {
    expect(importViolations([
      ['spec/clauses.ts', 'conformance/run/model.ts'],
      ['launcher/group.ts', 'spec/root.ts'],
      ['targets/reference/build.ts', 'site/scripts/cli.ts'],
      ['conformance/harness/fixtures.ts', 'matrix/model.ts'],
      ['conformance/setup/global-setup.ts', 'targets/setup.ts'],
      ['conformance/run/model.ts', 'conformance/setup/browser.ts'],
      ['conformance/observers/navigation.ts', 'conformance/harness/observe.ts'],
      ['conformance/setup/page-reuse.ts', 'conformance/harness/fixtures.ts'],
      ['conformance/harness/fixtures.ts', 'conformance/report/model.ts'],
      ['matrix/cli.ts', 'conformance/cli/conformance.ts'],
      ['matrix/cli.ts', 'mutants/catalogue.ts'],
      ['matrix/cli.ts', 'selftest/consumer-steps.ts'],
      ['mutants/cli.ts', 'fixtures/implementations/pages-extra/common/app/hub/page.tsx'],
      ['selftest/test-all.ts', 'site/lib/csp-manifest.ts'],
      ['site/app/page.tsx', 'launcher/index.ts'],
      ['site/lib/x.ts', 'site/scripts/cli.ts'],
      ['site/tests/a.spec.ts', 'conformance/tests/K9.1-route-load-timeout.spec.ts'],
      ['fixtures/bare-next/app/page.tsx', 'site/components/Icon.tsx'],
      ['bin/spec-conformance.mjs', 'conformance/cli/conformance.ts'],
      ['playwright.config.ts', 'launcher/index.ts'],
      ['newroom/x.ts', 'spec/clauses.ts'],
    ])).toHaveLength(21);
    expect(importViolations([
      ['targets/reference/build.ts', 'site/lib/csp-manifest.ts'],
      ['targets/setup.ts', 'conformance/run/channel.ts'],
      ['matrix/cli.ts', 'conformance/report/escape.ts'],
      ['matrix/target.ts', 'targets/target.ts'],
      ['site/tests/fuzz.spec.ts', 'conformance/run/profile.ts'],
      ['conformance/cli/conformance.ts', 'launcher/exit-code.ts'],
      ['conformance/harness/fixtures.ts', 'conformance/observers/navigation.ts'],
      ['selftest/reference-run.ts', 'conformance/cli/main.ts'],
      ['playwright.config.ts', 'targets/reference/run.ts'],
    ])).toEqual([]);
  });

  it('spawning', () => {
    const text = (line: string) => `${line}\nexport {};\n`;
    // Spelled in two pieces, so this file is not itself an importer of the module it names.
    const cp = ['child', 'process'].join('_');
    expect(spawnViolations(new Map([
      ['conformance/setup/browser.ts', text(`import { spawnSync } from 'node:${cp}';`)],
      ['bench/x.ts', text(`const c = require('${cp}');`)],
      ['selftest/y.ts', text(`export { spawn } from 'node:${cp}';`)],
    ]))).toHaveLength(3);
    expect(spawnViolations(new Map([
      ['launcher/group.ts', text(`import { spawn } from 'node:${cp}';`)],
      ['bin/spec-conformance.mjs', text(`import { spawn } from 'node:${cp}';`)],
      ['docs/x.md', text(`${cp} is named here in prose only`)],
    ]))).toEqual([]);
  });

  it('code where none belongs', () => {
    expect(codeViolations(['docs/x.ts', '.ci/x.mjs', 'fixtures/targets/check.test.ts', 'fixtures/implementations/tool.js'])).toHaveLength(4);
    expect(codeViolations(['fixtures/implementations/pages-extra/common/app/hub/page.tsx', 'fixtures/bare-next/next.config.mjs', 'docs/design.md'])).toEqual([]);
  });

  it('cycles', () => {
    expect(roomCycles([['launcher/group.ts', 'site/scripts/csp.ts'], ['site/scripts/cli.ts', 'launcher/index.ts']]))
      .toEqual(['launcher → site/scripts → launcher (launcher/group.ts → site/scripts/csp.ts; site/scripts/cli.ts → launcher/index.ts)']);
    expect(roomCycles([['conformance/run/a.ts', 'conformance/scenarios/b.ts'], ['conformance/scenarios/b.ts', 'conformance/crawl/c.ts'], ['conformance/crawl/c.ts', 'conformance/run/d.ts']])).toHaveLength(1);
    expect(fileCycles([['a.ts', 'b.ts'], ['b.ts', 'c.ts'], ['c.ts', 'a.ts'], ['c.ts', 'd.ts'], ['e.ts', 'e.ts']])).toEqual(['a.ts ⇄ b.ts ⇄ c.ts', 'e.ts']);
    expect(fileCycles([['a.ts', 'b.ts'], ['b.ts', 'c.ts'], ['a.ts', 'c.ts']])).toEqual([]);
  });

  it('lines', () => {
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineViolations(new Map([['a.ts', 251], ['b.ts', 250]]))).toEqual(['a.ts: 251 lines (at most 250): split it by job']);
  });
});
