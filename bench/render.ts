import os from 'node:os';
import type { Options } from './options';
import type { BuildTime } from './builds';
import type { measurePaint } from './paint';
import type { SuiteRun } from './suite';
import type { Floor } from './floor';
import { renderCpuByTest, type CpuByTest } from './cpu-by-test';
import type { ForeignRun } from './foreign';
import { renderRatios } from './render-ratios';
import { compareScripts, describeChunk, type PageWeight } from './weight';
import { kb, ms, nextVersion, secs } from './util';
import { QUIET_LOAD } from './quiet';
import { describeSpeed, speedFigures, type Speed } from './speed';

// docs/benchmarks.md from the measurements.

export interface Baseline { commit: string; measuredAt: string; wallMs: number; clauses: Record<string, { ms: number; tests: number }> }

export interface RenderInput {
  opts: Options;
  command: string;
  date: Date;
  machine: string;
  /** The machine's speed on fixed reference work (speed.ts). */
  speed: Speed;
  chromiumVersion: string;
  siteWeight: PageWeight;
  bare?: { weight: PageWeight; buildMs: number | null; load: string };
  paint: { label: string; load: string; result: Awaited<ReturnType<typeof measurePaint>> }[];
  suites: SuiteRun[];
  floor?: Floor;
  /** The suite one test at a time, its CPU by test (cpu-by-test.ts). */
  cpu?: CpuByTest;
  foreign?: ForeignRun;
  /** The foreign site's own floor (floor.ts). */
  foreignFloor?: Floor;
  /** The first baseline of the suite, kept as measured (its file's name is its history: CHANGELOG.md). */
  before: Baseline;
  /** The second baseline, as measured then: 2 workers, the full Chromium. */
  before24: Baseline & { cpuS: number; workers: number; browser: string };
  /** Workers of the suite runs measured here (the suite's default). */
  workers: number;
  /** The browser program the suite ran. */
  browserPath?: string;
  builds: BuildTime[];
  /** The section on generated sites of many pages (many-pages.ts), rendered. */
  many: string[];
  /** The team's zero-config run on the 14.2 template (team.ts), rendered. */
  team: string[];
  loadEnd: string;
  /** The 1-minute load average when the bench started (after waiting for a quiet machine). */
  loadStart: number;
}

