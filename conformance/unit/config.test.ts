import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configFor, settle } from '../config/apply';
import { findConfigFile, loadConfig, validateConfig } from '../config/load';
import { parseRunArgs, UsageError } from '../run/args';
import { ROOT } from '../../spec/root';

const dir = mkdtempSync(join(tmpdir(), 'config-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};

async function usageError(fn: () => unknown): Promise<string> {
  try {
    await fn();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    expect((e as Error).message).not.toContain('\n');
    return (e as Error).message;
  }
  throw new Error('no UsageError');
}

describe('config file (conformance/config/)', () => {
  it('accepts the full example of docs/config.md', () => {
    const md = readFileSync(join(ROOT, 'docs', 'config.md'), 'utf8');
    const json = /```json\n([\s\S]*?)```/.exec(md)?.[1];
    expect(json).toBeDefined();
    expect(validateConfig(JSON.parse(json!))).toEqual([]);
  });

  it('names the bad key and where it is', () => {
    expect(validateConfig({ tagets: [] })).toEqual([expect.stringMatching(/unknown key "tagets" \(allowed: targets, out, workers, slow, expectations, summary, force, discovery, allPages, gate, ca, insecure, httpCredentials, headers\)/)]);
    expect(validateConfig({ targets: [{ url: 'http://x', mode: 'static', profle: 'p.json' }] })).toEqual([expect.stringMatching(/unknown key "profle" in targets\[0\]/)]);
    expect(validateConfig({ targets: [{ url: 'http://x', mode: 'edge' }] })).toEqual([expect.stringMatching(/targets\[0\]\.mode must be one of "static", "server"/)]);
    expect(validateConfig({ targets: [{ mode: 'static' }] })).toEqual([expect.stringMatching(/targets\[0\] needs "url"/)]);
    expect(validateConfig({ expectations: [{ clause: 'R2.5', verdict: 'failed', reson: 'x' }] }).join('; ')).toMatch(/unknown key "reson" in expectations\[0\]/);
    expect(validateConfig({ workers: 0 }).join('; ')).toMatch(/workers/);
  });

  it('reports a bad file with its path as the working directory sees it, in one sentence', async () => {
    const file = write('bad.config.json', JSON.stringify({ targets: [{ url: 'http://x', mode: 'static' }], ouput: 'r' }));
    const message = await usageError(() => loadConfig(file));
    // A config found by convention arrives absolute: the message names it relative to the working directory.
    expect(message).toContain(`Config file ${relative(process.cwd(), file)} is not valid`);
    expect(message).toMatch(/unknown key "ouput"/);
    expect(await usageError(() => loadConfig(write('broken.json', '{ "targets": ')))).toMatch(/is not valid JSON/);
  });

  it('loads TypeScript and ES module configs through the package\'s own Playwright', async () => {
    const ts = write('a.config.ts', "type Mode = 'static' | 'server';\nconst mode: Mode = 'server';\nexport default { targets: [{ url: 'http://127.0.0.1:1', mode }], workers: '50%' as string };\n");
    expect((await loadConfig(ts)).config).toEqual({ targets: [{ url: 'http://127.0.0.1:1', mode: 'server' }], workers: '50%' });
    const mjs = write('b.config.mjs', "export default { out: 'elsewhere' };\n");
    expect((await loadConfig(mjs)).config).toEqual({ out: 'elsewhere' });
    // Without a default export the module's exports are the config, as Playwright reads its own.
    expect(await usageError(() => loadConfig(write('c.config.mjs', 'export const x = 1;\n')))).toMatch(/unknown key "x"/);
    expect(await usageError(() => loadConfig(write('d.config.mjs', 'export default 42;\n')))).toMatch(/exports no configuration object/);
  });

  it('names the unset environment variable a code config reads the target\'s URL from, and --target needs none', async () => {
    const name = 'CONFIG_TEST_SITE_URL';
    const text = `export default { targets: [{ url: process.env.${name}!, mode: 'static' }] };\n`;
    const cwd = mkdtempSync(join(dir, 'env-'));
    writeFileSync(join(cwd, 'spec-conformance.config.ts'), text);
    const saved = process.env[name];
    try {
      delete process.env[name];
      expect(await usageError(() => configFor({}, cwd))).toMatch(new RegExp(`takes the target's URL from the environment variable ${name}, which is not set: set it .*or give --target`));
      process.env[name] = '';
      expect(await usageError(() => configFor({}, cwd))).toMatch(new RegExp(`${name}, which is empty`));
      // --target replaces the config's targets: their unset URL is no error, and the flag's target is judged.
      delete process.env[name];
      const loaded = await configFor({ target: 'http://127.0.0.1:2' }, cwd);
      expect(settle(parseRunArgs(['--target', 'http://127.0.0.1:2', '--mode', 'static']), loaded, cwd).targets.map((t) => t.url)).toEqual(['http://127.0.0.1:2']);
      // Set, it is the URL (another file: a module is evaluated once per process); another key's problem is still named with --target.
      process.env[name] = 'http://127.0.0.1:3';
      expect((await loadConfig(write('set.config.ts', text)))?.config.targets?.[0].url).toBe('http://127.0.0.1:3');
      delete process.env[name];
      const bad = write('bad.config.ts', `export default { targets: [{ url: process.env.${name}!, mode: 'static', nope: 1 }] };\n`);
      expect(await usageError(() => configFor({ config: bad, target: 'http://127.0.0.1:2' }, cwd))).toMatch(/unknown key "nope"/);
    } finally {
      if (saved === undefined) delete process.env[name];
      else process.env[name] = saved;
    }
  });

  it('finds spec-conformance.config.* in the working directory, and --config wins', async () => {
    const cwd = mkdtempSync(join(dir, 'cwd-'));
    expect(findConfigFile(cwd)).toBeUndefined();
    expect(await configFor({}, cwd)).toBeUndefined();
    writeFileSync(join(cwd, 'spec-conformance.config.json'), '{"out": "r"}');
    expect(findConfigFile(cwd)).toBe(join(cwd, 'spec-conformance.config.json'));
    writeFileSync(join(cwd, 'other.json'), '{"out": "o"}');
    expect((await configFor({ config: 'other.json' }, cwd))?.config).toEqual({ out: 'o' });
    expect(await usageError(() => configFor({ config: 'missing.json' }, cwd))).toMatch(/--config missing\.json: no such file/);
  });

  const loaded = (config: object) => ({ file: join(dir, 'x.config.json'), dir, config });

  it('resolves the config\'s paths against its folder and the flags\' against the working directory', () => {
    const s = settle(parseRunArgs([]), loaded({ targets: [{ url: 'http://a', mode: 'static', profile: 'p.json' }], out: 'out', summary: 's.md', expectations: ['next@16', { clause: 'C7.3/build-id', verdict: 'untested', reason: 'r' }] }), '/work/here');
    expect(s.targets).toEqual([{ url: 'http://a', mode: 'static', profile: join(dir, 'p.json'), from: 'config' }]);
    expect(s.out).toBe(join(dir, 'out'));
    expect(s.summary).toBe(join(dir, 's.md'));
    expect(s.discovery.enabled).toBe(true);
    // The config file is named as the user's shell reaches it from the working directory.
    const shown = relative('/work/here', join(dir, 'x.config.json'));
    expect(s.expectations).toEqual([{ inputs: ['next@16', [{ clause: 'C7.3/build-id', verdict: 'untested', reason: 'r', source: `config: ${shown}` }]], baseDir: dir, from: shown }]);
    expect(settle(parseRunArgs([]), loaded({ targets: [{ url: 'http://a', mode: 'static' }] }), '/w').out).toBe(join(dir, 'reports'));
  });

  it('takes an empty --summary ("$GITHUB_STEP_SUMMARY" outside GitHub Actions) as no summary, not as the working directory', () => {
    expect(settle(parseRunArgs(['--summary', '']), loaded({ targets: [{ url: 'http://a', mode: 'static' }], summary: 's.md' }), '/w').summary).toBeUndefined();
    expect(settle(parseRunArgs(['--summary', 'x.md']), loaded({ targets: [{ url: 'http://a', mode: 'static' }] }), '/w').summary).toBe('/w/x.md');
  });

  it('lets flags override the config, and adds --expectations after its own', () => {
    const c = loaded({ targets: [{ url: 'http://a', mode: 'static' }, { url: 'http://b', mode: 'server' }], out: 'out', workers: 4, discovery: { maxPages: 5 }, expectations: ['next@16'] });
    const s = settle(parseRunArgs(['--out', 'o', '--workers', '1', '--no-discovery', '--expectations', 'mine.json', '--project', 'server']), c, '/w');
    expect(s.targets.map((t) => t.url)).toEqual(['http://b']);
    expect(s).toMatchObject({ out: '/w/o', workers: 1, discovery: { enabled: false, maxPages: 5 } });
    expect(s.expectations.map((e) => [e.inputs, e.baseDir])).toEqual([[['next@16'], dir], [['mine.json'], '/w']]);
    const t = settle(parseRunArgs(['--target', 'http://c', '--mode', 'server', '--profile', 'p.json']), c, '/w');
    expect(t.targets).toEqual([{ url: 'http://c', mode: 'server', profile: '/w/p.json', from: 'flag' }]);
  });

  it('refuses what cannot be meant, in one sentence', async () => {
    expect(await usageError(() => settle(parseRunArgs([]), loaded({ targets: [{ url: 'http://a', mode: 'static' }, { url: 'http://b', mode: 'static' }] })))).toMatch(/two targets with mode static/);
    expect(await usageError(() => settle(parseRunArgs(['--profile', 'p.json']), loaded({ targets: [{ url: 'http://a', mode: 'static' }] })))).toMatch(/--profile goes with --target/);
    expect(await usageError(() => settle(parseRunArgs(['--max-pages', '3']), undefined))).toMatch(/--max-pages goes with --target or a config file's targets/);
    expect(await usageError(() => settle(parseRunArgs(['--project', 'server']), loaded({ targets: [{ url: 'http://a', mode: 'static' }] })))).toMatch(/has no target with that mode/);
  });

  it('checks every page discovery finds with --all-pages or the config\'s allPages, which need discovery', async () => {
    const c = (extra: object) => loaded({ targets: [{ url: 'http://a', mode: 'static' }], ...extra });
    expect(settle(parseRunArgs([]), c({})).discovery.allPages).toBe(false);
    expect(settle(parseRunArgs(['--all-pages']), c({})).discovery.allPages).toBe(true);
    expect(settle(parseRunArgs([]), c({ allPages: true })).discovery.allPages).toBe(true);
    expect(validateConfig({ allPages: true })).toEqual([]);
    expect(await usageError(() => settle(parseRunArgs(['--all-pages', '--no-discovery']), c({})))).toMatch(/^--all-pages checks every page discovery finds, so it needs discovery: leave out --no-discovery/);
    expect(await usageError(() => settle(parseRunArgs([]), c({ allPages: true, discovery: false })))).toMatch(/^allPages in .* needs discovery: leave out discovery: false/);
    expect(await usageError(() => settle(parseRunArgs(['--all-pages']), undefined))).toMatch(/--all-pages goes with --target or a config file's targets/);
  });
});
