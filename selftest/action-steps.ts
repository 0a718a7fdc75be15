/**
 * The repository's action.yml as data, and its steps run the way GitHub runs a composite action's
 * `run:` steps — each script with `bash --noprofile --norc -eo pipefail`, in its working-directory,
 * with its `env`, and GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and RUNNER_TEMP as files and folders of a
 * temporary workspace — with no GitHub: `${{ … }}` expressions are substituted from the inputs,
 * the earlier steps' outputs and `github.action_path`. Steps that use another action are not run:
 * their shape is checked (selftest/action-check.ts).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { runCommand, type CommandResult } from '../launcher/run-command';
import { ROOT } from '../spec/root';

export interface ActionStep {
  id?: string;
  name?: string;
  if?: string;
  shell?: string;
  run?: string;
  uses?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
  'working-directory'?: string;
}

export interface Action {
  name: string;
  description: string;
  inputs: Record<string, { description: string; default?: string; required?: boolean }>;
  outputs: Record<string, { description: string; value: string }>;
  runs: { using: string; steps: ActionStep[] };
}

export const ACTION_FILE = join(ROOT, 'action.yml');

export function loadAction(file = ACTION_FILE): Action {
  return parse(readFileSync(file, 'utf8')) as Action;
}

/** Every `${{ … }}` expression of a text. */
export function expressionsOf(text: string): string[] {
  return [...text.matchAll(/\$\{\{\s*(.+?)\s*\}\}/g)].map((m) => m[1]);
}

export interface Context {
  inputs: Record<string, string>;
  steps: Record<string, Record<string, string>>;
  actionPath: string;
  /** The github context's values the action reads (github.token, github.repository …): absent, empty. */
  github?: Record<string, string>;
}

/** The github context's values this action uses, no other. */
const GITHUB_VALUES = ['github.token', 'github.repository', 'github.event.pull_request.number', 'github.server_url', 'github.run_id'];

/** Substitutes the expressions this action uses; any other is an error (the check would not know what GitHub gives). */
export function substitute(text: string, ctx: Context): string {
  return text.replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_all, expr: string) => {
    let m = /^inputs\.([\w-]+)$/.exec(expr);
    if (m) {
      if (!(m[1] in ctx.inputs)) throw new Error(`action.yml uses \${{ ${expr} }}, an input it does not declare`);
      return ctx.inputs[m[1]];
    }
    m = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expr);
    if (m) return ctx.steps[m[1]]?.[m[2]] ?? '';
    if (expr === 'github.action_path') return ctx.actionPath;
    if (GITHUB_VALUES.includes(expr)) return ctx.github?.[expr] ?? '';
    throw new Error(`action.yml uses \${{ ${expr} }}, which this check does not substitute`);
  });
}

/** The inputs as GitHub gives them: the defaults, overridden by `given`. */
export function inputsOf(action: Action, given: Record<string, string>): Record<string, string> {
  for (const k of Object.keys(given)) if (!(k in action.inputs)) throw new Error(`no input "${k}" in action.yml`);
  return Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, given[k] ?? v.default ?? '']));
}

/** Reads a GITHUB_OUTPUT file (name=value lines). */
function readOutputs(file: string): Record<string, string> {
  let text = '';
  try { text = readFileSync(file, 'utf8'); } catch { /* none written */ }
  return Object.fromEntries(text.split('\n').filter((l) => l.includes('=')).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
}

export interface StepRun { step: ActionStep; result: CommandResult; outputs: Record<string, string> }

/**
 * Runs one `run:` step in workspace `ws` (cwd = its working-directory under `ws`), with `env` added
 * (the caller's secrets, as a workflow sets them on the step that uses the action).
 */
export async function runStep(step: ActionStep, ctx: Context, ws: string, env: NodeJS.ProcessEnv, n: number): Promise<StepRun> {
  if (!step.run || step.shell !== 'bash') throw new Error(`step ${step.id ?? n} is not a bash run step`);
  const dir = join(ws, '.steps');
  mkdirSync(dir, { recursive: true });
  const script = join(dir, `${n}-${step.id ?? 'step'}.sh`);
  writeFileSync(script, substitute(step.run, ctx));
  const output = join(dir, `${n}-${step.id ?? 'step'}.output`);
  writeFileSync(output, '');
  const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, substitute(String(v), ctx)]));
  const cwd = resolve(ws, substitute(step['working-directory'] ?? '.', ctx));
  const result = await runCommand('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
    cwd, output: 'capture', timeoutMs: 10 * 60_000,
    env: { ...env, ...stepEnv, GITHUB_OUTPUT: output, GITHUB_WORKSPACE: ws, GITHUB_ACTION_PATH: ctx.actionPath, CI: 'true', GITHUB_ACTIONS: 'true' },
  });
  const outputs = readOutputs(output);
  if (step.id) ctx.steps[step.id] = outputs;
  return { step, result, outputs };
}
