import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../spec/root';

/**
 * The repository's own files as the lint tests see them (folders.test.ts, references.test.ts): walked
 * on disk from the root, leaving out dot-folders, node_modules and whatever .gitignore names (build
 * output, reports, caches), so a file not yet committed is checked too.
 */
export { ROOT };

export const CODE = /\.(ts|tsx|js|mjs|cjs)$/;

/** .gitignore's patterns as tests on a path relative to the root ("site/.next*\/" → site/.next-server/…). */
const IGNORED: RegExp[] = fs.readFileSync(path.join(ROOT, '.gitignore'), 'utf8').split('\n')
  .map((l) => l.trim()).filter((l) => l && !l.startsWith('#'))
  .map((g) => {
    // A pattern with a slash before its end is anchored at the root; one without matches at any depth.
    const p = g.replace(/\/$/, '');
    const body = p.replace(/^\//, '').replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
    return new RegExp(`${p.includes('/') ? '^' : '(^|/)'}${body}(/|$)`);
  });

/** Whether a path (relative to the root, / separators) is build output or anything else git ignores. */
export function isIgnored(rel: string): boolean {
  return IGNORED.some((r) => r.test(rel));
}

/** Every file under `dir` (relative to the root), as relative paths with / separators. */
export function filesUnder(dir = '.'): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(ROOT, rel), { withFileTypes: true })) {
      if (e.name.startsWith('.') || e.name === 'node_modules') continue;
      const child = rel === '.' ? e.name : `${rel}/${e.name}`;
      if (isIgnored(child)) continue;
      if (e.isDirectory()) walk(child);
      else if (e.isFile()) out.push(child);
    }
  };
  walk(dir);
  return out.sort();
}

/** The top-level folders of the repository (dot-folders too, except .git; nothing git ignores). */
export function topFolders(): string[] {
  return fs.readdirSync(ROOT, { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== '.git' && e.name !== 'node_modules' && !isIgnored(e.name))
    .map((e) => e.name).sort();
}

/** The repository files a code file imports by relative path (import, export … from, require, import()). */
export function importsOf(rel: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, rel), 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s+|\bimport\s+|\brequire\(\s*|\bimport\(\s*)['"](\.{1,2}\/[^'"]*)['"]/g)) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(rel), m[1]));
    const hit = [target, ...['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'].map((x) => target + x), `${target}/index.ts`]
      .find((c) => fs.existsSync(path.join(ROOT, c)) && fs.statSync(path.join(ROOT, c)).isFile());
    if (hit) out.push(hit);
  }
  return out;
}
