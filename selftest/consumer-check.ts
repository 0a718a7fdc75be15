// The consumer check of `npm test` (issue 22): the package as another team gets it. `npm pack`,
// a fresh temporary project with its own @playwright/test (another version), the tarball
// installed there, that version checked untouched, then the README's commands
// (consumer-steps.ts) run one by one with `sh -c` against two matrix sites — the create-next-app
// template of Next 14.2 and of Next 16 as static exports, built by the matrix's builder (from the
// cache when fresh; MATRIX_CACHE honoured) and served by its hosts on 127.0.0.1. A second project
// with `^1.59.1` checks that a range is not moved either. Prints one line per check and ends with
// "N passed, N failed"; exit 1 when a check failed. CONSUMER_KEEP=1 keeps the temporary folder.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onStopSignal, runCommand, seconds, since, type CommandResult, type RunningServer } from '../launcher';
import { implementationTarget } from '../matrix/target';
import { loadVersions, planMatrix, selectRuns } from '../matrix/versions';
import { ROOT } from '../spec/root';
import { ensureBuilt } from '../targets/target';
import { CONSUMER_PLAYWRIGHT, CONSUMER_STEPS, JSON_CONFIG_FILE, jsonConfig, PROFILE_FILE, profileText, TARBALL, TS_CONFIG, TS_CONFIG_FILE } from './consumer-steps';

const SITES = { 'next-14.2': 'next-14.2-static', 'next-16': 'next-16-static' } as const;
const work = mkdtempSync(join(tmpdir(), 'consumer-check-'));
const servers: RunningServer[] = [];
const checks: { name: string; ok: boolean }[] = [];
const started = Date.now();
const elapsed = () => since(started);

function check(name: string, ok: boolean, detail = ''): boolean {
  checks.push({ name, ok });
  console.log(`${ok ? '✓' : '✗'} ${name}${detail ? ` — ${detail}` : ''}`);
  return ok;
}

/** The Playwright the project has: package.json's range, the lockfile's version, the installed one. */
function projectPlaywright(dir: string): { range?: string; locked?: string; installed?: string } {
  const read = <T>(file: string): T | undefined => {
    try {
      return JSON.parse(readFileSync(join(dir, file), 'utf8')) as T;
    } catch {
      return undefined;
    }
  };
  return {
    range: read<{ devDependencies?: Record<string, string> }>('package.json')?.devDependencies?.['@playwright/test'],
    locked: read<{ packages?: Record<string, { version?: string }> }>('package-lock.json')?.packages?.['node_modules/@playwright/test']?.version,
    installed: read<{ version: string }>('node_modules/@playwright/test/package.json')?.version,
  };
}

function untouched(dir: string, range: string, when: string): boolean {
  const p = projectPlaywright(dir);
  return check(`the project's @playwright/test ${when}: still ${CONSUMER_PLAYWRIGHT}`, p.range === range && p.locked === CONSUMER_PLAYWRIGHT && p.installed === CONSUMER_PLAYWRIGHT, `package.json ${p.range}, lockfile ${p.locked}, installed ${p.installed}`);
}

function tail(r: CommandResult, lines = 25): string {
  return r.output.trimEnd().split('\n').slice(-lines).map((l) => `    | ${l}`).join('\n');
}

async function sites(): Promise<Record<keyof typeof SITES, string>> {
  const runs = selectRuns(planMatrix(loadVersions()).runs, Object.values(SITES));
  const urls: Partial<Record<keyof typeof SITES, string>> = {};
  for (const r of runs) {
    const t = Date.now();
    const target = implementationTarget(r);
    // The matrix's own cache: never two builds of one implementation at once (npm test runs the matrix column before this).
    const built = await ensureBuilt([target], { lock: false, log: () => undefined });
    const how = built.length ? 'built' : 'fresh build from the cache';
    const s = await target.serve();
    servers.push(s);
    const name = (Object.keys(SITES) as (keyof typeof SITES)[]).find((k) => SITES[k] === r.id)!;
    urls[name] = s.url;
    console.log(`  ${r.id}: ${how}, served at ${s.url} (${since(t)})`);
  }
  return urls as Record<keyof typeof SITES, string>;
}

