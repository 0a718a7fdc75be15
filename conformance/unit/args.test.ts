import { describe, expect, it } from 'vitest';
import { parseArgs } from '../cli/args';

describe('conformance CLI arguments', () => {
  it('reads a target run', () => {
    const a = parseArgs(['--target', 'http://127.0.0.1:1', '--mode=server', '--profile', 'p.json', '--out', 'o', '--grep', '@K9.5']);
    expect(a).toMatchObject({ target: 'http://127.0.0.1:1', mode: 'server', profile: 'p.json', out: 'o', passthrough: ['--grep', '@K9.5'] });
  });

  it('explains bad input', () => {
    expect(() => parseArgs(['--target', 'http://x'])).toThrow(/--mode/);
    expect(() => parseArgs(['--mode', 'edge'])).toThrow(/static or server/);
    expect(() => parseArgs(['--target'])).toThrow(/needs a value/);
    expect(() => parseArgs(['--other-build', 'http://x'])).toThrow(/--target/);
  });
});
