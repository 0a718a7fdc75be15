import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCommand } from '../launcher';
import { sampleOf } from '../conformance/report/coverage';
import { serveStatic } from '../targets/hosts/static-server';
import { ROOT } from '../spec/root';
import { measured } from './util';

// A run's cost does not grow with the site. Discovery samples the pages the every-page
// clauses check (at most 3 of a route shape), so a site of 1,508 pages judged without a profile costs
// about what one of 10 pages does; --all-pages checks every page found, and its cost grows with the
// site. Measured on generated sites of plain pages served from a temporary folder, one mode, no profile.

export interface ManyPagesRun {
  label: string;
  /** Pages the generated site has. */
  pages: number;
  allPages: boolean;
  /** Pages known to the run (listed, or counted in a partly listed route shape) and pages checked. */
  known?: number;
  checked?: number;
  wallMs: number;
  cpuS?: number;
  exitCode: number;
  load: string;
}

/**
 * A site of `n` plain pages: /, /about, /posts (linking every post) and /posts/1 … /posts/<n − 3>, each
 * post linking the index and its neighbours; every page loads one stylesheet and one script from
 * /_next/static/ (what the every-page clauses judge; the probe takes such a site for this kind, and the
 * script sets window.next as a started client application does). Returns every page's path.
 */
export function generateSite(dir: string, n: number): string[] {
  const posts = Math.max(0, n - 3);
  const assets = path.join(dir, '_next', 'static', 'bench');
  fs.mkdirSync(path.join(dir, 'posts'), { recursive: true });
  fs.mkdirSync(assets, { recursive: true });
  fs.writeFileSync(path.join(assets, 'site.css'), 'body { font-family: sans-serif; margin: 2rem; }\n');
  fs.writeFileSync(path.join(assets, 'site.js'), 'window.next = { version: "0.0.0-bench" };\n');
  const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><link rel="stylesheet" href="/_next/static/bench/site.css"><script src="/_next/static/bench/site.js"></script></head><body><nav><a href="/">Home</a> <a href="/about">About</a> <a href="/posts">Posts</a></nav><main><h1>${title}</h1>${body}</main></body></html>\n`;
  fs.writeFileSync(path.join(dir, 'index.html'), page('Home', '<p>A generated site of many pages.</p>'));
  fs.writeFileSync(path.join(dir, 'about.html'), page('About', '<p>About it.</p>'));
  fs.writeFileSync(path.join(dir, '404.html'), page('404', '<p>This page could not be found.</p>'));
  const list = Array.from({ length: posts }, (_, i) => `<li><a href="/posts/${i + 1}">Post ${i + 1}</a></li>`).join('');
  fs.writeFileSync(path.join(dir, 'posts.html'), page('Posts', `<ul>${list}</ul>`));
  for (let i = 1; i <= posts; i++) {
    const near = [i > 1 ? `<a href="/posts/${i - 1}">Previous</a>` : '', i < posts ? `<a href="/posts/${i + 1}">Next</a>` : ''].join(' ');
    fs.writeFileSync(path.join(dir, 'posts', `${i}.html`), page(`Post ${i}`, `<p>Post number ${i}.</p><p>${near}</p>`));
  }
  return ['/', '/about', '/posts', ...Array.from({ length: posts }, (_, i) => `/posts/${i + 1}`)];
}

/** /sitemap.xml naming every page at the origin it is served from. */
function writeSitemap(dir: string, origin: string, paths: string[]): void {
  fs.writeFileSync(path.join(dir, 'sitemap.xml'), `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<url><loc>${origin}${p}</loc></url>`).join('')}</urlset>\n`);
}

/** Judges a generated site of `pages` pages in one mode with no profile (discovery), with or without --all-pages. */
export async function timeManyPages(workDir: string, pages: number, allPages: boolean): Promise<ManyPagesRun> {
  const label = `${pages.toLocaleString('en-US')} pages${allPages ? ', --all-pages' : ''}`;
  const site = fs.mkdtempSync(path.join(os.tmpdir(), `bench-site-${pages}-`));
  const out = path.join(workDir, `many-pages-${pages}${allPages ? '-all' : ''}`);
  try {
    const paths = generateSite(site, pages);
    const server = await serveStatic({ dir: site });
    try {
      writeSitemap(site, server.url, paths);
      const args = ['run', '--silent', 'conformance', '--', '--target', server.url, '--mode', 'static', '--out', out, ...(allPages ? ['--all-pages'] : [])];
      const m = await measured(() => runCommand('npm', args, { cwd: ROOT, env: { CI: 'true' }, output: { file: `${out}.log` } }));
      const listed = readSitePages(out);
      const s = sampleOf(listed);
      return { label, pages, allPages, known: s?.found, checked: s?.checked, wallMs: m.value.ms, cpuS: m.cpuS, exitCode: m.value.code, load: m.load };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(site, { recursive: true, force: true });
  }
}

/** The sitePages of the profile the run used (in the report's profiles folder, a file per mode). */
function readSitePages(out: string): Parameters<typeof sampleOf>[0] {
  try {
    const p = JSON.parse(fs.readFileSync(path.join(out, 'profiles', 'static.json'), 'utf8')) as { scenarios?: { sitePages?: Parameters<typeof sampleOf>[0] } };
    return p.scenarios?.sitePages;
  } catch {
    return undefined;
  }
}

/** The section of docs/benchmarks.md. */
export function renderManyPages(runs: ManyPagesRun[]): string[] {
  const L = ['## Cost that does not grow with the site', ''];
  if (!runs.length) return [...L, 'Not measured in this run (--skip-many).', ''];
  const base = runs.find((r) => !r.allPages && r.pages === Math.min(...runs.map((x) => x.pages)));
  L.push('Generated sites of plain pages (bench/many-pages.ts: `/`, `/about`, `/posts` linking every post, the posts, a sitemap naming all of them; each page loads a stylesheet and a script from `/_next/static/`), served from a temporary folder by our static server and judged in one mode with no profile: `npm run conformance -- --target <url> --mode static` — discovery crawls, the every-page clauses check what it lists. "Known" is every page the run knows of (listed, or counted in a route shape only partly listed), "checked" the pages the every-page clauses loaded. Without `--all-pages` they check at most 3 of each route shape, so the run costs about the same whatever the size; `--all-pages` checks every page found, and its cost grows with the site.', '');
  L.push('| site | pages known | pages checked | wall time | CPU | against the smallest | exit code | load before → after |', '|---|---:|---:|---:|---:|---:|---:|---|');
  for (const r of runs) {
    const vs = base && base !== r ? `${(r.wallMs / base.wallMs).toFixed(1)}× wall, ${r.cpuS !== undefined && base.cpuS ? `${(r.cpuS / base.cpuS).toFixed(1)}× CPU` : 'n/a'}` : '—';
    L.push(`| ${r.label} | ${r.known?.toLocaleString('en-US') ?? 'n/a'} | ${r.checked?.toLocaleString('en-US') ?? 'n/a'} | ${(r.wallMs / 1000).toFixed(1)} s | ${r.cpuS === undefined ? 'n/a' : `${r.cpuS.toFixed(0)} CPU-s`} | ${vs} | ${r.exitCode} | ${r.load} |`);
  }
  L.push('');
  return L;
}
