/**
 * Benchmark of the reference site → docs/benchmarks.md (a script, not a test).
 *
 *   npm run bench [-- --skip-suite] [--skip-fresh] [--skip-bare] [--skip-foreign] [--skip-many] [--bare-out <folder>] [--runs N] [--build] [--out <file>]
 *
 * 1. First-load JS of the home page (weight.ts) against a bare Next.js export of the same version
 *    (fixtures/bare-next, built by bare.ts).
 * 2. Time to first byte and largest contentful paint of the home page over loopback (paint.ts).
 * 3. Wall time of `npm run conformance` (both modes) after the builds and from fresh, where the
 *    time goes per clause, and the floor: the same page loads with no assertions (suite.ts, floor.ts).
 *    The targets are ratios to the floor (render-ratios.ts), printed first.
 * 4. A site nobody here wrote judged in one mode, and its own floor (foreign.ts).
 * 6. Generated sites of many pages: pages known against pages checked, sampled and --all-pages (many-pages.ts).
 * 5. Build time per mode: timed here with --build, else read from the build markers (builds.ts).
 *
 * Needs both builds (npm run site:build:static / site:build:server). Every figure is written with
 * the date, the machine, the load average and the command (render.ts).
 *
 * `npm run bench -- --load [...]`: the suite under load instead (bench/load.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, lookupChromium } from '../conformance/setup/browser';
import { defaultWorkers } from '../conformance/run/workers';
import { onStopSignal, type RunningServer } from '../launcher';
import { BARE, buildBare } from './bare';
import { timeForeign, type ForeignRun } from './foreign';
import { renderTeamRun, timeTeamRun, type TeamRun } from './team';
import { markerBuildTime, type BuildTime } from './builds';
import { parseOptions, USAGE } from './options';
import { awaitQuiet, QUIET_LOAD } from './quiet';
import { measurePaint } from './paint';
import { measureSpeed, speedFigures } from './speed';
import { render, type RenderInput } from './render';
import { ratioRows } from './render-ratios';
import { renderManyPages, timeManyPages, type ManyPagesRun } from './many-pages';
import { timeConformance, type SuiteRun } from './suite';
import { measureFloor, type Floor } from './floor';
import { cpuByTest, type CpuByTest } from './cpu-by-test';
import { runLoad } from './load';
import { load, log, secs, withQuietBuildLock } from './util';
import { weighPage, type PageWeight } from './weight';
import { MODES } from '../spec/clauses';
import { serveStatic } from '../targets/hosts/static-server';
import { buildPaths, isBuildFresh, referenceSite } from '../targets/reference';
import { REFERENCE_PROFILE_FILE } from '../targets/reference/run';
import { loadProfile, scenarioFor } from '../conformance/run/profile';

/** The generated sites: pages, and whether every page is checked. */
const MANY_PAGES: [number, boolean][] = [[10, false], [1_508, false], [1_508, true]];

/** The suite's workers in `npm run conformance` (both modes, the default pool). */
const SUITE_WORKERS = defaultWorkers(undefined, 2);

