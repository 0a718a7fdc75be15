import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { configFor, settle, type Settings, type TargetSetting } from '../config/apply';
import type { LoadedConfig } from '../config/load';
import type { Expectation } from '../expectations/model';
import { lookupChromium, wantsWindow } from '../harness/browser';
import { loadProfile } from '../run/profile';
import { preflight, renderPreflight } from '../preflight/preflight';
import { probeTarget, type ProbeResult } from '../harness/probe';
import { UsageError, type RunArgs } from '../run/args';
import { defaultRun, REFERENCE_PROFILE_FILE, referenceTarget, ROOT } from '../run/channel';
import { MODES, type ProfileRef, type Run, type RunTarget, type TargetFacts } from '../run/model';
import { describeErrno, ensureWritableDir } from '../run/out-dir';
import { discoverProfile } from './discovery-step';
import { readDiscovery } from '../discovery/store';
import { resolveExpectations } from '../expectations/model';
import { hasReferenceSite, isInstalled } from './suite-root';
import { checkTraceArgs, finishAccess, refreshPins, startAccess } from './access-step';
import { describeAccess } from '../run/access';

/** With no target and no config, in an installed package (no reference site to build): what to give. */
export const NOTHING_TO_JUDGE = 'Nothing to judge: give --target <url> --mode static|server, or write a spec-conformance.config.{ts,mjs,json} in this folder (or name one with --config <file>) listing the targets; see --help and docs/config.md.';

/**
 * Turns the parsed arguments (and the config file, flags over it: config/apply.ts) into the Run,
 * checking everything once, before Playwright starts: the config, the expectations, the output
 * folder, the browser, the profiles, the targets and the other builds (each probed once,
 * bounded). Any problem is a UsageError: one sentence, exit 2.
 */
export async function resolveRun(args: RunArgs, log: (line: string) => void = (l) => process.stdout.write(`${l}\n`), cwd = process.cwd(), loaded?: LoadedConfig): Promise<{ run: Run; settings: Settings }> {
  const settings = settle(args, loaded ?? await configFor(args, cwd), cwd);
  if (settings.configFile) log(`Config: ${settings.configFile}`);
  checkTraceArgs(args.playwrightArgs, settings.access);
  // Known deviations (the config's, then --expectations): checked now, applied by the gate.
  const expectations = checkedExpectations(settings);
  if (args.merge === undefined && !settings.targets.length && !hasReferenceSite()) throw new UsageError(NOTHING_TO_JUDGE);
  if (settings.summary) checkWritableParent(settings.summary, '--summary');
  const out = ensureWritableDir(settings.out ?? (isInstalled() ? resolve(cwd, 'reports') : join(ROOT, 'reports')));
  const base = defaultRun({
    out,
    // `npm run conformance` gates every normative clause; a filtered run (--grep …) only those it selected.
    gateScope: args.filtered ? 'selected' : 'all',
    options: { force: settings.force, rebuild: args.rebuild, isolate: args.isolate, noBuild: false, workers: settings.workers, reporters: args.reporters, shard: args.shard, playwrightArgs: args.playwrightArgs },
    discovery: { ...settings.discovery, writeProfile: args.writeProfile && resolve(cwd, args.writeProfile) },
    ...(expectations.length ? { expectations } : {}),
  });
  if (args.merge !== undefined) return { run: { ...base, kind: 'merge', targets: [], mergeFrom: checkMergeDir(args.merge) }, settings };
  if (base.discovery.writeProfile) checkWritableParent(base.discovery.writeProfile, '--write-profile');

  const browser = lookupChromium({ headed: wantsWindow(args.playwrightArgs) });
  if (!browser.ok) throw new UsageError(browser.message);
  base.browser = browser.choice;

  if (!settings.targets.length) {
    const hand = args.profile ? readProfile(resolve(cwd, args.profile)) : undefined;
    const modes = args.projects.length ? MODES.filter((m) => args.projects.includes(m)) : [...MODES];
    return { run: { ...base, targets: modes.map((m) => ({ ...referenceTarget(m), ...(hand ? { profile: hand } : {}) })) }, settings };
  }
  // The trust and credentials, for every request from here on; sent only to these origins.
  startAccess(settings.access, settings.targets.flatMap((t) => [normaliseUrl(t.url, flagOf(t, settings)), ...(t.otherBuild ? [normaliseUrl(t.otherBuild, t.from === 'flag' ? '--other-build' : `the other build of ${flagOf(t, settings)}`)] : [])]));
  const targets: RunTarget[] = [];
  try {
    for (const s of [...settings.targets].sort((a, b) => MODES.indexOf(a.mode) - MODES.indexOf(b.mode))) targets.push(await resolveTarget(s, base, settings, log));
  } finally {
    base.access = finishAccess();
  }
  const said = describeAccess(base.access);
  if (said) log(`Access: ${said}`);
  // Only from this run's crawl: an earlier run into the same folder may have left its discovery there.
  const crawled = targets.some((t) => t.profile.source === 'discovered' || t.profile.source === 'merged');
  const observations = crawled ? readDiscovery(base.out)?.observations : undefined;
  return { run: { ...base, targets, ...(observations ? { discovery: { ...base.discovery, observations } } : {}) }, settings };
}

