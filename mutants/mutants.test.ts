import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NORMATIVE } from '../spec/clauses';
import type { Report } from '../conformance/report/model';
import { MUTANTS } from './catalogue';
import { startProxy } from './delivery/proxy';
import { repoint } from './delivery/source';
import { applyHeaders, applyText, countOk, StaleMutantError, type TextRule } from './delivery/rules';
import { judge, merge, renderMarkdown, type MutantsFile } from './score';
import { transformExport } from './delivery/transform';
import { ROOT } from '../spec/root';

const ctx = { port: 4000 };

describe('text rules', () => {
  it('replace every match, expand groups and count', () => {
    const rule: TextRule = { what: 'q', path: /./, find: /new (\w+)\.PromiseQueue\(5\)/, replace: 'new $1.PromiseQueue(8)' };
    const r = applyText(rule, 'a=new n.PromiseQueue(5),b=new m.PromiseQueue(5)', ctx);
    expect(r).toEqual({ text: 'a=new n.PromiseQueue(8),b=new m.PromiseQueue(8)', hits: 2 });
  });

  it('take the serving context in function replacements and keep $ literal when asked', () => {
    const rule: TextRule = { what: 'o', path: /./, find: /(src=")\/_next\//, replace: (c) => `$1http://localhost:${c.port}/_next/$$` };
    expect(applyText(rule, '<script src="/_next/a.js">', ctx).text).toBe('<script src="http://localhost:4000/_next/$a.js">');
  });

  it('check counts: exact, range, default at least one', () => {
    expect(countOk(undefined, 0)).toBe(false);
    expect(countOk(undefined, 3)).toBe(true);
    expect(countOk(1, 2)).toBe(false);
    expect(countOk([2, Infinity], 2)).toBe(true);
  });

  it('headers: set and remove, counting changed answers only', () => {
    const hits = [0];
    const h: Record<string, string | undefined> = { 'content-type': 'text/javascript', 'x-a': '1' };
    applyHeaders([{ what: 't', path: /\.js$/, set: { 'content-type': 'text/plain' }, remove: ['x-a'] }], '/a.js', 'js', h, hits);
    expect(h).toEqual({ 'content-type': 'text/plain' });
    applyHeaders([{ what: 't', path: /\.js$/, set: { 'content-type': 'text/plain' } }], '/a.js', 'js', h, hits);
    expect(hits).toEqual([1]);
  });
});

describe('export transform', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mutant-'));
    fs.mkdirSync(path.join(dir, '_next/static/chunks'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'index.html'), '<h2>Hello</h2>');
    fs.writeFileSync(path.join(dir, 'index.txt'), '"children":"Hello"');
    fs.writeFileSync(path.join(dir, '_next/static/chunks/1.js'), 'x="Hello"');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('renames, then rewrites only the selected kinds of file', () => {
    const t = transformExport(dir, {
      rename: [{ what: 'txt', path: /\.txt$/, to: (p) => p.replace(/\.txt$/, '.rsc'), count: 1 }],
      text: [{ what: 'hello', path: /\.(html|rsc)$/, kinds: ['html', 'data'], find: /Hello/, replace: 'Bye', count: 2 }],
    }, ctx, 'm');
    expect(t.renamed).toEqual([{ from: '/index.txt', to: '/index.rsc' }]);
    expect(fs.readFileSync(path.join(dir, 'index.rsc'), 'utf8')).toBe('"children":"Bye"');
    expect(fs.readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe('<h2>Bye</h2>');
    expect(fs.readFileSync(path.join(dir, '_next/static/chunks/1.js'), 'utf8')).toBe('x="Hello"');
  });

  it('throws, naming every stale rule, when an anchor no longer matches', () => {
    const run = () => transformExport(dir, { text: [
      { what: 'gone', path: /\.js$/, find: /PromiseQueue\(5\)/, replace: 'x' },
      { what: 'twice', path: /\.js$/, find: /Hello/, replace: 'x', count: 2 },
    ] }, ctx, 'K9.5-x');
    let error: unknown;
    try { run(); } catch (e) { error = e; }
    expect(error).toBeInstanceOf(StaleMutantError);
    expect((error as Error).message).toMatch(/"gone" matched 0 time\(s\)[^]*"twice" matched 1 time\(s\)/);
  });
});

describe('rewriting proxy', () => {
  let upstream: http.Server;
  let base: string;
  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      if (req.url === '/app.js') {
        const gz = (req.headers['accept-encoding'] ?? '').includes('gzip');
        const body = Buffer.from('let q=new n.PromiseQueue(5);');
        res.writeHead(200, { 'content-type': 'application/javascript', etag: '"1"', ...(gz ? { 'content-encoding': 'gzip' } : {}) });
        res.end(gz ? zlib.gzipSync(body) : body);
      } else if (req.method === 'POST') {
        let body = '';
        req.on('data', (c) => { body += c; });
        req.on('end', () => { res.writeHead(200, { 'content-type': 'text/plain' }); res.end(`got ${body}`); });
      } else {
        res.writeHead(404, { 'content-type': 'text/html', 'x-keep': 'yes' });
        res.end('<p>PromiseQueue(5)</p>');
      }
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
    const a = upstream.address();
    base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  });
  afterAll(() => new Promise<void>((r) => upstream.close(() => r())));

  it('rewrites selected bodies (asking upstream for plain bodies), passes the rest through, counts hits', async () => {
    const proxy = await startProxy({
      upstream: base,
      text: [{ what: 'q', path: /\.js$/, kinds: ['js'], find: /PromiseQueue\(5\)/, replace: 'PromiseQueue(8)', count: 1 }],
      headers: [{ what: 'h', path: /^\/missing$/, set: { 'x-mutant': '1' }, remove: ['x-keep'] }],
    });
    try {
      const js = await fetch(`${proxy.url}/app.js`, { headers: { 'accept-encoding': 'gzip' } });
      expect(await js.text()).toBe('let q=new n.PromiseQueue(8);');
      expect(js.headers.get('etag')).toBeNull();
      const page = await fetch(`${proxy.url}/missing`);
      expect(page.status).toBe(404);
      expect(await page.text()).toBe('<p>PromiseQueue(5)</p>');
      expect(page.headers.get('x-mutant')).toBe('1');
      expect(page.headers.get('x-keep')).toBeNull();
      const post = await fetch(`${proxy.url}/action`, { method: 'POST', body: 'payload' });
      expect(await post.text()).toBe('got payload');
      expect(proxy.textHits).toEqual([1]);
      expect(proxy.headerHits).toEqual([1]);
    } finally {
      await proxy.stop();
    }
  });
});

