import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inputsOf, loadAction, runStep, substitute, type Context } from './action-steps';
import { ROOT } from '../spec/root';

// The Action's pull-request comment step, run as GitHub runs it, against a stand-in `gh` that keeps
// the comments in a file: written once, then found by its marker and rewritten in place.
const ws = mkdtempSync(join(tmpdir(), 'action-comment-'));
afterAll(() => rmSync(ws, { recursive: true, force: true }));

const FAKE_GH = `#!/bin/sh
# gh api [--paginate] [-X METHOD] PATH [--jq …] [-f body=…]: the calls the step makes, logged; the comment list is a file.
echo "$*" >> "$GH_LOG"
case "$*" in
  *"-X POST"*) echo 41 > "$GH_STATE" ;;
  *"-X PATCH"*) : ;;
  *) cat "$GH_STATE" 2>/dev/null || true ;;
esac
`;

describe('action.yml: the pull-request comment, updated in place', () => {
  const action = loadAction();
  const step = action.runs.steps.find((s) => s.id === 'comment')!;
  it('is off by default and needs no other expression than the github context it names', () => {
    expect(action.inputs.comment.default).toBe('false');
    expect(step.if).toMatch(/inputs\.comment == 'true'/);
    expect(() => substitute(readFileSync(join(ROOT, 'action.yml'), 'utf8'), { inputs: inputsOf(action, {}), steps: {}, actionPath: ROOT })).not.toThrow();
  });
  it('the default package is the Action\'s own repository, not a registry version', () => {
    expect(action.inputs.package.default).toBe('');
    expect(action.runs.steps.find((s) => s.id === 'install')!.run).toMatch(/cd "\$GITHUB_ACTION_PATH" && npm ci .* && npm pack/);
  });
  it('posts the summary once, then rewrites that comment', async () => {
    const bin = join(ws, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'gh'), FAKE_GH);
    chmodSync(join(bin, 'gh'), 0o755);
    const body = join(ws, 'comment.md');
    writeFileSync(body, '## Conformance: gate FAILED\n');
    const log = join(ws, 'gh.log');
    const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, GH_LOG: log, GH_STATE: join(ws, 'state') };
    const ctx: Context = {
      inputs: inputsOf(action, { comment: 'true' }), steps: { run: { 'comment-file': body } }, actionPath: ROOT,
      github: { 'github.token': 't', 'github.repository': 'o/r', 'github.event.pull_request.number': '7', 'github.server_url': 'https://github.com', 'github.run_id': '9' },
    };
    const first = await runStep(step, ctx, ws, env, 1);
    const second = await runStep(step, ctx, ws, env, 2);
    expect([first.result.code, second.result.code]).toEqual([0, 0]);
    expect(first.result.output).toMatch(/Comment written\./);
    expect(second.result.output).toMatch(/Comment 41 updated\./);
    const calls = readFileSync(log, 'utf8');
    expect(calls).toMatch(/-X POST repos\/o\/r\/issues\/7\/comments -f body=<!-- spec-conformance -->\n## Conformance: gate FAILED/);
    expect(calls).toMatch(/-X PATCH repos\/o\/r\/issues\/comments\/41 /);
    const none = await runStep(step, { ...ctx, github: { ...ctx.github, 'github.event.pull_request.number': '' } }, ws, env, 3);
    expect(none.result.output).toMatch(/No pull request: no comment written\./);
  });
});
