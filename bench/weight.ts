import fs from 'node:fs';
import path from 'node:path';
import { gzipSize } from './util';

// 1. First-load JS: the <script src> files a page's HTML references (`nomodule` left out), raw and gzip -9.

export interface Script {
  src: string;
  /** The file name with its content hash replaced, to match files across builds. */
  name: string;
  raw: number;
  gzip: number;
  content: Buffer;
}

export interface PageWeight {
  html: { raw: number; gzip: number };
  scripts: Script[];
  js: { raw: number; gzip: number };
  skippedNomodule: string[];
}

export function weighPage(outDir: string, htmlFile = 'index.html'): PageWeight {
  const htmlBuf = fs.readFileSync(path.join(outDir, htmlFile));
  const html = htmlBuf.toString('utf8');
  const scripts: Script[] = [];
  const skippedNomodule: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>/gi)) {
    const attrs = m[1];
    const src = /\bsrc\s*=\s*"([^"]+)"/i.exec(attrs)?.[1] ?? /\bsrc\s*=\s*'([^']+)'/i.exec(attrs)?.[1];
    if (!src) continue;
    if (/\bnomodule\b/i.test(attrs)) {
      skippedNomodule.push(src);
      continue;
    }
    const rel = decodeURIComponent(src.split(/[?#]/)[0]).replace(/^\//, '');
    const file = path.join(outDir, rel);
    if (!fs.existsSync(file)) throw new Error(`${htmlFile} references ${src}, which is not in ${outDir}`);
    const content = fs.readFileSync(file);
    const name = rel.replace(/^_next\/static\//, '').replace(/-[0-9a-f]{16,}(?=\.js$)/, '-[hash]');
    scripts.push({ src, name, raw: content.length, gzip: gzipSize(content), content });
  }
  const js = scripts.reduce((t, s) => ({ raw: t.raw + s.raw, gzip: t.gzip + s.gzip }), { raw: 0, gzip: 0 });
  return { html: { raw: htmlBuf.length, gzip: gzipSize(htmlBuf) }, scripts, js, skippedNomodule };
}

// Pairing the site's scripts with the bare export's, and naming what each chunk holds.

export interface ScriptRow {
  site: Script;
  bare?: Script;
  how?: 'same file' | 'same name' | 'counterpart';
}

/** Pairs each site script with its bare-export counterpart: identical bytes, same name, else nearest size within 3 %. */
export function compareScripts(site: Script[], bare: Script[]): ScriptRow[] {
  const used = new Set<Script>();
  const rows: ScriptRow[] = [...site].sort((p, q) => q.raw - p.raw).map((x) => ({ site: x }));
  const take = (row: ScriptRow, b: Script | undefined, how: ScriptRow['how']) => {
    if (!b || row.bare) return;
    row.bare = b;
    row.how = how;
    used.add(b);
  };
  for (const row of rows) take(row, bare.find((b) => !used.has(b) && b.content.equals(row.site.content)), 'same file');
  for (const row of rows) take(row, bare.find((b) => !used.has(b) && b.name === row.site.name), 'same name');
  for (const row of rows) {
    if (row.bare) continue;
    const near = bare
      .filter((b) => !used.has(b) && Math.abs(b.raw - row.site.raw) <= 0.03 * row.site.raw)
      .sort((p, q) => Math.abs(p.raw - row.site.raw) - Math.abs(q.raw - row.site.raw))[0];
    take(row, near, 'counterpart');
  }
  return rows;
}

/** What a chunk most likely holds, from its name and a few tell-tale strings. */
export function describeChunk(x: Script): string {
  const text = x.content.toString('utf8');
  const parts: string[] = [];
  if (/^chunks\/webpack-/.test(x.name)) parts.push('webpack runtime');
  else if (/^chunks\/main-app-/.test(x.name)) parts.push('App Router bootstrap');
  else if (/^chunks\/app\/layout-/.test(x.name)) parts.push('root layout client code (the site header and its menu)');
  else if (/^chunks\/app\/global-error-/.test(x.name)) parts.push("the site's own app/global-error.tsx (spec wording; a bare app uses Next's built-in one)");
  else if (/^chunks\/app\/.*\/?page-/.test(x.name)) parts.push('the page\'s client references');
  else if (/^chunks\/polyfills-/.test(x.name)) parts.push('polyfills');
  else if (text.includes('next-router-state-tree') || text.includes('__next_f')) parts.push('framework: Next.js App Router client runtime');
  else if (text.includes('react-dom')) parts.push('framework: React DOM');
  if (text.includes('isLocalURL') && text.includes('useMergedRef')) parts.push('next/link');
  // components/Icon.tsx: lucide path data drawn as plain SVG (no client code in server components).
  if (text.includes('0 0 24 24') && text.includes('strokeLinejoin')) parts.push('lucide icons (plain SVG)');
  if (!parts.length) parts.push(x.raw > 100_000 ? 'framework: Next.js client runtime / React' : 'shared code');
  return parts.join(' + ');
}
