// A site with nothing to judge: fixtures/nothing-to-judge built with the repository's own
// Next.js in both modes (a fixture-site target, cached by content hash: targets/fixture-site.ts), served, and judged by the
// suite in both modes at once, twice — zero-config (no profile: discovery crawls it) and with an
// empty profile (no crawl). Every normative clause must come out untested or inapplicable, naming
// what is missing (nothing-to-judge-check.ts). Ends with "N passed, N failed" (one per run), which
// npm test counts (selftest/test-all.ts).
//
//   npx tsx selftest/nothing-to-judge.ts [--out <dir>] [--variant framework-not-found]
//
// --variant framework-not-found keeps the framework's not-found page reachable (404.html in the
// export; no host in front of `next start`) and prints what R2.2 and R2.3 give there (not asserted,
// not in npm test). Heavy (two builds when stale, two suite runs): run it under /tmp/heavy.lock here.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { onStopSignal, runCommand, seconds as secs, type RunningServer } from '../launcher';
import type { Report } from '../conformance/report/model';
import { MODES } from '../spec/clauses';
import { ROOT } from '../spec/root';
import { fixtureSite, nothingToJudge } from '../targets/fixture-site';
import { ensureBuilt } from '../targets/target';
import { checkNothingToJudge, tally } from './nothing-to-judge-check';

const { values } = parseArgs({ options: { out: { type: 'string' }, variant: { type: 'string' } } });
const variant = values.variant;
if (variant !== undefined && variant !== 'framework-not-found') {
  console.error(`--variant: only "framework-not-found" is known, got "${variant}"`);
  process.exit(2);
}
const out = resolve(values.out ?? join(ROOT, 'reports', variant ? `nothing-to-judge-${variant}` : 'nothing-to-judge'));
const servers: RunningServer[] = [];
const started = Date.now();

async function main(): Promise<number> {
  onStopSignal();
  mkdirSync(out, { recursive: true });
  const sites = MODES.map((m) => fixtureSite(nothingToJudge(m, { frameworkNotFound: !!variant })));
  const built = await ensureBuilt(sites, { what: 'npm test: the site with nothing to judge' });
  const urls: Record<string, string> = {};
  for (const site of sites) {
    const server = await site.serve();
    servers.push(server);
    urls[site.mode] = server.url;
    console.log(`${site.mode}: ${built.includes(site) ? 'built' : 'cached build is fresh'} in ${site.dir}, served at ${server.url}`);
  }
  const emptyProfile = join(out, 'empty-profile.json');
  writeFileSync(emptyProfile, `${JSON.stringify({ name: 'empty', description: 'names no scenario', scenarios: {} }, null, 2)}\n`);
  const runs = [
    { name: 'zero-config', targets: MODES.map((mode) => ({ url: urls[mode], mode })), discovery: undefined },
    { name: 'empty-profile', targets: MODES.map((mode) => ({ url: urls[mode], mode, profile: emptyProfile })), discovery: false },
  ].slice(0, variant ? 1 : 2);
  let passed = 0;
  let failed = 0;
  for (const r of runs) {
    const dir = join(out, r.name);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const config = join(dir, 'spec-conformance.config.json');
    // Two workers, not the default six of a two-mode run: every test ends untested at once, so each
    // further worker only adds its start and its browser (three runs each: 51–57 CPU-s for both
    // runs, against 62–67 with the default, and no longer).
    writeFileSync(config, `${JSON.stringify({ targets: r.targets, out: dir, workers: 2, ...(r.discovery === false ? { discovery: false } : {}) }, null, 2)}\n`);
    const log = join(out, `${r.name}.log`);
    const res = await runCommand(process.execPath, [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(ROOT, 'conformance', 'cli', 'conformance.ts'), '--config', config],
      { cwd: ROOT, env: { NEXT_TELEMETRY_DISABLED: '1' }, output: { file: log }, timeoutMs: 15 * 60_000 });
    let report: Report;
    try {
      report = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as Report;
    } catch {
      console.log(`FAIL ${r.name}: no report (suite exit ${res.code}, ${secs(res.ms)}); log ${log}`);
      failed++;
      continue;
    }
    const lines = checkNothingToJudge(report);
    console.log(`\n${r.name} (suite exit ${res.code}, ${secs(res.ms)}; report ${join(dir, 'conformance.html')}):`);
    for (const m of report.modes) console.log(`  ${tally(lines, m)}`);
    if (variant) {
      for (const l of lines.filter((x) => x.clause === 'R2.2' || x.clause === 'R2.3')) console.log(`  ${l.clause} ${l.mode}: ${l.verdict} — ${l.reason}`);
      continue;
    }
    for (const l of lines) console.log(`  ${l.ok ? 'ok  ' : 'FAIL'} ${l.clause} ${l.mode}: ${l.verdict} — ${l.reason}${l.why ? `  <- ${l.why}` : ''}`);
    if (lines.length && lines.every((l) => l.ok)) passed++;
    else failed++;
  }
  console.log(`\nnothing-to-judge: ${secs(Date.now() - started)}`);
  if (!variant) console.log(`${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

async function stopAll(): Promise<void> {
  await Promise.all(servers.splice(0).map((s) => s.stop().catch(() => undefined)));
}

main().then(async (code) => { await stopAll(); process.exit(code); }, async (e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  await stopAll();
  console.log('0 passed, 1 failed');
  process.exit(1);
});
