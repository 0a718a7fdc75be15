import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Mode } from '../../spec/clauses';
import { lookupChromium } from '../harness/browser';
import { loadProfile } from '../run/profile';
import { preflight, renderPreflight } from '../preflight/preflight';
import { probeTarget, type ProbeResult } from '../harness/probe';
import { UsageError, type RunArgs } from '../run/args';
import { defaultRun, REFERENCE_PROFILE_FILE, referenceTarget, ROOT } from '../run/channel';
import { MODES, type ProfileRef, type Run, type RunTarget, type TargetFacts } from '../run/model';
import { describeErrno, ensureWritableDir } from '../run/out-dir';
import { discoverProfile } from './discovery-step';

/**
 * Turns the parsed arguments into the Run, checking everything once, before Playwright starts:
 * the output folder, the browser, the profile, the target and the other build (each probed once,
 * bounded). Any problem is a UsageError: one sentence, exit 2.
 */
export async function resolveRun(args: RunArgs, log: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): Promise<Run> {
  const out = ensureWritableDir(args.out ?? join(ROOT, 'reports'));
  const base = defaultRun({
    out,
    // `npm run conformance` gates every normative clause; a filtered run (--grep …) only those it selected.
    gateScope: args.filtered ? 'selected' : 'all',
    options: { force: args.force, rebuild: args.rebuild, isolate: args.isolate, noBuild: false, workers: args.workers, reporters: args.reporters, shard: args.shard, playwrightArgs: args.playwrightArgs },
    discovery: { enabled: !!args.target && !args.noDiscovery, maxPages: args.maxPages, ignoreRobots: args.ignoreRobots, writeProfile: args.writeProfile && resolve(args.writeProfile) },
  });
  if (args.merge !== undefined) return { ...base, kind: 'merge', targets: [], mergeFrom: checkMergeDir(args.merge) };
  if (base.discovery.writeProfile) checkWritableParent(base.discovery.writeProfile);

  const browser = lookupChromium();
  if (!browser.ok) throw new UsageError(browser.message);
  base.browser = browser.choice;
  const hand = args.profile ? readProfile(args.profile) : undefined;

  if (!args.target || !args.mode) {
    const modes = args.projects.length ? MODES.filter((m) => args.projects.includes(m)) : [...MODES];
    return { ...base, targets: modes.map((m) => ({ ...referenceTarget(m), ...(hand ? { profile: hand } : {}) })) };
  }
  const target = normaliseUrl(args.target, '--target');
  const probe = await probeOrFail(target, '--target');
  if (!probe.isThisKind) log(`Note: ${target} does not look like this kind of site: ${probe.kindReason}.\nIts clauses will be reported untested with that reason${args.force ? ' (--force: running the tests anyway)' : ' (use --force to run the tests anyway)'}.`);
  const t: RunTarget = { mode: args.mode, url: target, reference: false, probe: factsOf(probe), profile: hand ?? referenceTarget(args.mode).profile };
  if (args.otherBuild) t.otherBuildUrl = await checkOtherBuild(args.otherBuild, target, probe);
  if (base.discovery.enabled && probe.isThisKind) {
    const found = await discoverProfile(base, target, args.mode, hand);
    if (found) t.profile = found;
    else if (!hand) log(`Note: no --profile and discovery is not installed here: using the reference site's profile (${REFERENCE_PROFILE_FILE}).`);
  }
  if (probe.isThisKind) {
    // Pre-flight (issue 11): per scenario, usable or why not — the reasons the verdicts will carry.
    const checks = await preflight(target, t.profile.content, args.mode, { unfilled: t.profile.unfilled });
    log(`Pre-flight of the profile's scenarios against ${target}:\n${renderPreflight(checks)}`);
  }
  return { ...base, targets: [t] };
}

function readProfile(file: string): ProfileRef {
  const path = resolve(file);
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
    return u.toString().replace(/\/$/, '');
  } catch (e) {
    throw new UsageError(`${flag} "${raw}" is not a usable URL (${(e as Error).message}): give a full address such as http://127.0.0.1:3000.`);
  }
}

async function probeOrFail(url: string, flag: string): Promise<ProbeResult> {
  const p = await probeTarget(url);
  const why = p.error ?? `Target ${url} is unreachable.`;
  if (!p.reachable) throw new UsageError(flag === '--target' ? why : why.replace(/^Target /, `${flag} `));
  return p;
}

/** The other build must answer and must not be the target itself (else C7.3 would blame the target for a typo). */
async function checkOtherBuild(raw: string, target: string, targetProbe: ProbeResult): Promise<string> {
  const other = normaliseUrl(raw, '--other-build');
  if (other === target) throw new UsageError(`--other-build ${raw} is the target itself: give the URL of a different build of the same site, or leave it out (C7.3's build checks are then untested).`);
  const p = await probeOrFail(other, '--other-build');
  if (p.buildId && p.buildId === targetProbe.buildId) throw new UsageError(`--other-build ${raw} serves the same build as the target (build id ${p.buildId}): give the URL of a different build, or leave it out.`);
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

function checkWritableParent(file: string): void {
  const dir = dirname(file);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`--write-profile ${file}: the folder ${dir} does not exist.`);
}

