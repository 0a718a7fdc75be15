import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { configFor, settle, type Settings, type TargetSetting } from '../config/apply';
import type { LoadedConfig } from '../config/load';
import { shownPath } from '../../launcher/format';
import type { Expectation } from '../expectations/model';
import { lookupChromium, wantsWindow } from '../setup/browser';
import { loadProfile } from '../run/profile';
import { preflight, renderPreflight, setAsideOf } from '../preflight/preflight';
import { probeTarget, type ProbeResult } from '../setup/probe';
import { passedValue, UsageError, type RunArgs } from '../run/args';
import { defaultRun, scratchOf } from '../run/channel';
import { MODES } from '../../spec/clauses';
import type { ProfileRef, Run, RunTarget, TargetFacts } from '../run/model';
import { ensureWritableDir, ensureWritableFile } from '../run/out-dir';
import { describeSlow, resolveSlow, useSlow } from '../run/slow';
import { cappedWorkers } from '../run/workers';
import { discoverProfile } from './discovery-step';
import { describeReportToJudge, reportToJudge } from './from-report';
import { readDiscovery } from '../discovery/store';
import { looksLikePreset, resolveExpectations, withoutReplaced } from '../expectations/model';
import { checkMergeDir } from './merge-input';
import { lockOut, unlockOut } from './out-lock';
import { makeScratch, removeScratch } from './scratch';
import { entriesWritten, foreignEntries, foreignSentence } from '../report/ownership';
import { checkTraceArgs, finishAccess, refreshPins, startAccess } from './access-step';
import { describeAccess, shownAccess } from '../run/access';
import { lastFailedArgs } from './runner-flags';
import { readCompared } from './compare';
import { goneLines, keptProfileFile, withGone } from './kept-profile';

/** With no target and no config: what to give. */
export const NOTHING_TO_JUDGE = 'Nothing to judge: give --target <url> --mode static|server, or write a spec-conformance.config.{ts,mjs,json} in this folder (or name one with --config <file>) listing the targets; see --help and docs/config.md.';

/**
 * Turns the parsed arguments (and the config file, flags over it: config/apply.ts) into the Run,
 * checking everything once, before Playwright starts: the config, the expectations, the output
 * folder, the browser, the profiles, the targets and the other builds (each probed once,
 * bounded). Any problem is a UsageError: one sentence, exit 2.
 */
export async function resolveRun(args: RunArgs, log: (line: string) => void = (l) => process.stdout.write(`${l}\n`), cwd = process.cwd(), loaded?: LoadedConfig): Promise<{ run: Run; settings: Settings }> {
  // The run's working files outside the report folder, so the report holds only what it shows: the
  // command removes them afterwards (main.ts), and here when the run cannot start.
  const scratch = makeScratch();
  const held: { out?: string } = {};
  try {
    return await resolveIn(scratch, args, log, cwd, loaded, held);
  } catch (e) {
    endRun({ scratch, out: held.out });
    throw e;
  }
}

/** Once the run is over (the command's end, run()'s return): its working folder removed (scratch.ts), its hold on --out let go. */
export function endRun(run: Pick<Run, 'scratch'> & { out?: string } | undefined): void {
  unlockOut(run?.out);
  removeScratch(run);
}

