import type { Options } from './options';
import type { BuildTime } from './builds';
import type { measurePaint } from './paint';
import type { SuiteTiming } from './suite';
import { compareScripts, describeChunk, type PageWeight } from './weight';
import { kb, ms, nextVersion, secs } from './util';

// docs/benchmarks.md from the measurements.

export interface RenderInput {
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

export function render(r: RenderInput): string {
  const L: string[] = [];
  const stamp = `${r.date.toISOString()} · ${r.machine} · Chromium ${r.chromiumVersion} · Next.js ${nextVersion()}`;
  L.push('# Benchmarks', '');
  L.push(`Written by \`bench/main.ts\`; regenerate with \`npm run bench\` (flags: \`--skip-suite\`, \`--skip-bare\`, \`--bare-out <folder>\`, \`--runs N\`, \`--build\`, \`--out <file>\`).`, '');
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
    L.push(`The bare app is \`fixtures/bare-next\` (app/layout.tsx + app/page.tsx with a heading and a paragraph, \`output: 'export'\`), built in a temporary copy with the repository's node_modules and built with the same Next.js (${r.bare.buildMs === null ? `reused from an earlier run: ${r.opts.bareOut}` : `${secs(r.bare.buildMs)}, load ${r.bare.load}`}).`, '');
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
    L.push('`playwright test --project <mode>` with a run that may not build (`options.noBuild`: existing builds, no build in the time), the other mode’s build served as C7.3’s “other build”, and the configured workers (2); the wall time includes global setup (serving the site, probing it) and the run-facts set-up test (reading the browser and framework versions). Goal stated by the project: the whole suite per mode under 60 s on 2 cores after the build.', '');
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