export function render(r: RenderInput): string {
  const L: string[] = [];
  const stamp = `${r.date.toISOString()} · ${r.machine} · Chromium ${r.chromiumVersion} · Next.js ${nextVersion()}`;
  L.push('# Benchmarks', '');
  L.push(`Written by \`bench/main.ts\`; regenerate with \`npm run bench\` (flags: \`--skip-suite\`, \`--skip-fresh\`, \`--skip-bare\`, \`--skip-foreign\`, \`--skip-many\`, \`--bare-out <folder>\`, \`--runs N\`, \`--build\`, \`--out <file>\`).`, '');
  L.push(`- **Date:** ${r.date.toISOString()}`);
  L.push(`- **Machine:** ${r.machine}`);
  L.push(`- **Machine speed:** ${describeSpeed(r.speed)}.`);
  L.push(`- **Browser:** Chromium ${r.chromiumVersion} (headless)`);
  L.push(`- **Command:** \`${r.command}\``);
  L.push(`- **Load average** (1 / 5 / 15 min) at the start: ${r.loadStart.toFixed(2)} (1 min), at the end: ${r.loadEnd}. The bench starts only below ${QUIET_LOAD.toFixed(1)} (it waits for that, else refuses); each section gives the load when it started, which includes the bench's own earlier steps (a build raises the 1-minute average for a minute or two).`);
  L.push('');
  if (r.loadStart > QUIET_LOAD) L.push(`> **VOID — every time below was taken on a busy machine** (1-minute load ${r.loadStart.toFixed(2)} > ${QUIET_LOAD.toFixed(1)} at the start, written with --allow-load). They describe the load, not the project; do not compare them with targets.`, '');
  L.push(...renderRatios({ suites: r.suites, floor: r.floor, foreign: r.foreign, foreignFloor: r.foreignFloor, speed: speedFigures(r.speed) }));

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
  L.push('## Conformance suite: wall time and where it goes', '');
  if (!r.suites.length) {
    L.push('Not measured in this run (--skip-suite).', '');
  } else {
    L.push(`\`npm run conformance\` as a user runs it: both modes in one run, the default workers (${r.workers}), the report written. "After builds": both builds fresh (content hash), so none is rebuilt. "Fresh": the build folders moved away first, as in a fresh clone after \`npm install\` (both modes are then built side by side). The targets are the ratios above; the load average is beside each run. Browser: \`${r.browserPath ?? 'Playwright\'s own'}\`.`, '');
    L.push('| run | wall time | CPU used (all processes) | CPU ÷ cores | builds | tests | gate (exit code) | load before → after |');
    L.push('|---|---:|---:|---:|---|---:|---|---|');
    const cores = os.cpus().length;
    for (const t of r.suites) {
      const cpu = t.cpuS === undefined ? 'n/a' : `${t.cpuS.toFixed(0)} CPU-s`;
      const perCore = t.cpuS === undefined ? 'n/a' : `${(t.cpuS / cores).toFixed(1)} s`;
      const span = t.buildsSpanMs === undefined ? '' : ` (side by side ${secs(t.buildsSpanMs)})`;
      L.push(`| ${t.kind} | ${secs(t.wallMs)} | ${cpu} | ${perCore} | ${t.builds.join(', ') || 'none rebuilt'}${span} | ${t.tests} | ${t.gate} (${t.exitCode}) | ${t.load} |`);
    }
    L.push('');
    L.push(`"CPU used" is the machine's busy time during the run (/proc/stat), whoever spent it: Chromium's processes, the servers, the runner and its workers. Divided by the ${cores} cores it is the least wall time the same work can take here; a run whose wall time is close to it kept every core busy, and only less work (not less waiting) makes it faster.`, '');
    const last = r.suites.find((t) => t.kind === 'after builds') ?? r.suites[0];
    if (r.floor) L.push(`Against the floor (${secs(r.floor.wallMs)}, above), the rest of the suite's ${secs(last.wallMs)} is what the tests observe: the every-page walk's sitting for prefetches, prefetches given time to start, fake-clock runs, answers held on purpose (K9.1, K9.5), negative waits ("no request within …"), each test's own page reset and the evidence.`, '');
    L.push(`Where the time goes, per clause (run "${last.kind}"), from each test's \`timing\` in conformance.json (conformance/observers/timing.ts): set-up of the context and page, page loads with settling, bounded waits, fake-clock runs, and the rest (actions, judging, evidence, screenshots). Sums over both modes and all tests; tests run ${r.workers} at a time, and the every-page checks share one walk per mode (its time shows in each test that waited for it), so the sums exceed the wall time. "${r.before.commit}" is the same clause at commit ${r.before.commit} (${r.before.measuredAt}, wall ${secs(r.before.wallMs)}, before issue 15), "${r.before24.commit}" at commit ${r.before24.commit} (${r.before24.measuredAt}, wall ${secs(r.before24.wallMs)}, before issue 24's last part), summed the same way.`, '');
    L.push(`| clause | tests | ${r.before.commit} | ${r.before24.commit} | now | set-up | loads (n) | waits | clock | rest |`);
    L.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    const sum = { ms: 0, before: 0, before24: 0, setupMs: 0, loadMs: 0, waitMs: 0, clockMs: 0, otherMs: 0, loads: 0, tests: 0 };
    for (const c of last.clauses) {
      const before = r.before.clauses[c.id]?.ms ?? 0;
      const before24 = r.before24.clauses[c.id]?.ms ?? 0;
      L.push(`| ${c.id} | ${c.tests} | ${before ? secs(before) : '—'} | ${before24 ? secs(before24) : '—'} | ${secs(c.ms)} | ${secs(c.setupMs)} | ${secs(c.loadMs)} (${c.loads}) | ${secs(c.waitMs)} | ${secs(c.clockMs)} | ${secs(c.otherMs)} |`);
      sum.ms += c.ms; sum.before += before; sum.before24 += before24; sum.setupMs += c.setupMs; sum.loadMs += c.loadMs; sum.waitMs += c.waitMs; sum.clockMs += c.clockMs; sum.otherMs += c.otherMs; sum.loads += c.loads; sum.tests += c.tests;
    }
    L.push(`| **all** | ${sum.tests} | ${secs(sum.before)} | ${secs(sum.before24)} | ${secs(sum.ms)} | ${secs(sum.setupMs)} | ${secs(sum.loadMs)} (${sum.loads}) | ${secs(sum.waitMs)} | ${secs(sum.clockMs)} | ${secs(sum.otherMs)} |`, '');
    L.push('Slowest tests:', '');
    for (const x of last.slowest) L.push(`- ${secs(x.ms)} — ${x.clause} (${x.mode}) · ${x.title}${x.timing ? ` — set-up ${secs(x.timing.setupMs)}, loads ${secs(x.timing.loadMs)}, waits ${secs(x.timing.waitMs)}, clock ${secs(x.timing.clockMs)}, rest ${secs(x.timing.otherMs)}` : ''}`);
    L.push('');
    L.push(...renderCpuByTest(r.cpu, r.floor?.cpuS));
  }

  L.push('## A site nobody here wrote, one mode', '');
  if (!r.foreign) {
    L.push('Not measured in this run (--skip-foreign).', '');
  } else {
    const f = r.foreign;
    L.push(`\`npm run matrix -- --only ${f.id}\`: the create-next-app 14.2 template (static export, its profile), served by our static server and judged in one mode, from the command to the report (the build from the matrix cache when its inputs are unchanged: ${f.buildLine ?? 'no build line'}). Its target is the ratio to its own floor, above.`, '');
    L.push('| run | wall time | the suite alone | CPU used | result | load before → after |', '|---|---:|---:|---:|---|---|');
    L.push(`| ${f.id} | ${secs(f.wallMs)} | ${f.judgeS === undefined ? 'n/a' : `${f.judgeS.toFixed(1)} s`} | ${f.cpuS === undefined ? 'n/a' : `${f.cpuS.toFixed(0)} CPU-s`} | ${f.asExpected} (exit ${f.exitCode}) | ${f.load} |`, '');
  }

  L.push(...r.team);
  L.push(...r.many);

  // 5.
  L.push('## Build time', '');
  L.push('| mode | build time | source |', '|---|---:|---|');
  for (const b of r.builds) L.push(`| ${b.mode} | ${b.ms === null ? 'not measured in this run' : secs(b.ms)} | ${b.source} |`);
  if (r.bare) L.push(`| bare Next.js export | ${r.bare.buildMs === null ? 'not measured in this run' : secs(r.bare.buildMs)} | ${r.bare.buildMs === null ? 'reused export' : 'timed in this run'} |`);
  L.push('', `_${stamp}_`, '');
  return L.join('\n');
}
