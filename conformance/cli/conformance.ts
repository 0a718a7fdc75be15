// npm run conformance — the main job. See USAGE in ./args.ts.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { findChromium, MISSING_BROWSER_MESSAGE } from '../harness/browser';
import { ROOT } from '../harness/paths';
import { loadProfile } from '../harness/profile';
import { probeTarget } from '../harness/probe';
import { parseArgs, USAGE } from './args';

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  if (findChromium().source === 'missing') {
    console.error(MISSING_BROWSER_MESSAGE);
    return 2;
  }
  const env: NodeJS.ProcessEnv = { ...process.env, CONFORMANCE_GATE: 'all', NEXT_TELEMETRY_DISABLED: '1' };
  if (args.profile) {
    const file = resolve(args.profile);
    try {
      loadProfile(file);
    } catch (e) {
      console.error((e as Error).message);
      return 2;
    }
    env.CONFORMANCE_PROFILE = file;
  }
  if (args.out) env.CONFORMANCE_OUT = resolve(args.out);
  if (args.force) env.CONFORMANCE_FORCE = '1';
  if (args.rebuild) env.CONFORMANCE_REBUILD = '1';
  const projects: string[] = [];
  if (args.target && args.mode) {
    // Fail fast on a dead target, before Playwright and its browser start.
    const p = await probeTarget(args.target);
    if (!p.reachable) {
      console.error(p.error);
      return 2;
    }
    if (!p.isThisKind) console.warn(`Note: ${args.target} does not look like this kind of site: ${p.kindReason}.\nIts clauses will be reported untested with that reason${args.force ? ' (—force: running the tests anyway)' : ' (use --force to run the tests anyway)'}.`);
    env[`CONFORMANCE_URL_${args.mode.toUpperCase()}`] = args.target;
    if (args.otherBuild) env[`CONFORMANCE_OTHER_BUILD_${args.mode.toUpperCase()}`] = args.otherBuild;
    env.CONFORMANCE_MODES = args.mode;
    projects.push('--project', args.mode);
  } else {
    // The clause projects only: the site's own checks (site-static, site-server) belong to npm test.
    projects.push('--project', 'static', '--project', 'server');
  }
  const bin = join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'playwright.cmd' : 'playwright');
  if (!existsSync(bin)) {
    console.error('Playwright is not installed here: run `npm ci` first.');
    return 2;
  }
  const started = Date.now();
  const code = await new Promise<number>((done) => {
    const child = spawn(bin, ['test', '--config', join(ROOT, 'playwright.config.ts'), ...projects, ...args.passthrough], { cwd: ROOT, env, stdio: 'inherit' });
    const forward = (sig: NodeJS.Signals) => child.kill(sig);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (c, sig) => done(c ?? (sig ? 130 : 1)));
  });
  console.log(`Wall time: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return code;
}

main().then((code) => process.exit(code), (e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
