import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exitCodeOf, signalExitCode } from './exit-code';
import { runCommand } from './run-command';
import { tempDirs } from './temp-dirs';

// The process library every orchestrator uses (launcher/): one exit-code rule, and commands run to
// completion in their own process group.
const node = (script: string) => [process.execPath, ['-e', script]] as const;
const dirs = tempDirs('launcher-');
afterAll(dirs.removeAll);

describe('the exit-code rule', () => {
  it('is the code, else 128 + the signal number, else 1', () => {
    expect(exitCodeOf(0, null)).toBe(0);
    expect(exitCodeOf(2, 'SIGTERM')).toBe(2);
    expect(exitCodeOf(null, 'SIGINT')).toBe(130);
    expect(exitCodeOf(null, 'SIGTERM')).toBe(143);
    expect(exitCodeOf(null, null)).toBe(1);
    expect(signalExitCode('SIGHUP')).toBe(129);
  });
});

describe('runCommand', () => {
  it('returns the exit code and the captured output', async () => {
    const r = await runCommand(...node('console.log("out"); console.error("err"); process.exit(3)'), { output: 'capture' });
    expect(r.code).toBe(3);
    expect(r.output).toContain('out');
    expect(r.output).toContain('err');
    expect(r.timedOut).toBe(false);
  });

  it('reports a command ended by a signal as 128 + its number', async () => {
    const r = await runCommand(...node('process.kill(process.pid, "SIGTERM"); setTimeout(() => {}, 5000)'), { output: 'ignore' });
    expect(r.code).toBe(143);
  });

  it.runIf(process.platform === 'linux')('measures the CPU of the command and of a grandchild it waited for, and keeps its own guards out of the figure', async () => {
    // A fixed amount of computation, counted in loop turns, never in time: a busy machine makes it
    // take longer, never less CPU. The same work is measured done by the command itself and by a
    // grandchild it waits for, against a command that only sleeps; each figure is compared with
    // the others, never with a number of seconds.
    const work = 'let x = 0; for (let i = 0; i < 5e7; i++) x = (x + i) % 1000003;';
    const grandchild = `${work} console.log("told:" + (process.env.GUARD_CPU_FILE ?? "no"))`;
    const measure = async (script: string) => {
      const r = await runCommand(...node(script), { output: 'capture', cpu: true });
      expect(r.code).toBe(0);
      expect(typeof r.cpuAll).toBe('boolean');
      expect(r.cpuS).toBeGreaterThan(0);
      // CPU-seconds cannot outrun the wall clock by more than the runtime's helper threads.
      expect(r.cpuS!).toBeLessThan(r.ms / 1000 + 1);
      return r;
    };
    const sleeping = await measure('setTimeout(() => {}, 300)');
    const itself = await measure(work);
    const waited = await measure(`setTimeout(() => {}, 300); require("node:child_process").execFileSync(process.execPath, ["-e", ${JSON.stringify(grandchild)}], { stdio: "inherit" })`);
    expect(waited.output).toContain('told:no');
    expect(itself.cpuS!).toBeGreaterThan(sleeping.cpuS!);
    // The grandchild's work is in the figure: at least half of what the same work costs the command itself.
    expect(waited.cpuS! - sleeping.cpuS!).toBeGreaterThanOrEqual((itself.cpuS! - sleeping.cpuS!) / 2);
    expect((await runCommand(...node('0'), { output: 'ignore' })).cpuS).toBeUndefined();
  });

  it('writes the output to a log file, appended when asked', async () => {
    const file = path.join(dirs.make(), 'run.log');
    fs.writeFileSync(file, 'header\n');
    await runCommand(...node('console.log("body")'), { output: { file, append: true } });
    expect(fs.readFileSync(file, 'utf8')).toBe('header\nbody\n');
  });

  it('stops the whole group (a grandchild too) at its time limit', async () => {
    const dir = dirs.make();
    const pidFile = path.join(dir, 'grandchild.pid');
    const script = `const c = require('node:child_process').spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' }); require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, String(c.pid)); setTimeout(() => {}, 60000);`;
    const r = await runCommand(...node(script), { output: 'ignore', timeoutMs: 1500, graceMs: 1000 });
    expect(r.timedOut).toBe(true);
    expect(r.code).toBe(143);
    const grandchild = Number(fs.readFileSync(pidFile, 'utf8'));
    const deadline = Date.now() + 5000;
    let alive = true;
    while (alive && Date.now() < deadline) {
      try {
        process.kill(grandchild, 0);
        await new Promise((resolve) => setTimeout(resolve, 100));
      } catch {
        alive = false;
      }
    }
    expect(alive).toBe(false);
  }, 15_000);
});
