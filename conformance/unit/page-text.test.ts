import { describe, expect, it } from 'vitest';
import { clip, quoted } from '../observers/page-text';

// A page's texts in a test's message: a 10,000-character heading on ten pages is said in ten short quotes, never in full.
describe('page text in messages', () => {
  it('cuts each text at 120 characters and a list at 8', () => {
    const heading = 'H'.repeat(10_000);
    expect(clip(heading)).toBe(`${'H'.repeat(119)}…`);
    expect(clip('short')).toBe('short');
    const ten = quoted(Array.from({ length: 10 }, () => heading));
    expect(ten).toBe(`${Array.from({ length: 8 }, () => `"${'H'.repeat(119)}…"`).join(', ')} and 2 more`);
    expect(ten.length).toBeLessThan(1_100);
    expect(quoted([])).toBe('(none)');
  });
});
