import { describe, expect, it } from 'vitest';
import { parseRunArgs, UsageError } from '../run/args';

describe('conformance CLI arguments (conformance/run/args.ts)', () => {
  it('reads a target run and hands Playwright flags on as written', () => {
    const a = parseRunArgs(['--target', 'http://127.0.0.1:1', '--mode=server', '--profile', 'p.json', '--out', 'o', '--grep', '@K9.5', '-g', 'x', '--repeat-each=2', '-x']);
    expect(a).toMatchObject({ target: 'http://127.0.0.1:1', mode: 'server', profile: 'p.json', out: 'o' });
    expect(a.playwrightArgs).toEqual(['--grep', '@K9.5', '-g', 'x', '--repeat-each=2', '-x']);
  });

  it('drops a leading -- and passes everything after a later -- unchecked', () => {
    const a = parseRunArgs(['--', '--grep', '@R2.2', '--', '--no-deps', 'R2.2-not-found']);
    expect(a.playwrightArgs).toEqual(['--grep', '@R2.2', '--no-deps', 'R2.2-not-found']);
  });

  it('keeps --reporter, --workers and --shard for the run, and still passes --shard on', () => {
    const a = parseRunArgs(['--reporter', 'dot,json', '--workers', '3', '--shard', '2/3']);
    expect(a.reporters).toEqual(['dot', 'json']);
    expect(a.workers).toBe(3);
    expect(a.shard).toEqual({ current: 2, total: 3 });
    expect(a.playwrightArgs).toEqual(['--shard', '2/3']);
  });

  it('shares one browser context per worker unless --isolate asks for one per test', () => {
    expect(parseRunArgs([]).isolate).toBe(false);
    expect(parseRunArgs(['--isolate']).isolate).toBe(true);
    expect(parseRunArgs(['--isolate']).playwrightArgs).toEqual([]);
  });

  it('reads --config, --summary, --expectations (repeatable) and --version', () => {
    const a = parseRunArgs(['-c', 'ci.config.json', '--summary', 's.md', '--expectations', 'next@16', '--expectations', 'site.json', '--version']);
    expect(a).toMatchObject({ config: 'ci.config.json', summary: 's.md', expectations: ['next@16', 'site.json'], version: true });
    expect(a.playwrightArgs).toEqual([]);
  });

  it('reads the discovery flags, which it only passes on', () => {
    const a = parseRunArgs(['--target', 'http://x', '--mode', 'static', '--max-pages', '20', '--ignore-robots', '--write-profile', 'p.json']);
    expect(a).toMatchObject({ maxPages: 20, ignoreRobots: true, writeProfile: 'p.json' });
  });

  it('--mode without --target picks the config\'s target of that mode', () => {
    expect(parseRunArgs(['--mode', 'static'])).toMatchObject({ mode: 'static', projects: ['static'] });
  });

  const refused: [string[], RegExp][] = [
    [['--target', 'http://x'], /--target needs --mode/],
    [['--mode', 'edge'], /static or server/],
    [['--target'], /--target needs a value/],
    [['--target', '--force'], /--target needs a value/],
    [['--force=yes'], /--force takes no value/],
    [['--other-build', 'http://x'], /--other-build goes with --target/],
    [['--frobnicate'], /Unknown option --frobnicate/],
    [['stray'], /Unexpected argument "stray"/],
    [['--shard', '3/2'], /--shard needs current\/total/],
    [['--workers', '0'], /--workers needs/],
    [['--project', 'site-static'], /--project must be static or server/],
    [['--merge', 'dir', '--grep', 'x'], /--merge .* --grep does not go with it/],
  ];
  for (const [argv, message] of refused) {
    it(`refuses ${argv.join(' ')} with one sentence`, () => {
      let error: unknown;
      try {
        parseRunArgs(argv);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(UsageError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('\n');
    });
  }
});
