import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../spec/root';
import { benchmarkedSpeed, speedsAgree } from './speed';

describe('the machine-speed line npm test compares with (issue 36)', () => {
  it('is read from docs/benchmarks.md as the bench writes it', () => {
    const s = benchmarkedSpeed(readFileSync(join(ROOT, 'docs', 'benchmarks.md'), 'utf8'));
    expect(s?.computeMs).toBeGreaterThan(0);
    expect(s?.nodeStartMs).toBeGreaterThan(0);
    expect(benchmarkedSpeed('- **Machine speed:** reference compute 441 ms (SHA-256 …, one thread), `node -e 0` 90 ms, a new browser context with one page 111 ms')).toEqual({ computeMs: 441, nodeStartMs: 90 });
    expect(benchmarkedSpeed('no such line')).toBeUndefined();
  });

  it('agrees when the reference compute is within 15 %, either way; `node -e 0` is not compared', () => {
    const page = { computeMs: 441, nodeStartMs: 90 };
    expect(speedsAgree({ computeMs: 500 }, page)).toBe(true);
    expect(speedsAgree({ computeMs: 400 }, page)).toBe(true);
    expect(speedsAgree({ computeMs: 520 }, page)).toBe(false);
    expect(speedsAgree({ computeMs: 375 }, page)).toBe(false);
    // A copy like the page's, whose `node -e 0` read 65 ms after a run (90 on the page): alike.
    const after = { computeMs: 437, nodeStartMs: 65 };
    expect(speedsAgree(after, page)).toBe(true);
  });
});
