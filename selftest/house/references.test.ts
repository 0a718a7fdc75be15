import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODE, filesUnder, isIgnored, topFolders } from './repo-files';
import { ROOT } from '../../spec/root';

/**
 * Paths named in comments and docs exist. In a code file's comments, any path-like word ending in a
 * file extension, or starting with a top-level folder, is checked; in Markdown (README.md, docs/,
 * fixtures/), the words starting with a top-level folder (after any ./ or ../; the others are often
 * paths inside a framework's package, cited as evidence, or examples). A path counts as found when it names a file or folder
 * from the root, from the naming file's folder or any folder above it, from inside a top-level
 * folder ("harness/observe.ts" in conformance/), or inside node_modules ("next/dist/…"); or when git
 * ignores it (build output such as site/out or mutants/.work, written when the code runs).
 */

const WORD = /(?<![\w./@~:$<-])(?:\.\.?\/)*[\w.-]+(?:\/[\w.-]+)+/g;
const FILE_EXT = /\.(ts|tsx|js|mjs|cjs|json|md|conf|html|css|ya?ml)$/;

/** The comments of a code file, with the offset each starts at. */
function comments(text: string): [number, string][] {
  return [...text.matchAll(/\/\*[^]*?\*\/|(?<![:'"`\\])\/\/[^\n]*/g)].map((m) => [m.index, m[0]]);
}

export function isFound(word: string, from: string, tops: readonly string[], exists: (rel: string) => boolean = (rel) => fs.existsSync(path.join(ROOT, rel))): boolean {
  const candidates = [word];
  for (let dir = path.posix.dirname(from); dir !== '.'; dir = path.posix.dirname(dir)) candidates.push(path.posix.join(dir, word));
  for (const top of tops) candidates.push(path.posix.join(top, word));
  const inRepo = candidates.map((c) => path.posix.normalize(c)).filter((c) => !c.startsWith('..'));
  return inRepo.some(exists) || exists(path.posix.join('node_modules', word)) || inRepo.some(isIgnored);
}

/** Path-like words of a file that name nothing, as "file:line: word". */
export function danglingIn(file: string, text: string, tops: readonly string[], exists?: (rel: string) => boolean): string[] {
  const markdown = file.endsWith('.md');
  const spans: [number, string][] = markdown ? [[0, text]] : comments(text);
  const out: string[] = [];
  for (const [at, span] of spans) {
    for (const m of span.matchAll(WORD)) {
      const word = m[0].replace(/\.+$/, '');
      if (/^[<*…{]/.test(span.slice(m.index + m[0].length))) continue; // a pattern ("tests/<ID>-<slug>.spec.ts"), not a path
      if (word.split('/').every((s) => /^\.[a-z]+$/.test(s))) continue; // ".tsx/.ts": extensions, not a path
      const startsAtTop = tops.includes(word.replace(/^(\.\.?\/)+/, '').split('/')[0]);
      if (!(markdown ? startsAtTop : startsAtTop || FILE_EXT.test(word))) continue;
      if (isFound(word, file, tops, exists)) continue;
      out.push(`${file}:${text.slice(0, at + m.index).split('\n').length}: ${word}`);
    }
  }
  return out;
}

describe('references', () => {
  const tops = topFolders();

  it('every path named in a code comment exists', () => {
    const files = filesUnder().filter((f) => CODE.test(f));
    expect(files.flatMap((f) => danglingIn(f, fs.readFileSync(path.join(ROOT, f), 'utf8'), tops))).toEqual([]);
  });

  it('every repository path named in README.md, docs/ and fixtures/ exists', () => {
    const files = ['README.md', ...filesUnder('docs'), ...filesUnder('fixtures')].filter((f) => f.endsWith('.md'));
    expect(files.flatMap((f) => danglingIn(f, fs.readFileSync(path.join(ROOT, f), 'utf8'), tops))).toEqual([]);
  });

  it('goes red on a path that names nothing', () => {
    const exists = (rel: string) => ['conformance/harness/observe.ts', 'docs/discovery.md', 'node_modules/next/dist/client/link.js'].includes(rel);
    const t = ['conformance', 'docs', 'site'];
    const comment = (body: string) => `/${'*'}* ${body} *${'/'}`;
    expect(danglingIn('conformance/discovery/index.ts', comment('Contract: notes/CONTRACT.md; see harness/observe.ts, docs/discovery.md, next/dist/client/link.js.'), t, exists))
      .toEqual(['conformance/discovery/index.ts:1: notes/CONTRACT.md']);
    expect(danglingIn('conformance/x.ts', `const a = "notes/CONTRACT.md"; ${'/'}/ built in site/out/index.html, https://example.com/a/b.html, /demos/x.html`, t, exists)).toEqual([]);
    expect(danglingIn('docs/a.md', 'See `docs/gone.md`, dist/client/x.js, docs/<name>.md and [here](../site/nothing.ts).', t, exists))
      .toEqual(['docs/a.md:1: docs/gone.md', 'docs/a.md:1: ../site/nothing.ts']);
  });
});
