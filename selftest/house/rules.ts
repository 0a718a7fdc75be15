import { CODE } from './repo-files';

/**
 * The rooms of the house and what each may import. Every top-level folder has a row here (a new folder
 * fails until it gets one), no row has exemptions, and the rooms' imports form no cycle. A room is a
 * top-level folder, or one folder deeper inside conformance/ (run, harness, report, …) and site/
 * (scripts, tests; the rest of site/ is the site itself). Imports are relative imports between the
 * repository's files; packages are not rooms.
 */

/** conformance/'s entry points and tests: nothing outside conformance/ imports them (selftest/, over everything, excepted). */
const SUITE_ENTRIES = ['conformance/cli/', 'conformance/tests/', 'conformance/unit/'];
/** conformance/'s modules that the rooms over the suite (targets, matrix, mutants, bench, the site's checks) may use. */
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
  rule: `${name} is a tool over the suite: imports spec/, launcher/, targets/, conformance/'s modules (not its cli/, tests/, unit/) and itself — not matrix/, mutants/ or bench/ of another tool, not site/ or fixtures/; conformance/ never imports it`,
  mayImport: (from, to) => under(to, `${name}/`, 'spec/', 'launcher/', 'targets/') || suiteModule(to),
});

/** Inside conformance/: what each stage may not import (the run model is read by all; report/ and cli/ sit on top). */
const CONFORMANCE_STAGES: [string, string[]][] = [
  ['conformance/run/', ['harness/', 'setup/', 'observers/', 'access/', 'report/', 'cli/', 'tests/']],
  ['conformance/access/', ['harness/', 'setup/', 'observers/', 'report/', 'cli/', 'tests/']],
  ['conformance/observers/', ['harness/', 'setup/', 'report/', 'cli/', 'tests/']],
  ['conformance/setup/', ['harness/', 'report/', 'cli/', 'tests/']],
  ['conformance/harness/', ['report/', 'cli/', 'tests/']],
];

