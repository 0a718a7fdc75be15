// The consumer check of `npm test`: a team's first hour with the package, end to end. `npm pack`, a
// fresh temporary project with its own @playwright/test (another version), the tarball installed
// there, that version checked untouched, then the README's commands (consumer-steps.ts) run one by
// one with `sh -c` against multi-page sites nobody here wrote — the create-next-app templates of
// Next 14.2 and 16 with the matrix's extra pages, as static exports (consumer-sites.ts), and a
// deliberately broken copy of the 14.2 one — from a zero-config red run to the baseline, green, a
// regression and an unexpected pass, the regression's HTML report opened in Chromium on screen, on paper and
// at 360 px (consumer-report-view.ts); then no path of this machine in any file written, no word of
// this repository in anything printed (consumer-outputs.ts). A second project with `^1.59.1` checks
// that a range is not moved either. Prints one line per check and ends with "N passed, N failed";
// exit 1 when a check failed. CONSUMER_KEEP=1 keeps the temporary folder.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { onStopSignal, runCommand, seconds, since, type CommandResult, type RunningServer } from '../launcher';
import { ROOT } from '../spec/root';
import { machinePaths, writtenFiles } from './consumer-outputs';
import { reportPathOf, viewReport } from './consumer-report-view';
import { serveSites } from './consumer-sites';
import { CONSUMER_PLAYWRIGHT, CONSUMER_STEPS, NOT_OURS, printedPaths, TARBALL, TS_CONFIG, TS_CONFIG_FILE, type ConsumerStep } from './consumer-steps';

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

/** What a step appended to the job summary: the report's head, with what the step expects in its first 15 lines, in order. */
function summaryProblems(step: ConsumerStep, file: string, before: number): string[] {
  if (!step.expect.summaryHead) return [];
  const added = existsSync(file) ? readFileSync(file, 'utf8').slice(before) : '';
  if (!added.trim()) return ['the job summary did not get the report'];
  const head = added.split('\n').slice(0, 15).join('\n');
  let at = 0;
  for (const re of step.expect.summaryHead) {
    const m = new RegExp(re.source, re.flags.replace('g', '')).exec(head.slice(at));
    if (!m) return [`the job summary's first 15 lines lack ${re} (after what came before it):\n${head}`];
    at += m.index + m[0].length;
  }
  return [];
}

function tail(r: CommandResult, lines = 25): string {
  return r.output.trimEnd().split('\n').slice(-lines).map((l) => `    | ${l}`).join('\n');
}

async function main(): Promise<number> {
  onStopSignal();
  console.log(`Consumer check in ${work}`);
  const urls = await serveSites(work, servers);
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
  const files: Record<string, string> = { [TS_CONFIG_FILE]: TS_CONFIG };
  const printed: string[] = [];
  let site: string | undefined;
  for (const step of CONSUMER_STEPS) {
    for (const f of step.writes ?? []) writeFileSync(join(project, f), files[f]);
    if (step.site) site = urls[step.site];
    const before = existsSync(env.GITHUB_STEP_SUMMARY!) ? readFileSync(env.GITHUB_STEP_SUMMARY!, 'utf8').length : 0;
    const r = await runCommand('sh', ['-c', step.line], { cwd: project, env: { ...env, SITE_URL: site ?? '' }, output: 'capture', timeoutMs: 6 * 60_000 });
    printed.push(r.output);
    const problems = [
      ...(r.code !== step.expect.code ? [`exit ${r.code}, expected ${step.expect.code}${r.timedOut ? ' (timed out)' : ''}`] : []),
      ...(step.expect.output ?? []).filter((re) => !re.test(r.output)).map((re) => `output lacks ${re}`),
      ...(step.expect.notOutput ?? []).filter((re) => re.test(r.output)).map((re) => `output has ${re}`),
      ...summaryProblems(step, env.GITHUB_STEP_SUMMARY!, before),
      ...(step.expect.pathsExist ? printedPaths(r.output).filter((f) => !existsSync(join(project, f))).map((f) => `printed ${f}, which does not exist`) : []),
      ...(step.expect.files ?? []).flatMap((f) => {
        const text = existsSync(join(project, f.path)) ? readFileSync(join(project, f.path), 'utf8') : undefined;
        if (text === undefined) return [`no ${f.path}`];
        return [...f.holds.filter((re) => !re.test(text)).map((re) => `${f.path} lacks ${re}`), ...(f.lacks ?? []).filter((re) => re.test(text)).map((re) => `${f.path} holds ${re}`)];
      }),
    ];
    if (!check(`${step.title}: ${step.line}`, problems.length === 0, `${problems.join('; ') || `exit ${r.code}`} (${seconds(r.ms)})`)) console.log(tail(r));
    if (step.expect.report) {
      // The report as an auditor opens it, before the next step's run replaces it.
      const html = reportPathOf(r.output, project);
      const t = Date.now();
      const seen = html ? await viewReport(html, step.expect.report, r.output, project) : [{ name: 'the HTML report the run named', ok: false, detail: 'no "Report: …html" line in its output' }];
      for (const v of seen) check(`  ${v.name}`, v.ok, v.detail);
      console.log(`  (the report viewed in ${since(t)})`);
    }
    if (step.line.startsWith('npm install --save-dev ./') || step.line === 'npm ci') untouched(project, CONSUMER_PLAYWRIGHT, `after ${step.line}`);
  }
  untouched(project, CONSUMER_PLAYWRIGHT, 'after every run');
  // The team's world only: no path of this machine in anything the tool wrote, no word of this repository in anything it printed.
  const leaks = machinePaths([...writtenFiles(project), env.GITHUB_STEP_SUMMARY!], [project, work, homedir(), ROOT]);
  check('no path of this machine in any file the tool wrote (reports, expectations, job summary)', leaks.length === 0, leaks.slice(0, 5).join('; ') || `${writtenFiles(project).length} files read`);
  const ours = NOT_OURS.filter((re) => printed.some((o) => re.test(o)));
  check('no word of this repository in anything the command printed', ours.length === 0, ours.map(String).join(', ') || `${printed.length} outputs read`);

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
