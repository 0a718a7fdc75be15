import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { lookupChromium } from '../conformance/setup/browser';
import { parentOf } from '../launcher/ancestors';
import { spawnUnguarded } from '../launcher/unguarded';
import { ROOT } from '../spec/root';
import { tempDirs } from '../launcher/temp-dirs';

const dirs = tempDirs('signals-');
afterAll(dirs.removeAll);

/**
 * Every long-running command of the project stops everything it started within seconds when it
 * gets SIGTERM or SIGINT — through npm (npm → sh → tsx → node: the shell dies without passing the
 * signal on) or sent to the process itself — and its port closes. Linux only (/proc).
 */
const hasStatic = fs.existsSync(path.join(ROOT, 'site', 'out', 'index.html'));
const hasServer = fs.existsSync(path.join(ROOT, 'site', '.next-server', 'BUILD_ID'));
const linux = process.platform === 'linux';
// The conformance runs need a browser (npm test without one stops before them, counting one failure).
const runsSuite = hasServer && lookupChromium().ok;

interface Started {
  root: ReturnType<typeof spawnUnguarded>;
  seen: Set<number>;
  output: () => string;
  stopWatching: () => void;
}

/** Every live descendant of root (detached process groups included: their parent is still one of ours). */
function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const ppid = parentOf(Number(name));
    if (ppid !== undefined) parents.set(Number(name), ppid);
  }
  const out: number[] = [];
  const isOurs = (pid: number): boolean => {
    for (let p = parents.get(pid), n = 0; p !== undefined && n < 20; p = parents.get(p), n++) if (p === root) return true;
    return false;
  };
  for (const pid of parents.keys()) if (isOurs(pid)) out.push(pid);
  return out;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z'); // zombies are gone
  } catch {
    return false;
  }
}

function start(cmd: string, args: string[]): Started {
  const root = spawnUnguarded(cmd, args, { cwd: ROOT, env: { ...process.env, FORCE_COLOR: '0', NEXT_TELEMETRY_DISABLED: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  root.stdout!.on('data', (c: Buffer) => (text += c.toString()));
  root.stderr!.on('data', (c: Buffer) => (text += c.toString()));
  const seen = new Set<number>();
  const timer = setInterval(() => { for (const p of descendants(root.pid!)) seen.add(p); }, 100);
  return { root, seen, output: () => text, stopWatching: () => clearInterval(timer) };
}

async function waitFor(s: Started, re: RegExp, ms: number): Promise<RegExpExecArray> {
  const deadline = Date.now() + ms;
  for (;;) {
    const m = re.exec(s.output());
    if (m) return m;
    if (Date.now() > deadline || s.root.exitCode !== null) throw new Error(`no ${re} within ${ms / 1000} s; output:\n${s.output().slice(-2000)}`);
    await sleep(100);
  }
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

/** Signals `target` (a pid), then expects every process seen under the root gone and the port closed within `withinMs`. */
async function expectAllStopped(s: Started, target: number, signal: NodeJS.Signals, port: number, withinMs = 15_000): Promise<void> {
  for (const p of descendants(s.root.pid!)) s.seen.add(p);
  expect(s.seen.size).toBeGreaterThan(0);
  process.kill(target, signal);
  const deadline = Date.now() + withinMs;
  let left: number[] = [];
  while (Date.now() < deadline) {
    left = [...s.seen, s.root.pid!].filter(alive);
    if (!left.length && !(await portOpen(port))) break;
    await sleep(200);
  }
  s.stopWatching();
  for (const p of left) try { process.kill(p, 'SIGKILL'); } catch { /* gone */ }
  expect(left, `processes left after ${signal}: ${left.join(', ')}`).toEqual([]);
  expect(await portOpen(port)).toBe(false);
}

/** The node process that runs the script (the innermost descendant whose command line names it). */
function scriptProcess(s: Started, script: string): number {
  const pids = descendants(s.root.pid!).filter((p) => {
    try {
      const cmd = fs.readFileSync(`/proc/${p}/cmdline`, 'utf8');
      return cmd.includes(script) && cmd.includes('loader.mjs');
    } catch {
      return false;
    }
  });
  expect(pids.length).toBeGreaterThan(0);
  return pids[0];
}

const URL_LINE = /http:\/\/127\.0\.0\.1:(\d+)/;

describe.skipIf(!linux)('signals stop everything a command started', () => {
  it.skipIf(!hasStatic)('npm run site:static: SIGTERM to npm', async () => {
    const s = start('npm', ['run', 'site:static', '--', '--no-build']);
    const port = Number((await waitFor(s, URL_LINE, 30_000))[1]);
    await expectAllStopped(s, s.root.pid!, 'SIGTERM', port);
  }, 60_000);

  it.skipIf(!hasStatic)('npm run site:serve-dir: SIGINT to the server process itself', async () => {
    const s = start('npm', ['run', 'site:serve-dir', '--', '--dir', 'site/out']);
    const port = Number((await waitFor(s, URL_LINE, 30_000))[1]);
    await expectAllStopped(s, scriptProcess(s, 'site/scripts/cli.ts'), 'SIGINT', port);
  }, 60_000);

  it.skipIf(!hasServer)('npm run site:server: SIGTERM to npm stops next start and its next-server children', async () => {
    const s = start('npm', ['run', 'site:server', '--', '--no-build']);
    const port = Number((await waitFor(s, URL_LINE, 60_000))[1]);
    await expectAllStopped(s, s.root.pid!, 'SIGTERM', port);
  }, 90_000);

  it.skipIf(!runsSuite)('npm run conformance: SIGTERM to npm stops Playwright, the browsers and the reference next-server', async () => {
    const out = dirs.make();
    const s = start('npm', ['run', 'conformance', '--', '--project', 'server', '--grep', '@R2.2', '--out', out]);
    const port = Number((await waitFor(s, /Reference site \(server\) at http:\/\/127\.0\.0\.1:(\d+)/, 120_000))[1]);
    await waitFor(s, /Running \d+ tests?/, 60_000);
    await expectAllStopped(s, s.root.pid!, 'SIGTERM', port, 20_000);
  }, 240_000);

  it.skipIf(!runsSuite)('npm run conformance killed outright (SIGKILL): the guards still stop Playwright and the reference next-server', async () => {
    const out = dirs.make();
    const s = start('npm', ['run', 'conformance', '--', '--project', 'server', '--grep', '@R2.2', '--out', out]);
    const port = Number((await waitFor(s, /Reference site \(server\) at http:\/\/127\.0\.0\.1:(\d+)/, 120_000))[1]);
    await expectAllStopped(s, scriptProcess(s, 'selftest/reference-run.ts'), 'SIGKILL', port, 20_000);
    // npm itself stays until its child is gone; it is not what this case is about.
    try { process.kill(s.root.pid!, 'SIGKILL'); } catch { /* gone */ }
  }, 240_000);
});
