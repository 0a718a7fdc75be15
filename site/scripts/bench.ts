/**
 * Benchmark of the reference site → docs/benchmarks.md (a script, not a test).
 *
 *   npm run bench [-- --skip-suite] [--skip-bare] [--bare-out <folder>] [--runs N] [--build] [--out <file>]
 *
 * 1. First-load JS of the home page (the <script src> files its HTML references, `nomodule` left
 *    out; raw and gzip -9) and its HTML bytes, for the static export (site/out), against a bare
 *    Next.js export of the same version that this script generates and builds in a temp folder.
 * 2. Time to first byte and largest contentful paint of the home page over loopback in Chromium,
 *    median of N runs (default 5) per mode, each run in a fresh browser context (cold cache).
 * 3. Wall time of the conformance suite per mode (`playwright test --project <mode>`, existing
 *    builds), and per clause from the report it writes.
 * 4. Build time per mode: timed here with --build, else read from the build markers.
 *
 * Needs both builds (npm run site:build:static / site:build:server). Every figure is written with
 * the date, the machine, the load average and the command.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium, MISSING_BROWSER_MESSAGE } from '../../conformance/harness/browser';
import { buildPaths, buildSite, isBuildFresh, nextBin, repoRoot, serveServer, serveStatic, withBuildLock, type RunningServer, type SiteMode } from './site';

// ---------------------------------------------------------------------------------------------
// Arguments

interface Options {
  runs: number;
  skipSuite: boolean;
  skipBare: boolean;
  build: boolean;
  out: string;
  /** Reuse this bare export folder instead of building one (its build time is then not known). */
  bareOut?: string;
}

function parseArgs(argv: string[]): Options {
  const o: Options = { runs: 5, skipSuite: false, skipBare: false, build: false, out: path.join(repoRoot(), 'docs', 'benchmarks.md') };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--skip-suite') o.skipSuite = true;
    else if (a === '--skip-bare') o.skipBare = true;
    else if (a === '--build') o.build = true;
    else if (a === '--runs' || a.startsWith('--runs=')) {
      const v = a.includes('=') ? a.split('=')[1] : argv[++i];
      o.runs = Number(v);
      if (!Number.isInteger(o.runs) || o.runs < 1) throw new Error(`--runs needs a positive whole number, got ${JSON.stringify(v)}`);
    } else if (a === '--out' || a.startsWith('--out=')) {
      o.out = path.resolve(a.includes('=') ? a.split('=')[1] : argv[++i]);
    } else if (a === '--bare-out' || a.startsWith('--bare-out=')) {
      o.bareOut = path.resolve(a.includes('=') ? a.split('=')[1] : argv[++i]);
    } else if (a === '--help' || a === '-h') {
      console.log('Usage: npm run bench [-- --skip-suite] [--skip-bare] [--bare-out <folder>] [--runs N] [--build] [--out <file>]');
      process.exit(0);
    } else throw new Error(`Unknown argument ${a} (try --help)`);
  }
  return o;
}

// ---------------------------------------------------------------------------------------------
// Small helpers

const gzipSize = (buf: Buffer) => zlib.gzipSync(buf, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const ms = (n: number | null) => (n === null ? 'n/a' : `${n.toFixed(1)} ms`);
const secs = (n: number) => `${(n / 1000).toFixed(1)} s`;
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' / ');

function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

function log(message: string): void {
  process.stdout.write(`[bench] ${message}\n`);
}

function run(cmd: string, args: string[], opts: { cwd: string; env?: Record<string, string>; logFile: string }): Promise<{ code: number; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const out = fs.openSync(opts.logFile, 'w');
    const child = spawn(cmd, args, { cwd: opts.cwd, env: { ...process.env, ...opts.env }, stdio: ['ignore', out, out] });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      fs.closeSync(out);
      resolve({ code: code ?? (signal ? 128 : 1), ms: Date.now() - started });
    });
  });
}

function nextVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(repoRoot(), 'node_modules', 'next', 'package.json'), 'utf8')) as { version: string }).version;
}