async function main(): Promise<void> {
  // Ctrl-C or SIGTERM: the builds, servers and suite runs it started stop with it.
  onStopSignal();
  if (process.argv.includes('--load')) {
    process.exitCode = await runLoad(process.argv.slice(2));
    return;
  }
  let opts;
  try {
    opts = parseOptions(process.argv.slice(2));
  } catch (e) {
    console.error((e as Error).message.split('\n')[0]);
    process.exit(2);
  }
  if (opts.help) {
    console.log(USAGE);
    return;
  }
  // Before anything is built or started: a busy machine gives figures of its load, not of the project.
  const quiet = await awaitQuiet(opts.waitQuiet);
  if (!quiet.quiet && !opts.allowLoad) {
    console.error(`The machine is busy (1-minute load ${quiet.load.toFixed(2)} > ${QUIET_LOAD.toFixed(1)} after waiting ${quiet.waitedS.toFixed(0)} s): figures taken now would describe the load, not the project; stop what else runs and run npm run bench again (or pass --allow-load to write them marked void).`);
    process.exit(2);
  }
  const args = process.argv.slice(2).join(' ');
  const command = process.env.npm_lifecycle_event === 'bench' ? `npm run bench${args ? ` -- ${args}` : ''}` : `npx tsx bench/main.ts${args ? ` ${args}` : ''}`;
  const date = new Date();
  const cpus = os.cpus();
  const machine = `${cpus.length} cores, ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.type()} ${os.release()} ${os.arch()}, Node ${process.version}`;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-'));
  // Its reports and generated sites (tens of MB) go at the end, however the bench ends; BENCH_KEEP=1 keeps them.
  if (!process.env.BENCH_KEEP) process.on('exit', () => fs.rmSync(workDir, { recursive: true, force: true }));
  const found = lookupChromium();
  if (!found.ok) throw new Error(found.message);
  log(`work folder ${workDir}; load ${load()}`);

  // 5 first: a rebuild must come before anything measures the builds.
  const builds: BuildTime[] = [];
  for (const mode of MODES) {
    if (opts.build) {
      log(`building ${mode}…`);
      const loadBefore = load();
      const b = await withQuietBuildLock(() => referenceSite(mode).build());
      builds.push({ mode, ms: b.ms, source: `timed in this run (a build of the reference target; load before ${loadBefore})` });
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
    const b = await buildBare();
    bare = { weight: weighPage(b.out), buildMs: b.ms, load: loadBefore, out: b.out };
  }

  // 2. TTFB / LCP.
  const browser = await chromium.launch({ executablePath: found.choice.executablePath, args: CHROMIUM_ARGS });
  const chromiumVersion = browser.version();
  log('machine speed: fixed reference work…');
  const speed = await measureSpeed(browser);
  log(`  ${speedFigures(speed)}`);
  const paint: { label: string; load: string; result: Awaited<ReturnType<typeof measurePaint>> }[] = [];
  try {
    const targets: { label: string; start: () => Promise<RunningServer> }[] = [
      { label: 'static (site/out, serve-handler)', start: () => referenceSite('static').serve() },
      { label: 'server (next start)', start: () => referenceSite('server').serve() },
    ];
    if (bare) {
      const out = bare.out;
      targets.push({ label: 'bare Next.js export (serve-handler)', start: () => (out === BARE.output ? BARE.serve() : serveStatic({ dir: out })) });
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

  // 3. Suite: after the builds, then fresh (which rebuilds both), then the floor.
  const launch = () => chromium.launch({ executablePath: found.choice.executablePath, args: CHROMIUM_ARGS });
  const suites: SuiteRun[] = [];
  let floor: Floor | undefined;
  let cpu: CpuByTest | undefined;
  if (!opts.skipSuite) {
    for (const kind of opts.skipFresh ? ['after builds' as const] : ['after builds' as const, 'fresh' as const]) {
      log(`npm run conformance, ${kind}…`);
      suites.push(await timeConformance(workDir, kind));
      log(`  ${secs(suites[suites.length - 1].wallMs)}`);
    }
    log('floor: the same page loads with no assertions…');
    const profile = loadProfile(REFERENCE_PROFILE_FILE);
    floor = await measureFloor(launch, MODES.map((mode) => ({ label: mode, serve: () => referenceSite(mode).serve({ output: 'ignore' }), paths: scenarioFor(profile, 'sitePages', mode)?.paths ?? ['/'], loads: suites[0].loads[mode] })), SUITE_WORKERS);
    log(`  ${secs(floor.wallMs)}, ${floor.cpuS?.toFixed(1) ?? 'n/a'} CPU-s`);
    log('npm run conformance, one test at a time: the CPU of each test…');
    cpu = await cpuByTest(workDir);
    log(`  ${cpu ? `${secs(cpu.wallMs)}, ${cpu.cpuS.toFixed(1)} CPU-s, ${cpu.testsCpuS.toFixed(1)} within tests` : 'not measured'}`);
  }
  let foreign: ForeignRun | undefined;
  let foreignFloor: Floor | undefined;
  let team: TeamRun | undefined;
  let teamFloor: Floor | undefined;
  if (!opts.skipForeign) {
    log('a site nobody here wrote: npm run matrix -- --only next-14.2-static…');
    foreign = await timeForeign(workDir);
    log(`  ${secs(foreign.wallMs)}`);
    const f = foreign.floorInput;
    if (f) {
      log('its floor: the same page loads with no assertions…');
      // One mode alone: the suite's default workers for one mode (the matrix's run of one column).
      foreignFloor = await measureFloor(launch, [{ label: foreign.id, serve: () => serveStatic({ dir: f.exportDir }), paths: f.paths, loads: f.loads }], defaultWorkers(undefined, 1));
      log(`  ${secs(foreignFloor.wallMs)}, ${foreignFloor.cpuS?.toFixed(1) ?? 'n/a'} CPU-s`);
      log('a team\'s first run on it, zero-config (discovery, then the suite)…');
      team = await timeTeamRun(workDir, f.exportDir, defaultWorkers(undefined, 1));
      log(`  ${secs(team.wallMs)}; ${team.judged ?? 'no headline'}`);
      log('its floor: the crawl\'s and the tests\' page loads with no assertions…');
      teamFloor = await measureFloor(launch, [{ label: 'team', serve: () => serveStatic({ dir: f.exportDir }), paths: team.paths, loads: team.loads }], defaultWorkers(undefined, 1));
      log(`  ${secs(teamFloor.wallMs)} + timed windows ${secs(team.windowsMs)}: the run is ${(team.wallMs / (teamFloor.wallMs + team.windowsMs)).toFixed(2)}× that sum (target ≤ 1.5×)`);
    }
  }
  // 6. A site of many pages: sampled, then every page (--all-pages).
  const many: ManyPagesRun[] = [];
  if (!opts.skipMany) {
    for (const [pages, all] of MANY_PAGES) {
      log(`a generated site of ${pages} pages${all ? ', --all-pages' : ''}…`);
      many.push(await timeManyPages(workDir, pages, all));
      log(`  ${secs(many[many.length - 1].wallMs)}: ${many[many.length - 1].checked ?? '?'} of ${many[many.length - 1].known ?? '?'} pages checked`);
    }
  }
  const before = JSON.parse(fs.readFileSync(path.join(__dirname, 'before-issue-15.json'), 'utf8')) as RenderInput['before'];
  const before24 = JSON.parse(fs.readFileSync(path.join(__dirname, 'before-issue-24.json'), 'utf8')) as RenderInput['before24'];

  // Write.
  const md = render({ many: renderManyPages(opts.skipMany ? [] : many), team: renderTeamRun(team, teamFloor?.wallMs), opts, command, date, machine, speed, chromiumVersion, siteWeight, bare, paint, suites, floor, cpu, foreign, foreignFloor, before, before24, workers: SUITE_WORKERS, browserPath: found.choice.executablePath, builds, loadEnd: load(), loadStart: quiet.load });
  // The Matrix, Discovery and Under load sections are written by `npm run matrix`, by hand and by `--load`: kept as they are.
  const kept = fs.existsSync(opts.out) ? keptSections(fs.readFileSync(opts.out, 'utf8'), ['Under load', 'Matrix', 'Discovery']) : '';
  fs.writeFileSync(opts.out, kept ? `${md.trimEnd()}\n\n${kept}` : md);
  log(`wrote ${path.relative(process.cwd(), opts.out)}`);
  // Each ratio beside its figures and the machine's speed, in the terminal too.
  log(`machine speed: ${speedFigures(speed)}`);
  for (const row of ratioRows({ suites, floor, foreign, foreignFloor, speed: speedFigures(speed) })) log(row.replace(/\*\*/g, '').replace(/^\| | \|$/g, '').split(' | ').join(' · '));
}

/** The `## <name>` sections of a Markdown text, each up to the next `## ` heading, in their order. */
function keptSections(text: string, names: string[]): string {
  const parts = text.split(/^(?=## )/m);
  return parts.filter((p) => names.some((n) => p.startsWith(`## ${n}`))).map((p) => p.trimEnd()).join('\n\n') + '\n';
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