/** One target by URL: probed, its other build checked, its profile read or discovered, its scenarios pre-flighted. */
async function resolveTarget(s: TargetSetting, base: Run, settings: Settings, log: (line: string) => void): Promise<RunTarget> {
  const flag = flagOf(s, settings);
  const hand = s.profile ? readProfile(s.profile) : undefined;
  const target = normaliseUrl(s.url, flag);
  const probe = await probeOrFail(target, flag);
  if (!probe.isThisKind) log(`Note: ${target} does not look like this kind of site: ${probe.kindReason}.\nIts clauses will be reported untested with that reason${settings.force ? ' (--force: running the tests anyway)' : ' (use --force to run the tests anyway)'}.`);
  const t: RunTarget = { mode: s.mode, url: target, reference: false, probe: factsOf(probe), profile: hand ?? referenceTarget(s.mode).profile };
  if (s.otherBuild) t.otherBuildUrl = await checkOtherBuild(s.otherBuild, target, probe, s.from === 'flag' ? '--other-build' : `the other build of ${flag}`);
  if (base.discovery.enabled && probe.isThisKind) {
    const found = await discoverProfile(base, target, s.mode, hand);
    if (found) t.profile = found;
    else if (!hand) log(`Note: no profile and discovery is not installed here: using the reference site's profile (${REFERENCE_PROFILE_FILE}).`);
  }
  if (probe.isThisKind) {
    // Pre-flight (issue 11): per scenario, usable or why not — the reasons the verdicts will carry.
    const checks = await preflight(target, t.profile.content, s.mode, { unfilled: t.profile.unfilled });
    log(`Pre-flight of the profile's scenarios against ${target}:\n${renderPreflight(checks)}`);
  }
  return t;
}

function flagOf(s: TargetSetting, settings: Settings): string {
  return s.from === 'flag' ? '--target' : `the ${s.mode} target of ${settings.configFile}`;
}

function checkedExpectations(settings: Settings): Expectation[] {
  const out: Expectation[] = [];
  for (const src of settings.expectations) {
    try {
      out.push(...resolveExpectations(src.inputs, src.baseDir));
    } catch (e) {
      throw new UsageError(`${src.from === '--expectations' ? '--expectations' : `Config file ${src.from}, expectations`}: ${(e as Error).message}`);
    }
  }
  return out;
}

function readProfile(path: string): ProfileRef {
  try {
    return { path, source: 'file', content: loadProfile(path) };
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

function normaliseUrl(raw: string, flag: string): string {
  try {
    const u = new URL(raw);
    if (!/^https?:$/.test(u.protocol)) throw new Error('only http and https are supported');
    // A URL is written into the report: credentials never go in one.
    if (u.username || u.password) throw new UsageError(`${flag} holds a user name or password in its address: give them in SPEC_CONFORMANCE_USER and SPEC_CONFORMANCE_PASSWORD instead (the address is written into the report).`);
    return u.toString().replace(/\/$/, '');
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`${flag} "${raw}" is not a usable URL (${(e as Error).message}): give a full address such as http://127.0.0.1:3000.`);
  }
}

async function probeOrFail(url: string, flag: string): Promise<ProbeResult> {
  const p = await probeTarget(url);
  const why = p.error ?? p.refusal ?? `Target ${url} is unreachable.`;
  if (!p.reachable || p.refusal) throw new UsageError(flag === '--target' ? why : why.replace(/^Target /, `${flag} `));
  // Chromium is told to accept the certificate Node just accepted (access-step.ts).
  refreshPins();
  return p;
}

/** The other build must answer and must not be the target itself (else C7.3 would blame the target for a typo). */
async function checkOtherBuild(raw: string, target: string, targetProbe: ProbeResult, flag = '--other-build'): Promise<string> {
  const other = normaliseUrl(raw, flag);
  if (other === target) throw new UsageError(`${flag} ${raw} is the target itself: give the URL of a different build of the same site, or leave it out (C7.3's build checks are then untested).`);
  const p = await probeOrFail(other, flag);
  if (p.buildId && p.buildId === targetProbe.buildId) throw new UsageError(`${flag} ${raw} serves the same build as the target (build id ${p.buildId}): give the URL of a different build, or leave it out.`);
  return other;
}

function factsOf(p: ProbeResult): TargetFacts {
  return { isThisKind: p.isThisKind, kindReason: p.kindReason, framework: p.framework, buildId: p.buildId, deploymentId: p.deploymentId, status: p.status, assetPrefix: p.assetPrefix };
}

function checkMergeDir(dir: string): string {
  const abs = resolve(dir);
  let zips: string[];
  try {
    if (!statSync(abs).isDirectory()) throw new UsageError(`--merge ${dir} is a file: give the folder holding the shards' blob reports (report-*.zip).`);
    zips = readdirSync(abs).filter((f) => f.endsWith('.zip'));
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(code === 'ENOENT' ? `--merge ${dir} does not exist: give the folder holding the shards' blob reports (report-*.zip).` : `--merge ${dir} cannot be read: ${describeErrno(code, e as Error)}.`);
  }
  if (!zips.length) throw new UsageError(`--merge ${dir} holds no blob report (report-*.zip): copy each shard's <out>/blob-report/*.zip there first.`);
  return abs;
}

function checkWritableParent(file: string, flag: string): void {
  const dir = dirname(file);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`${flag} ${file}: the folder ${dir} does not exist.`);
}