describe('catalogue', () => {
  it('has unique ids named after their first declared clause', () => {
    expect(new Set(MUTANTS.map((m) => m.id)).size).toBe(MUTANTS.length);
    for (const m of MUTANTS) expect(m.id.startsWith(`${m.declared[0]}-`), m.id).toBe(true);
  });

  it('declares only normative clauses that apply in the mutant\'s mode', () => {
    for (const m of MUTANTS) {
      expect(m.declared.length, m.id).toBeGreaterThan(0);
      for (const id of m.declared) {
        const c = NORMATIVE.find((x) => x.id === id);
        expect(c, `${m.id} declares ${id}`).toBeDefined();
        expect(c!.modes, `${m.id}: ${id} applies in ${m.mode}`).toContain(m.mode);
      }
    }
  });

  it('has at least one mutant per normative clause', () => {
    expect(NORMATIVE.filter((c) => !MUTANTS.some((m) => m.declared.includes(c.id))).map((c) => c.id)).toEqual([]);
  });

  it('re-points the imports of a moved file: to what stayed, and to what moved along', () => {
    const from = '/r/site/app/(site)';
    const to = '/r/site/app';
    const text = "import Icon from '../../../../components/Icon';\nimport { CrashButton } from './CrashButton';\nimport x from '../../other';";
    expect(repoint(text, `${from}/demos/crash/page.tsx`, `${to}/demos/crash/page.tsx`, from, to))
      .toBe("import Icon from '../../../components/Icon';\nimport { CrashButton } from './CrashButton';\nimport x from '../../other';");
  });

  it('edits something, and server mutants only through the proxy', () => {
    for (const m of MUTANTS) {
      expect((m.text?.length ?? 0) + (m.headers?.length ?? 0) + (m.rename?.length ?? 0) + (m.source?.moveChildren.length ?? 0), m.id).toBeGreaterThan(0);
      if (m.mode === 'server') expect(m.rename, m.id).toBeUndefined();
      if (m.mode === 'server') expect(m.source, `${m.id}: a source change is built as a static export`).toBeUndefined();
    }
  });

  it('has a quick set of 4–6 mutants over different clauses', () => {
    const quick = MUTANTS.filter((m) => m.quick);
    expect(quick.length).toBeGreaterThanOrEqual(4);
    expect(quick.length).toBeLessThanOrEqual(6);
    expect(new Set(quick.flatMap((m) => m.declared)).size).toBe(quick.length);
  });
});

