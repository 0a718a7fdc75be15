// The sharded CI recipe (docs/usage.md, "Sharding across CI jobs"), run for real: the
// reference site served once, as one deployment every CI job judges; the package's command run
// with one config on two shards of a small selection, their blob reports merged in another folder
// and compared with the unsharded run; then a merge with one shard missing must fail the gate and
// name the shard. Prints "N passed, N failed" for npm test.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningServer } from '../launcher';
import { runCommand } from '../launcher/run-command';
import { onStopSignal } from '../launcher/signals';
import { MODES } from '../spec/clauses';
import { ROOT } from '../spec/root';
import { referenceSite } from '../targets/reference';
import { referenceConfig } from '../targets/reference/run';
import { ensureBuilt } from '../targets/target';

const GREP = '@R2\\.2(?![.\\d])';
// The every-page test walks every listed page: the recipe is shown as well without it (a third of the time).
const SELECT = ['--grep', GREP, '--grep-invert', 'every internal link'];
const work = mkdtempSync(join(tmpdir(), 'shard-check-'));

const servers: RunningServer[] = [];
/** The recipe's one config, every shard's: both modes of the served reference, each the other's other build. */
const config = join(work, 'spec-conformance.config.json');

/** The package's command (as npx spec-conformance runs it), in the work folder. */
async function conformance(args: string[]): Promise<{ code: number; out: string }> {
  const r = await runCommand(process.execPath, [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(ROOT, 'conformance', 'cli', 'conformance.ts'), ...args],
    { cwd: work, env: { CI: 'true', NEXT_TELEMETRY_DISABLED: '1' }, output: 'capture', timeoutMs: 8 * 60_000 });
  return { code: r.code, out: r.output };
}

/** The reference site in both modes, built when stale, served once for every job of the recipe. */
async function serveDeployment(): Promise<void> {
  const sites = MODES.map(referenceSite);
  await ensureBuilt(sites, { what: 'the sharded recipe: building the reference site' });
  for (const site of sites) servers.push(await site.serve({ output: { file: join(work, 'next-server.log'), append: true } }));
  writeFileSync(config, referenceConfig(MODES.map((mode, i) => ({ mode, url: servers[i].url }))));
}

/** clause|mode → verdict, and the targets' modes and the browser, from a report folder. */
function summary(dir: string): { verdicts: Record<string, string>; targets: string[]; browser?: string } {
  const r = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as {
    clauses: { id: string; results: Record<string, { verdict: string }> }[]; targets: { mode: string }[]; browser?: { name: string; version?: string };
  };
  const verdicts: Record<string, string> = {};
  for (const c of r.clauses) for (const [m, res] of Object.entries(c.results)) verdicts[`${c.id}|${m}`] = res.verdict;
  return { verdicts, targets: r.targets.map((t) => t.mode).sort(), browser: r.browser ? `${r.browser.name} ${r.browser.version ?? ''}` : undefined };
}

const checks: [string, boolean, string][] = [];
const check = (name: string, ok: boolean, detail = '') => { checks.push([name, ok, detail]); console.log(`${ok ? '✓' : '✗'} ${name}${detail ? ` — ${detail}` : ''}`); };

async function main(): Promise<void> {
  onStopSignal();
  await serveDeployment();
  // One after the other: side by side, three suites (six browsers) on two cores left bounded waits
  // short of their bound in a fresh-clone run, and a run that cannot complete fails this check.
  const whole = await conformance(['--config', config, ...SELECT, '--out', join(work, 'whole')]);
  const shards = [];
  for (const i of [1, 2]) shards.push(await conformance(['--config', config, ...SELECT, '--shard', `${i}/2`, '--out', join(work, `shard${i}`)]));
  check('the unsharded run passes its gate', whole.code === 0, `exit ${whole.code}`);
  const blobs = join(work, 'blobs');
  mkdirSync(blobs);
  for (const [k, s] of shards.entries()) {
    const i = k + 1;
    check(`shard ${i} of 2 runs`, s.code === 0 || s.code === 1, `exit ${s.code}`);
    for (const f of readdirSync(join(work, `shard${i}`, 'blob-report'))) copyFileSync(join(work, `shard${i}`, 'blob-report', f), join(blobs, f));
  }
  const merged = await conformance(['--merge', blobs, '--out', join(work, 'merged')]);
  check('the merge of both shards passes its gate', merged.code === 0, `exit ${merged.code}`);
  const a = summary(join(work, 'whole'));
  const b = summary(join(work, 'merged'));
  check('the merged report has the verdicts of the unsharded run', JSON.stringify(a.verdicts) === JSON.stringify(b.verdicts));
  check('the merged report has the targets and the browser', JSON.stringify(a.targets) === JSON.stringify(b.targets) && !!b.browser && a.browser === b.browser, `${b.targets.join(', ')}; ${b.browser}`);

  const one = join(work, 'one-blob');
  mkdirSync(one);
  const first = readdirSync(blobs).find((f) => f.includes('1-of-2')) ?? readdirSync(blobs)[0];
  copyFileSync(join(blobs, first), join(one, first));
  const partial = await conformance(['--merge', one, '--out', join(work, 'partial')]);
  check('a merge with a shard missing fails the gate and names the shard', partial.code === 1 && /shard 2 of 2 is missing/.test(partial.out), `exit ${partial.code}`);
}

main().catch((e: Error) => check('the sharded recipe ran', false, e.message)).finally(async () => {
  await Promise.all(servers.map((x) => x.stop().catch(() => undefined)));
  rmSync(work, { recursive: true, force: true });
  const failed = checks.filter(([, ok]) => !ok).length;
  console.log(`${checks.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
});
