/**
 * The Action (action.yml) exercised without GitHub: its shape — inputs, expressions,
 * outputs, the artifact upload — checked, and its `run:` steps run as scripts in a temporary
 * workspace against the protected site: installed from a package, run with the inputs (the CA,
 * the target, a short selection of clauses) and the secrets in the environment, the
 * job summary appended, the gate deciding the last step. Then every file of the workspace (a zip's
 * entries too) and the steps' logs are searched for the planted secrets; no trace may be there.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expressionsOf, inputsOf, loadAction, runStep, substitute, type Context } from './action-steps';
import { filesUnder, findPlanted } from './leaks';
import type { Sites } from './protected-site';
import { ROOT } from '../spec/root';

type Check = (name: string, ok: boolean, detail?: string) => boolean;
const PROFILE = join(ROOT, 'fixtures', 'implementations', 'profile.json');

export async function actionChecks(sites: Sites, work: string, env: NodeJS.ProcessEnv, planted: string[], check: Check): Promise<void> {
  const action = loadAction();
  const steps = action.runs.steps;
  const byId = (id: string) => steps.find((s) => s.id === id)!;
  // Shape: composite, every step a bash script or another action; every expression one GitHub knows here.
  const text = readFileSync(join(ROOT, 'action.yml'), 'utf8');
  const dry: Context = { inputs: inputsOf(action, {}), steps: {}, actionPath: ROOT };
  let bad = '';
  try { substitute(text, dry); } catch (e) { bad = (e as Error).message; }
  const outputRefs = expressionsOf(text).flatMap((x) => { const m = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(x); return m ? [[m[1], m[2]]] : []; });
  const unwritten = outputRefs.filter(([id, name]) => !byId(id)?.run?.includes(`echo "${name}=`)).map(([id, name]) => `${id}.${name}`);
  const upload = steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
  check('action.yml: a composite of bash steps and actions; every input described; every expression an input or an output a step writes',
    action.runs.using === 'composite' && steps.every((s) => (s.run && s.shell === 'bash') || (s.uses && !s.run)) && Object.values(action.inputs).every((i) => !!i.description) && !bad && !unwritten.length,
    bad || (unwritten.length ? `outputs never written: ${unwritten.join(', ')}` : `${steps.length} steps, ${Object.keys(action.inputs).length} inputs`));
  check('action.yml: the report folder is uploaded with actions/upload-artifact@v4, also when the gate failed',
    upload?.uses === 'actions/upload-artifact@v4' && /always\(\)/.test(upload.if ?? '') && /steps\.run\.outputs\.artifact-path/.test(upload.with?.path ?? '') && /inputs\.artifact-name/.test(upload.with?.name ?? ''),
    `${upload?.uses} if: ${upload?.if}`);

  // The install step, both ways: a project with its own spec-conformance, and none (the package is installed).
  const own = join(work, 'ws-own');
  mkdirSync(join(own, 'node_modules', '.bin'), { recursive: true });
  writeFileSync(join(own, 'node_modules', '.bin', 'spec-conformance'), '#!/bin/sh\necho "spec-conformance-harness 9.9.9 (the project\'s own)"\n');
  chmodSync(join(own, 'node_modules', '.bin', 'spec-conformance'), 0o755);
  const ownRun = await runStep(byId('install'), { inputs: inputsOf(action, {}), steps: {}, actionPath: ROOT }, own, { ...env, RUNNER_TEMP: join(own, 'tmp') }, 0);
  check('install step: a project\'s own spec-conformance is used', ownRun.result.code === 0 && ownRun.outputs.bin === join(own, 'node_modules', '.bin', 'spec-conformance'), `exit ${ownRun.result.code}, bin ${ownRun.outputs.bin}`);

  const ws = join(work, 'ws');
  const runnerTemp = join(ws, '.runner-temp');
  mkdirSync(runnerTemp, { recursive: true });
  // A stand-in package (installing it makes no network call): its command is this checkout's.
  const pkg = join(work, 'package');
  mkdirSync(pkg, { recursive: true });
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'spec-conformance-harness', version: '0.0.0-selftest', bin: { 'spec-conformance': 'bin.mjs' } }));
  writeFileSync(join(pkg, 'bin.mjs'), `#!/usr/bin/env node\nawait import(${JSON.stringify(pathToFileURL(join(ROOT, 'bin', 'spec-conformance.mjs')).href)});\n`);
  const summary = join(ws, '.step-summary.md');
  const stepEnv: NodeJS.ProcessEnv = { ...env, RUNNER_TEMP: runnerTemp, GITHUB_STEP_SUMMARY: summary, npm_config_update_notifier: 'false' };
  const ctx: Context = {
    inputs: inputsOf(action, { target: sites.protected, mode: 'static', profile: PROFILE, ca: sites.certs.caFile, args: '--no-discovery --grep @R2.2 --workers 2', package: pkg }),
    steps: {}, actionPath: ROOT,
  };
  const logs: string[] = [];
  const install = await runStep(byId('install'), ctx, ws, stepEnv, 1);
  logs.push(install.result.output);
  check('install step: the package installed with npm, its command answers --version', install.result.code === 0 && existsSync(install.outputs.bin ?? '') && /spec-conformance-harness \d/.test(install.result.output),
    `exit ${install.result.code} (${(install.result.ms / 1000).toFixed(1)} s), bin ${install.outputs.bin}`);
  const run = await runStep(byId('run'), ctx, ws, stepEnv, 2);
  logs.push(run.result.output);
  const report = run.outputs.report && existsSync(run.outputs.report) ? JSON.parse(readFileSync(run.outputs.report, 'utf8')) as { clauses: { id: string; results: { static?: { verdict: string } } }[] } : undefined;
  const r22 = report?.clauses.find((c) => c.id === 'R2.2')?.results.static?.verdict;
  check('run step: the protected site judged with the ca input and the secrets from the environment (R2.2)', run.result.code === 0 && run.outputs['exit-code'] === '0' && r22 === 'passed',
    `exit-code ${run.outputs['exit-code']}, R2.2 ${r22} (${(run.result.ms / 1000).toFixed(1)} s)${run.result.code ? `\n${run.result.output.trim().split('\n').slice(-8).join('\n')}` : ''}`);
  const summed = existsSync(summary) ? readFileSync(summary, 'utf8') : '';
  check('run step: the job summary holds the report', /## Conformance: gate passed/.test(summed), `${summed.length} characters`);
  check('upload step (not run here): the folder it uploads holds the report', existsSync(join(run.outputs['artifact-path'] ?? '/nonexistent', 'conformance.html')), run.outputs['artifact-path']);
  const gates = [];
  for (const code of ['0', '1', '2']) {
    const g = await runStep(byId('gate'), { ...ctx, steps: { ...ctx.steps, run: { ...ctx.steps.run, 'exit-code': code } } }, ws, stepEnv, 3);
    logs.push(g.result.output);
    gates.push(`${code}→${g.result.code}`);
  }
  check('gate step: the step fails by the gate (exit code 0 → 0, 1 → 1, 2 → 2)', gates.join(' ') === '0→0 1→1 2→2', gates.join(' '));
  writeFileSync(join(work, 'action-steps.log'), logs.join('\n'));
  const traces = filesUnder(run.outputs['artifact-path'] ?? '/nonexistent').filter((f) => f.endsWith('trace.zip')).length;
  const leaks = findPlanted([ws, join(work, 'action-steps.log')], planted);
  check('no planted secret in the workspace (report, run files, summary, step outputs) or the steps\' logs, and no trace (it would keep every request\'s headers)', leaks.length === 0 && traces === 0,
    leaks.length ? leaks.slice(0, 5).map((l) => `${l.file}`).join('; ') : `${filesUnder(ws).length} files searched, zip entries too; ${traces} traces`);
}