async function resolveIn(scratch: string, args: RunArgs, log: (line: string) => void, cwd: string, loaded: LoadedConfig | undefined, held: { out?: string }): Promise<{ run: Run; settings: Settings }> {
  const settings = settle(args, loaded ?? await configFor(args, cwd), cwd);
  if (settings.configFile) log(`Config: ${settings.configFile}`);
  checkTraceArgs(args.playwrightArgs, settings.access);
  // Known deviations (the config's, then --expectations): checked now, applied by the gate.
  const expectations = checkedExpectations(settings, cwd, log);
  if (settings.expectations.length) {
    const count = (src: string) => expectations.filter((e) => (e.source ?? `config: ${settings.configFile}`) === src).length;
    log(`Expectations: ${sourcesOf(settings, cwd).map((src) => `${src.replace(/^(file|config): /, '')} (${count(src)})`).join(', ')}`);
  }
  if (args.merge === undefined && !args.fromReport && !settings.targets.length) throw new UsageError(NOTHING_TO_JUDGE);
  // Every file the run writes when it ends, checked now: a bad one is refused before the run, not after it.
  if (settings.summary) ensureWritableFile(settings.summary, args.summary !== undefined ? '--summary' : `The config's "summary"`, shownPath(settings.summary, cwd));
  else if (args.summary === '') log('Summary: none written, as --summary names no file (GITHUB_STEP_SUMMARY is set inside GitHub Actions only).');
  const output = passedValue(args.playwrightArgs, '--output');
  if (output !== undefined) ensureWritableDir(resolve(cwd, output), '--output');
  if (args.writeProfile) ensureWritableFile(resolve(cwd, args.writeProfile), '--write-profile', args.writeProfile);
  if (settings.updateExpectations) ensureWritableFile(settings.baselineFile, '--update-expectations writes', shownPath(settings.baselineFile, cwd));
  // --from-report: the report must be there before anything is written (a missing folder is not made).
  const judged = args.fromReport ? reportToJudge(resolve(settings.out ?? resolve(cwd, 'reports')), cwd) : undefined;
  const out = ensureWritableDir(settings.out ?? resolve(cwd, 'reports'));
  const workers = cappedWorkers(settings.workers);
  if (workers.note) log(workers.note);
  holdOut(out, args, log, cwd);
  held.out = out;
  const lastFailed = args.lastFailed ? lastFailedArgs(out, cwd) : undefined;
  // Read now: a report that cannot be compared with is said before the run, not after it.
  const compare = args.compare !== undefined ? readCompared(args.compare, cwd).file : undefined;
  if (lastFailed) log(lastFailed.line);
  const base = defaultRun({
    out,
    scratch,
    // `npm run conformance` gates every normative clause; a filtered run (--grep …) only those it selected.
    gateScope: args.filtered ? 'selected' : 'all',
    options: { force: settings.force, isolate: args.isolate, workers: workers.workers, reporters: args.reporters, shard: args.shard, playwrightArgs: [...args.playwrightArgs, ...(lastFailed?.args ?? [])], ...(compare ? { compare } : {}) },
    discovery: { ...settings.discovery, writeProfile: args.writeProfile && resolve(cwd, args.writeProfile) },
    ...(expectations.length ? { expectations } : {}),
    ...(settings.expectations.length ? { expectationSources: sourcesOf(settings, cwd) } : {}),
    ...(settings.gateLevels ? { gateLevels: settings.gateLevels } : {}),
    cwd,
  });
  if (args.merge !== undefined) return { run: { ...base, kind: 'merge', targets: [], mergeFrom: checkMergeDir(args.merge) }, settings };
  if (judged) {
    log(describeReportToJudge(judged, out, cwd));
    return { run: { ...base, kind: 'report', targets: [] }, settings };
  }
  // The harness's patience, before anything waits: the probes below are bounded by it too.
  base.slow = await resolveSlow(settings.slow.flag, settings.slow.config);
  useSlow(base.slow);

  const browser = lookupChromium({ headed: wantsWindow(args.playwrightArgs) });
  if (!browser.ok) throw new UsageError(browser.message);
  base.browser = browser.choice;

  // The trust and credentials, for every request from here on; sent only to these origins.
  startAccess(settings.access, settings.targets.flatMap((t) => [normaliseUrl(t.url, flagOf(t, settings)), ...(t.otherBuild ? [normaliseUrl(t.otherBuild, t.from === 'flag' ? '--other-build' : `the other build of ${flagOf(t, settings)}`)] : [])]));
  const targets: RunTarget[] = [];
  try {
    for (const s of [...settings.targets].sort((a, b) => MODES.indexOf(a.mode) - MODES.indexOf(b.mode))) targets.push(await resolveTarget(s, base, settings, log, args.rediscover));
  } finally {
    base.access = finishAccess();
  }
  const said = describeAccess(base.access && shownAccess(base.access, process.cwd()));
  if (said) log(`Access: ${said}`);
  // Only from this run's crawl: an earlier run into the same folder may have left its discovery there.
  const crawled = targets.some((t) => t.profile.source === 'discovered' || t.profile.source === 'merged');
  const observations = crawled ? readDiscovery(scratchOf(base))?.observations : undefined;
  // Said once the targets answered: a run refused before (bad input, an unreachable target) says one sentence only.
  log(`Harness patience: ${describeSlow(base.slow)}.`);
  return { run: { ...base, targets, ...(observations ? { discovery: { ...base.discovery, observations } } : {}) }, settings };
}

/** A target with neither a profile nor a crawl (not this kind of site): no scenario, so every clause is untested. */
const NO_PROFILE: ProfileRef = { path: '(none)', source: 'file', content: { name: 'none', description: 'no profile was given and the site was not crawled', scenarios: {} } };

