import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSUMER_STEPS, TS_CONFIG } from './consumer-steps';
import { ROOT } from '../spec/root';

const read = (f: string) => readFileSync(join(ROOT, f), 'utf8');
const readme = read('README.md');
const start = readme.indexOf('## Use it in your project');
const section = readme.slice(start, readme.indexOf('\n## ', start + 5));
const lines = new Set(CONSUMER_STEPS.map((s) => s.line));
/** npm and npx command lines of a text: `run:` and `# - run:` prefixes, trailing comments and `|| …` cut. */
const commandsOf = (text: string) => text.split('\n')
  .map((l) => l.trim().replace(/^#\s*/, '').replace(/^-?\s*run:\s*/, '').replace(/\s+\|\|.*$/, '').replace(/\s+#\s.*$/, '').trim())
  .filter((l) => /^(npm|npx) /.test(l));

describe('"Use it in your project" shows exactly what the consumer check runs', () => {
  it('the README section holds every command line of the check, as it runs them', () => {
    const shown = new Set(commandsOf(section));
    for (const line of lines) expect(shown, line).toContain(line);
    // …and no other npm/npx line than those (and the npm init that makes a fresh folder a project).
    for (const line of shown) if (line !== 'npm init -y') expect(lines, line).toContain(line);
  });

  it('the README section holds the config the check writes', () => {
    expect(section).toContain(TS_CONFIG);
  });

  for (const file of ['docs/ci/github-actions.yml', 'docs/ci/conformance.sh']) {
    it(`${file}: every npm/npx line is one the check runs`, () => {
      const shown = commandsOf(read(file));
      expect(shown.length).toBeGreaterThan(2);
      for (const line of shown) expect(lines, line).toContain(line);
    });
  }

});