async function main(): Promise<number> {
  onStopSignal();
  console.log(`Consumer check in ${work}`);
  const urls = await sites();
  const project = join(work, 'project');
  mkdirSync(project);
  const pack = await runCommand('npm', ['pack', '--silent', '--pack-destination', project], { cwd: ROOT, output: 'capture' });
  const tarball = join(project, TARBALL);
  if (!check(`npm pack → ${TARBALL}`, pack.code === 0 && existsSync(tarball), `exit ${pack.code}, ${existsSync(tarball) ? `${(readFileSync(tarball).length / 1e6).toFixed(1)} MB` : 'no tarball'} (${seconds(pack.ms)})`)) {
    console.log(tail(pack));
    return 1;
  }
  writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'consumer-project', version: '1.0.0', private: true }, null, 2)}\n`);
  const env: NodeJS.ProcessEnv = {
    // The suite's copy (Playwright compiles TypeScript only outside node_modules) goes here, not to ~/.cache.
    SPEC_CONFORMANCE_CACHE: join(work, 'cache'),
    GITHUB_STEP_SUMMARY: join(work, 'step-summary.md'),
    CI: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
  const files: Record<string, string> = { [PROFILE_FILE]: profileText(), [TS_CONFIG_FILE]: TS_CONFIG, [JSON_CONFIG_FILE]: jsonConfig(urls['next-16']) };
  let site: string | undefined;
  for (const step of CONSUMER_STEPS) {
    for (const f of step.writes ?? []) writeFileSync(join(project, f), files[f]);
    if (step.site) site = urls[step.site];
    const before = existsSync(env.GITHUB_STEP_SUMMARY!) ? readFileSync(env.GITHUB_STEP_SUMMARY!, 'utf8').length : 0;
    const r = await runCommand('sh', ['-c', step.line], { cwd: project, env: { ...env, ...(site ? { SITE_URL: site } : {}) }, output: 'capture', timeoutMs: 6 * 60_000 });
    const problems = [
      ...(r.code !== step.expect.code ? [`exit ${r.code}, expected ${step.expect.code}${r.timedOut ? ' (timed out)' : ''}`] : []),
      ...(step.expect.output ?? []).filter((re) => !re.test(r.output)).map((re) => `output lacks ${re}`),
      ...(step.expect.notOutput ?? []).filter((re) => re.test(r.output)).map((re) => `output has ${re}`),
    ];
    if (step.summary) {
      const after = existsSync(env.GITHUB_STEP_SUMMARY!) ? readFileSync(env.GITHUB_STEP_SUMMARY!, 'utf8') : '';
      if (after.length <= before || !/# Conformance/i.test(after.slice(before))) problems.push('the job summary did not get the report');
    }
    if (!check(`${step.title}: ${step.line}`, problems.length === 0, `${problems.join('; ') || `exit ${r.code}`} (${seconds(r.ms)})`)) console.log(tail(r));
    if (step.line.startsWith('npm install --save-dev ./') || step.line === 'npm ci') untouched(project, CONSUMER_PLAYWRIGHT, `after ${step.line}`);
  }
  untouched(project, CONSUMER_PLAYWRIGHT, 'after every run');

  // A range (^1.59.1) with 1.59.1 locked: installing the package must not move it to a newer 1.x either.
  const ranged = join(work, 'ranged');
  mkdirSync(ranged);
  writeFileSync(join(ranged, 'package.json'), `${JSON.stringify({ name: 'consumer-ranged', version: '1.0.0', private: true }, null, 2)}\n`);
  copyFileSync(tarball, join(ranged, TARBALL));
  for (const line of [`npm install --save-dev @playwright/test@${CONSUMER_PLAYWRIGHT}`, `npm install --save-dev ./${TARBALL}`]) {
    const r = await runCommand('sh', ['-c', line], { cwd: ranged, env, output: 'capture', timeoutMs: 3 * 60_000 });
    if (!check(`range project: ${line}`, r.code === 0, `exit ${r.code} (${seconds(r.ms)})`)) console.log(tail(r));
  }
  untouched(ranged, `^${CONSUMER_PLAYWRIGHT}`, 'with a range, after installing the package');
  return 0;
}

async function finish(code: number): Promise<never> {
  await Promise.all(servers.map((s) => s.stop().catch(() => undefined)));
  if (process.env.CONSUMER_KEEP) console.log(`Kept: ${work}`);
  else rmSync(work, { recursive: true, force: true });
  const failed = checks.filter((c) => !c.ok).length + (code && !checks.some((c) => !c.ok) ? 1 : 0);
  console.log(`Consumer check: ${elapsed()}`);
  console.log(`${checks.length - checks.filter((c) => !c.ok).length} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().then(finish, (e: unknown) => {
  console.error(e instanceof Error ? e.message.split('\n')[0] : e);
  checks.push({ name: 'consumer check', ok: false });
  return finish(1);
});