/** The shared build lock, held once no other `next build` runs on this machine (timings stay clean). */
function withQuietBuildLock<T>(fn: () => Promise<T>): Promise<T> {
  return withBuildLock(fn, { timeoutMs: 20 * 60_000, busy: otherBuildRunning });
}

function otherBuildRunning(): boolean {
  return spawnSync('pgrep', ['-f', 'next build|next/dist/bin/next build']).status === 0;
}

// ---------------------------------------------------------------------------------------------
// 1. First-load JS

interface Script {
  src: string;
  /** The file name with its content hash replaced, to match files across builds. */
  name: string;
  raw: number;
  gzip: number;
  content: Buffer;
}

interface PageWeight {
  html: { raw: number; gzip: number };
  scripts: Script[];
  js: { raw: number; gzip: number };
  skippedNomodule: string[];
}

function weighPage(outDir: string, htmlFile = 'index.html'): PageWeight {
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

const BARE_FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'bare-next-export', private: true }, null, 2),
  'next.config.mjs': `/** @type {import('next').NextConfig} */\nexport default { output: 'export' };\n`,
  'tsconfig.json': JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022', lib: ['dom', 'dom.iterable', 'es2022'], allowJs: false, skipLibCheck: true, strict: true,
        noEmit: true, esModuleInterop: true, module: 'esnext', moduleResolution: 'bundler', resolveJsonModule: true,
        isolatedModules: true, jsx: 'preserve', incremental: true, plugins: [{ name: 'next' }],
      },
      include: ['next-env.d.ts', '**/*.ts', '**/*.tsx', '.next/types/**/*.ts'],
      exclude: ['node_modules'],
    },
    null,
    2,
  ),
  'app/layout.tsx': `import type { ReactNode } from 'react';

export const metadata = { title: 'Bare export' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
  'app/page.tsx': `export default function Page() {
  return (
    <main>
      <h1>Hello</h1>
      <p>A bare Next.js static export, the baseline of the benchmark.</p>
    </main>
  );
}
`,
};

/** Generates and builds the bare app; returns its export folder and build time. */
async function buildBare(workDir: string): Promise<{ out: string; ms: number }> {
  const dir = path.join(workDir, 'bare');
  fs.rmSync(dir, { recursive: true, force: true });
  for (const [file, text] of Object.entries(BARE_FILES)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  fs.symlinkSync(path.join(repoRoot(), 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const logFile = path.join(workDir, 'bare-build.log');
  const r = await withQuietBuildLock(() =>
    run(process.execPath, [nextBin(), 'build'], {
      cwd: dir,
      env: { NEXT_TELEMETRY_DISABLED: '1', NEXT_IGNORE_INCORRECT_LOCKFILE: '1', NODE_ENV: 'production' },
      logFile,
    }),
  );
  if (r.code !== 0) {
    throw new Error(`The bare Next.js build failed (exit ${r.code}); log: ${logFile}\n${fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n')}`);
  }
  return { out: path.join(dir, 'out'), ms: r.ms };
}

// ---------------------------------------------------------------------------------------------
// 2. TTFB and LCP

interface PaintRun {
  ttfb: number;
  responseStart: number;
  lcp: number | null;
  lcpElement: string | null;
}

