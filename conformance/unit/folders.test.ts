import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Rooms with one job: no import cycle between folders (a folder imports another only in one
 * direction), and no file over ~250 lines in the folders of the run protocol without a reason.
 */
const ROOT = path.resolve(__dirname, '..', '..');

function walk(p: string): string[] {
  if (!fs.existsSync(p)) return [];
  if (fs.statSync(p).isFile()) return /\.(ts|tsx)$/.test(p) ? [p] : [];
  return fs.readdirSync(p).filter((n) => n !== 'node_modules' && !n.startsWith('.') && n !== 'out').flatMap((n) => walk(path.join(p, n)));
}

/** The folder a file belongs to, as a room: conformance/<sub>, site/scripts, site, bench, docs, fixtures/<sub>. */
function room(file: string): string {
  const rel = path.relative(ROOT, file).split(path.sep);
  if (rel[0] === 'conformance' || rel[0] === 'fixtures') return rel.length > 2 ? `${rel[0]}/${rel[1]}` : rel[0];
  if (rel[0] === 'site') return rel[1] === 'scripts' ? 'site/scripts' : 'site';
  return rel.length > 1 ? rel[0] : '.';
}

function imports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:from\s+|require\(|import\()\s*['"](\.[^'"]+)['"]/g)) {
    const target = path.resolve(path.dirname(file), m[1]);
    const candidates = [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')];
    const hit = candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
    if (hit) out.push(hit);
  }
  return out;
}

function roomGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  const files = ['conformance', 'site/scripts', 'bench', 'playwright.config.ts'].flatMap((p) => walk(path.join(ROOT, p)));
  for (const f of files) {
    const from = room(f);
    for (const t of imports(f)) {
      const to = room(t);
      if (to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      graph.get(from)!.set(to, `${path.relative(ROOT, f)} → ${path.relative(ROOT, t)}`);
    }
  }
  return graph;
}

describe('folders', () => {
  it('no two folders import each other', () => {
    const graph = roomGraph();
    const both: string[] = [];
    for (const [a, edges] of graph) {
      for (const [b, why] of edges) {
        const back = graph.get(b)?.get(a);
        if (back && a < b) both.push(`${a} ↔ ${b}: ${why}; ${back}`);
      }
    }
    expect(both).toEqual([]);
  });

  it('harness and report, conformance and the launcher depend one way only', () => {
    const graph = roomGraph();
    expect(graph.get('conformance/harness')?.get('conformance/report')).toBeUndefined();
    for (const [from, edges] of graph) {
      if (from === 'site/scripts') expect([...edges.keys()].filter((k) => k.startsWith('conformance'))).toEqual([]);
    }
  });

  it('the run protocol, the launcher and the benchmark keep their files under ~250 lines', () => {
    const files = ['conformance/run', 'conformance/cli', 'conformance/report/reporter.ts', 'site/scripts', 'bench'].flatMap((p) => walk(path.join(ROOT, p)));
    const long = files.map((f) => [path.relative(ROOT, f), fs.readFileSync(f, 'utf8').split('\n').length] as const).filter(([, n]) => n > 250);
    expect(long).toEqual([]);
  });
});