/** One target by URL: probed, its other build checked, its profile read or discovered, its scenarios pre-flighted. */
async function resolveTarget(s: TargetSetting, base: Run, settings: Settings, log: (line: string) => void, rediscover: boolean): Promise<RunTarget> {
  const flag = flagOf(s, settings);
  // The profile --update-expectations kept, when the target names none: judged as written, unless --rediscover.
  const keptFile = s.profile ? undefined : keptProfileFile(settings.baselineFile, s.mode);
  const kept = keptFile && existsSync(keptFile) ? readProfile(keptFile) : undefined;
  const useKept = !!kept && !rediscover;
  const hand = s.profile ? readProfile(s.profile) : useKept ? kept : undefined;
  if (useKept) log(`Profile (${s.mode}): ${kept!.path}, kept by --update-expectations (--rediscover crawls the site again)`);
  if (!hand && !base.discovery.enabled) throw new UsageError(`${s.from === 'flag' ? '--no-discovery' : `discovery: false in ${settings.configFile}`} needs a profile for ${flag}: give --profile <file> (or the target's "profile" in the config), or let the site be crawled.`);
  const target = normaliseUrl(s.url, flag);
  const probe = await probeOrFail(target, flag);
  if (!probe.isThisKind) log(`Note: ${target} does not look like this kind of site: ${probe.kindReason}.\nIts clauses will be reported untested with that reason${settings.force ? ' (--force: running the tests anyway)' : ' (use --force to run the tests anyway)'}.`);
  const t: RunTarget = { mode: s.mode, url: target, reference: false, probe: factsOf(probe), profile: hand ?? NO_PROFILE };
  if (s.otherBuild) t.otherBuildUrl = await checkOtherBuild(s.otherBuild, target, probe, s.from === 'flag' ? '--other-build' : `the other build of ${flag}`);
  if (base.discovery.enabled && probe.isThisKind && !useKept) {
    const found = await discoverProfile(base, target, s.mode, hand);
    for (const line of kept ? goneLines(found, kept) : []) log(line);
    t.profile = kept ? withGone(found, kept) : found;
  }
  if (probe.isThisKind) {
    // Pre-flight: per scenario, usable or why not — the reasons the verdicts will carry.
    const checks = await preflight(target, t.profile.content, s.mode, { unfilled: t.profile.unfilled });
    log(preflightLines(target, renderPreflight(checks)));
    // What pre-flight set aside binds the tests: none of them uses such a page.
    const setAside = setAsideOf(checks);
    if (setAside) t.setAside = setAside;
  }
  return t;
}

/** Pre-flight's table; in CI (quiet: progress and the answer) its count and the scenarios NOT usable only, the rest being in the verdicts' reasons. */
export function preflightLines(target: string, table: string): string {
  if (!process.env.CI) return `Pre-flight of the profile's scenarios against ${target}:\n${table}`;
  const rows = table.split('\n');
  const count = (word: string) => rows.filter((r) => new RegExp(`^\\s+\\S+\\s+${word}\\s`).test(r)).length;
  const bad = rows.filter((r) => /^\s+\S+\s+(NOT usable|usable\?)\s/.test(r));
  return [`Pre-flight against ${target}: ${count('usable')} scenarios usable, ${bad.length} NOT usable or unsure, ${count('absent')} absent (each absent one's clauses say what it needs)`, ...bad].join('\n');
}

/** The inputs asked for, named as the report names their entries' sources (a preset with no entry still shows). */
function sourcesOf(settings: Settings, cwd: string): string[] {
  // Each source once, however many entries it holds.
  return [...new Set(settings.expectations.flatMap((src) => src.inputs.map((i) => (Array.isArray(i) ? `config: ${src.from}` : looksLikePreset(i) && !existsSync(resolve(src.baseDir, i)) ? `preset ${i}` : `file: ${shownPath(resolve(src.baseDir, i), cwd)}`))))];
}

/** The report folder, this run's alone (out-lock.ts), and nothing of someone else's under a name the run writes (report/ownership.ts). */
function holdOut(out: string, args: RunArgs, log: (line: string) => void, cwd: string): void {
  const foreign = foreignEntries(out, entriesWritten(args.fromReport ? 'report' : args.merge !== undefined ? 'merge' : 'test', !!args.shard));
  if (foreign.length) throw new UsageError(foreignSentence(shownPath(out, cwd), foreign));
  lockOut(out, log, cwd);
}

function flagOf(s: TargetSetting, settings: Settings): string {
  return s.from === 'flag' ? '--target' : `the ${s.mode} target of ${settings.configFile}`;
}

function checkedExpectations(settings: Settings, cwd: string, log: (line: string) => void): Expectation[] {
  const out: Expectation[] = [];
  for (const src of settings.expectations) {
    try {
      out.push(...resolveExpectations(src.inputs, src.baseDir, undefined, cwd));
    } catch (e) {
      throw new UsageError(`${src.from === '--expectations' ? '--expectations' : `Config file ${src.from}, expectations`}: ${(e as Error).message}`);
    }
  }
  const kept = withoutReplaced(out);
  if (kept.length < out.length) log(`Expectations: ${(out.length - kept.length).toLocaleString('en-US')} left out, each repeated or replaced by a later one for the same clause and mode.`);
  return kept;
}

function readProfile(path: string, cwd = process.cwd()): ProfileRef {
  try {
    // The path as the report shows it: from where the command was started.
    return { path: shownPath(path, cwd), source: 'file', content: loadProfile(path) };
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
  // A config's target: "The static target of spec-conformance.config.ts https://… answered …" (a sentence starts with a capital).
  if (!p.reachable || p.refusal) throw new UsageError(flag === '--target' ? why : why.replace(/^Target /, `${flag[0].toUpperCase()}${flag.slice(1)} `));
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