async function measurePaint(browser: Browser, url: string, runs: number): Promise<{ runs: PaintRun[]; ttfb: number | null; lcp: number | null; responseStart: number | null; lcpElement: string | null }> {
  const all: PaintRun[] = [];
  // One discarded warm-up load (first request to a fresh server, Chromium's own start-up work).
  for (let i = 0; i <= runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'load' });
      const r = await page.evaluate(
        () =>
          new Promise<PaintRun>((resolve) => {
            const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
            const entries: PerformanceEntry[] = [];
            const po = new PerformanceObserver((list) => entries.push(...list.getEntries()));
            po.observe({ type: 'largest-contentful-paint', buffered: true });
            // Buffered entries arrive in a later task: give it two frames, then take what is left.
            requestAnimationFrame(() =>
              requestAnimationFrame(() =>
                setTimeout(() => {
                  entries.push(...po.takeRecords());
                  po.disconnect();
                  const last = entries[entries.length - 1] as (PerformanceEntry & { element?: Element | null }) | undefined;
                  const el = last?.element;
                  resolve({
                    ttfb: nav.responseStart - nav.requestStart,
                    responseStart: nav.responseStart,
                    lcp: last ? last.startTime : null,
                    lcpElement: el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(/\s+/).join('.')}` : ''}` : null,
                  });
                }, 50),
              ),
            );
          }),
      );
      if (i > 0) all.push(r);
    } finally {
      await context.close();
    }
  }
  const lcps = all.map((r) => r.lcp).filter((v): v is number => v !== null);
  const elements = all.map((r) => r.lcpElement).filter(Boolean) as string[];
  return {
    runs: all,
    ttfb: median(all.map((r) => r.ttfb)),
    responseStart: median(all.map((r) => r.responseStart)),
    lcp: median(lcps),
    lcpElement: elements.sort((a, b) => elements.filter((x) => x === b).length - elements.filter((x) => x === a).length)[0] ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// 3. Suite timing

interface ReportTest {
  title: string;
  outcome: string;
  durationMs: number;
}

interface SuiteTiming {
  mode: SiteMode;
  wallMs: number;
  exitCode: number;
  gate: string;
  outcomes: Record<string, number>;
  clauses: { id: string; ms: number; tests: number }[];
  slowest: { clause: string; title: string; ms: number; outcome: string }[];
  load: string;
  logFile: string;
}

async function timeSuite(mode: SiteMode, workDir: string): Promise<SuiteTiming> {
  const out = path.join(workDir, `suite-${mode}`);
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  const logFile = path.join(workDir, `suite-${mode}.log`);
  // C7.3 compares two builds: serve the other mode's build as "the other build", as a run of both
  // modes does (started before the clock, so it is not in the time).
  const other = mode === 'static' ? await serveServer({ quiet: true }) : await serveStatic({ dir: buildPaths('static').output });
  const loadBefore = load();
  let r: { code: number; ms: number };
  try {
    r = await run(path.join(repoRoot(), 'node_modules', '.bin', 'playwright'), ['test', '--project', mode, '--reporter', 'dot,./conformance/report/reporter.ts'], {
      cwd: repoRoot(),
      env: {
        CONFORMANCE_NO_BUILD: '1',
        CONFORMANCE_OUT: out,
        NEXT_TELEMETRY_DISABLED: '1',
        [`CONFORMANCE_OTHER_BUILD_${mode.toUpperCase()}`]: other.url,
      },
      logFile,
    });
  } finally {
    await other.stop();
  }
  const gate = /Conformance gate (\w+)[^\n]*/.exec(fs.readFileSync(logFile, 'utf8'))?.[0] ?? 'no gate line in the log';
  const reportFile = path.join(out, 'conformance.json');
  if (!fs.existsSync(reportFile)) throw new Error(`The ${mode} suite run wrote no report (exit ${r.code}); log: ${logFile}`);
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as {
    clauses: { id: string; results: Record<string, { tests: ReportTest[] } | undefined> }[];
  };
  const outcomes: Record<string, number> = {};
  const clauses: SuiteTiming['clauses'] = [];
  const tests: SuiteTiming['slowest'] = [];
  for (const c of report.clauses) {
    const list = c.results[mode]?.tests ?? [];
    if (!list.length) continue;
    let sum = 0;
    for (const t of list) {
      outcomes[t.outcome] = (outcomes[t.outcome] ?? 0) + 1;
      sum += t.durationMs;
      tests.push({ clause: c.id, title: t.title, ms: t.durationMs, outcome: t.outcome });
    }
    clauses.push({ id: c.id, ms: sum, tests: list.length });
  }
  clauses.sort((a, b) => b.ms - a.ms);
  tests.sort((a, b) => b.ms - a.ms);
  return { mode, wallMs: r.ms, exitCode: r.code, gate, outcomes, clauses, slowest: tests.slice(0, 8), load: `${loadBefore} → ${load()}`, logFile };
}

// ---------------------------------------------------------------------------------------------
// 4. Build time

interface BuildTime {
  mode: SiteMode;
  ms: number | null;
  source: string;
}

function markerBuildTime(mode: SiteMode): BuildTime {
  try {
    const m = JSON.parse(fs.readFileSync(buildPaths(mode).marker, 'utf8')) as { ms?: unknown; builtAt?: unknown };
    if (typeof m.ms === 'number') return { mode, ms: m.ms, source: `build marker (built ${String(m.builtAt)})` };
  } catch {
    /* no marker */
  }
  return { mode, ms: null, source: 'not measured in this run' };
}

// ---------------------------------------------------------------------------------------------
// Main

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const args = process.argv.slice(2).join(' ');
  const command = process.env.npm_lifecycle_event === 'bench' ? `npm run bench${args ? ` -- ${args}` : ''}` : `npx tsx site/scripts/bench.ts${args ? ` ${args}` : ''}`;
  const date = new Date();
  const cpus = os.cpus();
  const machine = `${cpus.length} cores, ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.type()} ${os.release()} ${os.arch()}, Node ${process.version}`;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-'));
  const browserChoice = findChromium();
  if (browserChoice.source === 'missing') throw new Error(MISSING_BROWSER_MESSAGE);
  log(`work folder ${workDir}; load ${load()}`);

  // 4 first: a rebuild must come before anything measures the builds.
  const builds: BuildTime[] = [];
  for (const mode of ['static', 'server'] as const) {
    if (opts.build) {
      log(`building ${mode}…`);
      const loadBefore = load();
      const b = await withQuietBuildLock(() => buildSite(mode, { quiet: true }));
      builds.push({ mode, ms: b.ms, source: `timed in this run (buildSite; load before ${loadBefore})` });
    } else {
      if (!fs.existsSync(buildPaths(mode).marker)) throw new Error(`No ${mode} build: run npm run site:build:${mode} first (or pass --build).`);
      if (!isBuildFresh(mode)) log(`warning: the ${mode} build is older than a source file; measuring it anyway`);
      builds.push(markerBuildTime(mode));
    }
  }

  // 1. Weight.
  log('weighing the home page of the static export…');
  const siteWeight = weighPage(buildPaths('static').output);
  let bare: { weight: PageWeight; buildMs: number | null; load: string; out: string } | undefined;
  if (opts.bareOut) {
    log(`reusing the bare export in ${opts.bareOut}`);
    bare = { weight: weighPage(opts.bareOut), buildMs: null, load: load(), out: opts.bareOut };
  } else if (!opts.skipBare) {
    log('building a bare Next.js export for comparison…');
    const loadBefore = load();
    const b = await buildBare(workDir);
    bare = { weight: weighPage(b.out), buildMs: b.ms, load: loadBefore, out: b.out };
  }

  // 2. TTFB / LCP.
  const browser = await chromium.launch({ executablePath: browserChoice.executablePath, args: CHROMIUM_ARGS });
  const chromiumVersion = browser.version();
  const paint: { label: string; load: string; result: Awaited<ReturnType<typeof measurePaint>> }[] = [];
  try {
    const targets: { label: string; start: () => Promise<RunningServer> }[] = [
      { label: 'static (site/out, serve-handler)', start: () => serveStatic({ dir: buildPaths('static').output }) },
      { label: 'server (next start)', start: () => serveServer({ quiet: true }) },
    ];
    if (bare) {
      const out = bare.out;
      targets.push({ label: 'bare Next.js export (serve-handler)', start: () => serveStatic({ dir: out }) });
    }
    for (const t of targets) {
      log(`TTFB/LCP: ${t.label}, ${opts.runs} runs…`);
      const server = await t.start();
      try {
        const loadBefore = load();
        paint.push({ label: t.label, load: loadBefore, result: await measurePaint(browser, `${server.url}/`, opts.runs) });
      } finally {
        await server.stop();
      }
    }
  } finally {
    await browser.close();
  }

  // 3. Suite.
  const suites: SuiteTiming[] = [];
  if (!opts.skipSuite) {
    for (const mode of ['static', 'server'] as const) {
      log(`conformance suite, ${mode} mode…`);
      suites.push(await timeSuite(mode, workDir));
      log(`  ${secs(suites[suites.length - 1].wallMs)}`);
    }
  }

  // Write.
  const md = render({ opts, command, date, machine, chromiumVersion, siteWeight, bare, paint, suites, builds, loadEnd: load() });
  fs.writeFileSync(opts.out, md);
  log(`wrote ${path.relative(process.cwd(), opts.out)}`);
  // Keep the logs and the bare export (for --bare-out); drop the symlink and the bare build's cache.
  fs.rmSync(path.join(workDir, 'bare', 'node_modules'), { force: true });
  fs.rmSync(path.join(workDir, 'bare', '.next'), { recursive: true, force: true });
}