export const RULES: Record<string, Rule> = {
  spec: {
    rule: 'spec/ (the seed, the clause registry, its generators, the schemas, the package root) imports nothing of the other folders',
    mayImport: (_from, to) => under(to, 'spec/'),
  },
  launcher: {
    rule: 'launcher/ (the process library) imports nothing of the repository but itself: what it starts is its callers\' business',
    mayImport: (_from, to) => under(to, 'launcher/'),
  },
  targets: {
    rule: 'targets/ (what the repository builds and serves to be judged, behind one interface) imports launcher/, spec/, conformance/\'s modules (the run\'s shape) and, to build and serve the reference site, site/lib/ and site/content/; conformance/ never imports it',
    mayImport: (_from, to) => under(to, 'targets/', 'launcher/', 'spec/', 'site/lib/', 'site/content/') || suiteModule(to),
  },
  conformance: {
    rule: 'conformance/ (the suite, the package\'s content) imports spec/, launcher/ and itself, never targets/, selftest/, matrix/, mutants/, bench/, site/ or fixtures/; inside it, run/ imports no other stage; access/ (how the run reaches the deployment) only run/; observers/ nothing of harness/, setup/, report/, cli/, tests/; setup/ nothing of harness/, report/, cli/, tests/; harness/ nothing of report/, cli/, tests/',
    mayImport: (from, to) => {
      if (!under(to, 'conformance/', 'spec/', 'launcher/')) return false;
      const stage = CONFORMANCE_STAGES.find(([s]) => from.startsWith(s));
      return !stage || !stage[1].some((no) => to.startsWith(`conformance/${no}`));
    },
  },
  matrix: TOOL('matrix'),
  mutants: TOOL('mutants'),
  bench: TOOL('bench'),
  selftest: {
    rule: 'selftest/ (the project\'s own programs and checks: npm test, npm run conformance on the reference site, the consumer, shard and nothing-to-judge checks, the house rules) may import every room but site/ and fixtures/; nothing imports it',
    mayImport: (_from, to) => !under(to, 'site/', 'fixtures/'),
  },
  site: {
    rule: 'site/ (the reference site) builds on its own: its pages and modules import only site/; site/scripts/ may also import launcher/ and targets/; site/tests/ (its own checks) launcher/, targets/ and conformance/\'s modules (not its cli/, tests/, unit/)',
    mayImport: (from, to) => {
      if (under(to, 'site/')) return !under(to, 'site/scripts/', 'site/tests/') || under(from, 'site/scripts/', 'site/tests/');
      if (from.startsWith('site/scripts/')) return under(to, 'launcher/', 'targets/', 'spec/');
      if (from.startsWith('site/tests/')) return under(to, 'launcher/', 'targets/', 'spec/') || suiteModule(to);
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

/**
 * Who may start a process: the process library alone (launcher/), and bin/, the package's command,
 * which runs before any of the TypeScript and starts the CLI with plain node.
 */
export const SPAWNERS = ['launcher/', 'bin/'];

/** Code files outside SPAWNERS that import node:child_process (by import, export … from or require). */
export function spawnViolations(texts: ReadonlyMap<string, string>): string[] {
  return [...texts].filter(([f, text]) => !SPAWNERS.some((p) => f.startsWith(p)) && /(?:from\s+|require\(\s*|import\(\s*)['"](?:node:)?child_process['"]/.test(text))
    .map(([f]) => `${f} imports node:child_process: start processes through launcher/ (spawnGuarded, runCommand, runSync)`);
}

/** The root's own files (playwright.config.ts, vitest.config.ts). */
const ROOT_FILES: Rule = {
  rule: 'the root\'s config files import spec/, targets/ (the reference site of the repository\'s own Playwright config) and conformance/\'s modules only',
  mayImport: (_from, to) => under(to, 'spec/', 'targets/') || suiteModule(to),
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

/**
 * Every circle of imports between files (type-only imports included: they tie the files as
 * tightly for a reader), each as its files in import order: Tarjan's strongly connected components.
 */
export function fileCycles(edges: readonly (readonly [string, string])[]): string[] {
  const graph = new Map<string, string[]>();
  for (const [from, to] of edges) graph.set(from, [...(graph.get(from) ?? []), to]);
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[] = [];
  const connect = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    for (let w = stack.pop()!; ; w = stack.pop()!) {
      onStack.delete(w);
      component.push(w);
      if (w === v) break;
    }
    if (component.length > 1 || graph.get(v)?.includes(v)) out.push(component.sort().join(' ⇄ '));
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return out.sort();
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


/** An issue number in a comment (the word issue and a number, or a hash and a number): history, whose place is CHANGELOG.md and the commit messages. */
const ISSUE_CITED = /\bissues? #?\d+\b|(^|\s)#\d{1,4}\b(?!['"`])/i;

/** Comment lines (`//…`, or inside a block comment) of each file that cite an issue number. */
export function issueNumberViolations(texts: ReadonlyMap<string, string>): string[] {
  const out: string[] = [];
  for (const [file, text] of texts) {
    let inBlock = false;
    text.split('\n').forEach((line, i) => {
      const start = line.indexOf('/*');
      const comment = inBlock ? line : start >= 0 ? line.slice(start) : line.includes('//') ? line.slice(line.indexOf('//')) : '';
      if (start >= 0 && !line.includes('*/', start)) inBlock = true;
      if (inBlock && line.includes('*/') && !(start >= 0 && line.indexOf('*/') < start)) inBlock = line.lastIndexOf('/*') > line.lastIndexOf('*/');
      if (comment && ISSUE_CITED.test(comment)) out.push(`${file}:${i + 1}: a comment cites an issue number: say why in words (history goes to CHANGELOG.md)`);
    });
  }
  return out;
}

/** The one place that finds the root: spec/root.ts (the site builds on its own, so site/ keeps its own). */
const ROOT_FILE = 'spec/root.ts';
const ROOT_FOUND = /\b(?:const|let)\s+ROOT\s*=|__dirname,\s*'\.\.|__dirname,\s*'\.\.\//;

/** Files other than spec/root.ts and site/ that find the repository root themselves. */
export function rootViolations(texts: ReadonlyMap<string, string>): string[] {
  return [...texts].filter(([file, text]) => file !== ROOT_FILE && !file.startsWith('site/') && !file.startsWith('fixtures/') && ROOT_FOUND.test(text))
    .map(([file]) => `${file}: finds the root itself: import ROOT from ${ROOT_FILE}`);
}