describe('scoring', () => {
  const report = (verdicts: Record<string, string>): Report => ({
    clauses: Object.entries(verdicts).map(([id, verdict]) => ({ id, results: { static: { verdict, tests: [] } } })),
  }) as unknown as Report;

  it('killed when every declared clause fails; collateral = other failed clauses (cantTell counts as failed)', () => {
    expect(judge(report({ 'R2.2': 'failed', 'R2.3': 'passed', 'R2.9': 'cantTell', 'K9.1': 'untested' }), 'static', ['R2.2']))
      .toEqual({ failed: ['R2.2', 'R2.9'], killed: true, collateral: ['R2.9'], declaredVerdicts: { 'R2.2': 'failed' }, flaky: ['R2.9'] });
    expect(judge(report({ 'R2.2': 'failed', 'R2.3': 'untested' }), 'static', ['R2.2', 'R2.3']).killed).toBe(false);
  });

  it('does not count a declared clause that is only cantTell as killed: the suite must observe the contradiction', () => {
    expect(judge(report({ 'K9.5': 'cantTell' }), 'static', ['K9.5']).killed).toBe(false);
  });

  it('kills a precondition mutant only when its clause is untested, never when it is failed', () => {
    expect(judge(report({ 'K9.1': 'untested' }), 'static', ['K9.1'], { 'K9.1': 'untested' }).killed).toBe(true);
    expect(judge(report({ 'K9.1': 'failed' }), 'static', ['K9.1'], { 'K9.1': 'untested' }).killed).toBe(false);
  });

  it('writes a summary with exactly the keys the conformance report\'s `mutation` field allows', () => {
    const schema = JSON.parse(fs.readFileSync(path.join(ROOT, 'spec/schemas/report-schema.json'), 'utf8')) as { properties: { mutation: { properties: object; required: string[] } } };
    const summary: MutantsFile['summary'] = { score: 1, killed: 1, total: 1, collateral: 0, at: 'now' };
    expect(Object.keys(summary).sort()).toEqual(Object.keys(schema.properties.mutation.properties).sort());
  });

  it('merges a re-run into an earlier run, keeping catalogue order and recomputing the summary', () => {
    const r = (id: string, killed: boolean, collateral: string[] = []) => ({ id, mode: 'static' as const, description: '', declared: [], failed: [], killed, collateral, durationMs: 1, declaredVerdicts: {} });
    const [a, b] = MUTANTS;
    const previous: MutantsFile = {
      summary: { score: 0.5, killed: 1, total: 2, collateral: 1, at: 'then' },
      run: { scope: 'full', declaredOnly: false, durationMs: 100, builds: { static: 'old' } },
      mutants: [r(a.id, true), r(b.id, false, ['K9.1'])],
    };
    const m = merge(previous, [r(b.id, true)], { scope: 'only', declaredOnly: false, durationMs: 10, builds: { static: 'new' } });
    expect(m.mutants.map((x) => [x.id, x.killed])).toEqual([[a.id, true], [b.id, true]]);
    expect(m.summary).toMatchObject({ score: 1, killed: 2, total: 2, collateral: 0 });
    expect(m.run).toMatchObject({ scope: 'full', durationMs: 110, merged: [b.id], builds: { static: 'new' } });
  });

  it('renders a table row per mutant', () => {
    const md = renderMarkdown({
      summary: { score: 0.5, killed: 1, total: 2, collateral: 0, at: 'now' },
      run: { scope: 'full', declaredOnly: false, durationMs: 1000, builds: { static: 'ref-1' } },
      mutants: [
        { id: 'a', mode: 'static', description: '', declared: ['R2.2'], failed: ['R2.2'], killed: true, collateral: [], durationMs: 1, declaredVerdicts: { 'R2.2': 'failed' } },
        { id: 'b', mode: 'static', description: '', declared: ['K9.1'], failed: [], killed: false, collateral: [], durationMs: 1, declaredVerdicts: { 'K9.1': 'passed' } },
      ],
    });
    expect(md).toContain('mutation score 50% (1/2), collateral 0');
    expect(md).toMatch(/\| a \| static \| R2\.2 \(failed\) \| R2\.2 \| ✅ killed \|/);
    expect(md).toMatch(/\| b \|.*❌ survived/);
  });
});