interface ScriptRow {
  site: Script;
  bare?: Script;
  how?: 'same file' | 'same name' | 'counterpart';
}

/** Pairs each site script with its bare-export counterpart: identical bytes, same name, else nearest size within 3 %. */
function compareScripts(site: Script[], bare: Script[]): ScriptRow[] {
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
function describeChunk(x: Script): string {
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

interface RenderInput {
  opts: Options;
  command: string;
  date: Date;
  machine: string;
  chromiumVersion: string;
  siteWeight: PageWeight;
  bare?: { weight: PageWeight; buildMs: number | null; load: string };
  paint: { label: string; load: string; result: Awaited<ReturnType<typeof measurePaint>> }[];
  suites: SuiteTiming[];
  builds: BuildTime[];
  loadEnd: string;
}

function render(r: RenderInput): string {
  const L: string[] = [];
  const stamp = `${r.date.toISOString()} · ${r.machine} · Chromium ${r.chromiumVersion} · Next.js ${nextVersion()}`;
  L.push('# Benchmarks', '');
  L.push(`Written by \`site/scripts/bench.ts\`; regenerate with \`npm run bench\` (flags: \`--skip-suite\`, \`--skip-bare\`, \`--bare-out <folder>\`, \`--runs N\`, \`--build\`, \`--out <file>\`).`, '');
  L.push(`- **Date:** ${r.date.toISOString()}`);
  L.push(`- **Machine:** ${r.machine}`);
  L.push(`- **Browser:** Chromium ${r.chromiumVersion} (headless)`);
  L.push(`- **Command:** \`${r.command}\``);
  L.push(`- **Load average** (1 / 5 / 15 min) at the end: ${r.loadEnd}. The machine is shared; each section gives the load when it started. A load well above the core count means the times below are inflated.`);
  L.push('');

  // 1.
  const s = r.siteWeight;
  L.push('## Home page weight (static export)', '');
  L.push('First-load JS = every `<script src>` of the home page HTML (`nomodule` polyfills left out), read from the export folder; gzip at level 9. HTML = `index.html` as exported.', '');
  if (r.bare) {
    const b = r.bare.weight;
    const ratio = s.js.raw / b.js.raw;
    L.push('| | site (site/out) | bare Next.js export | ratio |');
    L.push('|---|---:|---:|---:|');
    L.push(`| first-load JS, raw | ${kb(s.js.raw)} (${s.js.raw} B) | ${kb(b.js.raw)} (${b.js.raw} B) | **${ratio.toFixed(3)}** |`);
    L.push(`| first-load JS, gzip | ${kb(s.js.gzip)} | ${kb(b.js.gzip)} | ${(s.js.gzip / b.js.gzip).toFixed(3)} |`);
    L.push(`| scripts | ${s.scripts.length} | ${b.scripts.length} | |`);
    L.push(`| HTML, raw | ${kb(s.html.raw)} | ${kb(b.html.raw)} | ${(s.html.raw / b.html.raw).toFixed(2)} |`);
    L.push(`| HTML, gzip | ${kb(s.html.gzip)} | ${kb(b.html.gzip)} | ${(s.html.gzip / b.html.gzip).toFixed(2)} |`);
    L.push('');
    L.push(`The bare app is generated by the benchmark (app/layout.tsx + app/page.tsx with a heading and a paragraph, \`output: 'export'\`, the repository's node_modules) and built with the same Next.js (${r.bare.buildMs === null ? `reused from an earlier run: ${r.opts.bareOut}` : `${secs(r.bare.buildMs)}, load ${r.bare.load}`}).`, '');
    const goal = 1.05;
    if (ratio <= goal) {
      L.push(`**Goal (first-load JS ≤ ${goal} × bare, raw): met** (${ratio.toFixed(3)}).`, '');
    } else {
      const extra = s.js.raw - b.js.raw;
      L.push(`**Goal (first-load JS ≤ ${goal} × bare, raw): not met** — ${ratio.toFixed(3)} ×, ${kb(extra)} raw (${kb(s.js.gzip - b.js.gzip)} gzip) more than the bare export, ${kb(s.js.raw - goal * b.js.raw)} over the goal.`, '');
    }
    const rows = compareScripts(s.scripts, b.scripts);
    L.push("The site's scripts, largest first. \"In the bare export\": a byte-identical file, the file of the same name, or (for framework chunks, whose names differ between builds) the bare file of nearly the same size; \"what it is\" is read from the chunk's name and content.", '');
    L.push('| script | raw | gzip | in the bare export | difference (raw) | what it is |');
    L.push('|---|---:|---:|---|---:|---|');
    for (const row of rows) {
      const x = row.site;
      const where = row.bare ? `${row.how}: \`${row.bare.name}\` (${kb(row.bare.raw)})` : '**site only**';
      const diff = x.raw - (row.bare?.raw ?? 0);
      L.push(`| \`${x.name}\` | ${kb(x.raw)} | ${kb(x.gzip)} | ${where} | ${diff >= 0 ? '+' : '−'}${kb(Math.abs(diff))} | ${describeChunk(x)} |`);
    }
    const matched = new Set(rows.map((row) => row.bare).filter(Boolean));
    const bareOnly = b.scripts.filter((x) => !matched.has(x));
    if (bareOnly.length) L.push('', `In the bare export only: ${bareOnly.map((x) => `\`${x.name}\` (${kb(x.raw)}, ${describeChunk(x)})`).join(', ')}.`);
    const siteOnly = rows.filter((row) => !row.bare);
    if (siteOnly.length) {
      const sum = siteOnly.reduce((t, row) => t + row.site.raw, 0);
      L.push('', `Of the ${kb(s.js.raw - b.js.raw)} difference, ${kb(sum)} is in scripts the bare export does not have: ${siteOnly.map((row) => `${describeChunk(row.site)} (${kb(row.site.raw)})`).join('; ')}; the rest is size differences of the shared framework files.`);
    }
    L.push('');
  } else {
    L.push(`| | site (site/out) |`, '|---|---:|');
    L.push(`| first-load JS, raw | ${kb(s.js.raw)} (${s.js.raw} B) |`, `| first-load JS, gzip | ${kb(s.js.gzip)} |`, `| HTML, raw | ${kb(s.html.raw)} |`, `| HTML, gzip | ${kb(s.html.gzip)} |`);
    L.push('', 'Bare Next.js comparison: not measured in this run (--skip-bare).', '');
  }
  if (s.skippedNomodule.length) L.push(`Left out (nomodule): ${s.skippedNomodule.map((x) => `\`${x.split('?')[0]}\``).join(', ')}.`, '');

  // 2.
  L.push('## Home page TTFB and LCP (loopback, Chromium)', '');
  L.push(`Median of ${r.opts.runs} load${r.opts.runs === 1 ? '' : 's'} per target (after one discarded warm-up load), each in a fresh browser context (empty cache), viewport 1280×800, no throttling. **TTFB** = navigation timing \`responseStart − requestStart\` (the server's answer time, connection set-up excluded); "response start" = \`responseStart\` from navigation start. **LCP** = the last \`largest-contentful-paint\` entry (PerformanceObserver, buffered) after the load event.`, '');
  L.push('| target | TTFB | response start | LCP | LCP element | load at start |');
  L.push('|---|---:|---:|---:|---|---|');
  for (const p of r.paint) {
    L.push(`| ${p.label} | ${ms(p.result.ttfb)} | ${ms(p.result.responseStart)} | ${ms(p.result.lcp)} | ${p.result.lcpElement ? `\`${p.result.lcpElement}\`` : 'n/a'} | ${p.load} |`);
  }
  L.push('', '<details><summary>Every run</summary>', '');
  for (const p of r.paint) {
    L.push(`- ${p.label}: TTFB ${p.result.runs.map((x) => x.ttfb.toFixed(1)).join(', ')} ms; LCP ${p.result.runs.map((x) => (x.lcp === null ? 'n/a' : x.lcp.toFixed(0))).join(', ')} ms`);
  }
  L.push('', '</details>', '');

  // 3.
  L.push('## Conformance suite wall time', '');
  if (!r.suites.length) {
    L.push('Not measured in this run (--skip-suite).', '');
  } else {
    L.push('`playwright test --project <mode>` with `CONFORMANCE_NO_BUILD=1` (existing builds, no build in the time), the other mode’s build served as C7.3’s “other build”, and the configured workers (2); the wall time includes global setup (serving the site, probing it, reading the browser version). Goal stated by the project: the whole suite per mode under 60 s on 2 cores after the build.', '');
    L.push('| mode | wall time | goal < 60 s | tests (outcomes) | gate (exit code) | load before → after |');
    L.push('|---|---:|---|---|---|---|');
    for (const t of r.suites) {
      const outcomes = Object.entries(t.outcomes).map(([k, v]) => `${v} ${k}`).join(', ');
      L.push(`| ${t.mode} | ${secs(t.wallMs)} | ${t.wallMs < 60_000 ? 'met' : `**not met** (+${secs(t.wallMs - 60_000)})`} | ${outcomes} | ${t.gate} (${t.exitCode}) | ${t.load} |`);
    }
    L.push('');
    L.push('Per clause: sum of the test durations (`durationMs` in conformance.json, retries included), slowest first. Tests run two at a time, so the sums exceed the wall time.', '');
    const ids = [...new Set(r.suites.flatMap((t) => t.clauses.map((c) => c.id)))];
    const byMode = (t: SuiteTiming, id: string) => t.clauses.find((c) => c.id === id);
    const total = (id: string) => r.suites.reduce((sum, t) => sum + (byMode(t, id)?.ms ?? 0), 0);
    ids.sort((a, b) => total(b) - total(a));
    L.push(`| clause | ${r.suites.map((t) => `${t.mode} (tests)`).join(' | ')} |`);
    L.push(`|---|${r.suites.map(() => '---:').join('|')}|`);
    for (const id of ids) {
      L.push(`| ${id} | ${r.suites.map((t) => { const c = byMode(t, id); return c ? `${secs(c.ms)} (${c.tests})` : '—'; }).join(' | ')} |`);
    }
    L.push('');
    for (const t of r.suites) {
      L.push(`Slowest tests, ${t.mode}:`, '');
      for (const x of t.slowest) L.push(`- ${secs(x.ms)} — ${x.clause} · ${x.title} (${x.outcome})`);
      L.push('');
    }
  }

  // 4.
  L.push('## Build time', '');
  L.push('| mode | build time | source |', '|---|---:|---|');
  for (const b of r.builds) L.push(`| ${b.mode} | ${b.ms === null ? 'not measured in this run' : secs(b.ms)} | ${b.source} |`);
  if (r.bare) L.push(`| bare Next.js export | ${r.bare.buildMs === null ? 'not measured in this run' : secs(r.bare.buildMs)} | ${r.bare.buildMs === null ? 'reused export' : 'timed in this run'} |`);
  L.push('', `_${stamp}_`, '');
  return L.join('\n');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
