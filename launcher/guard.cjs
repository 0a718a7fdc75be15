'use strict';
/**
 * Watchdog for every child the launcher starts (next start, next build, Playwright, npm, tsc…):
 *
 *   node guard.cjs <owner pid> <command> [args…]
 *
 * The launcher starts this file as the leader of a new process group (spawn detached), and the
 * guard starts <command> in that group. Everything in the group is stopped — SIGTERM, then
 * SIGKILL after 5 s — when the owner process is gone (checked twice a second: covers an owner
 * killed with SIGKILL, or Playwright's runner dying on SIGTERM without running global teardown),
 * or when the guard itself receives SIGTERM, SIGINT or SIGHUP. The guard exits with the
 * command's exit code. Plain CommonJS so that it starts in milliseconds with plain node.
 *
 * With GUARD_CPU_FILE set (runCommand's `cpu`), the guard writes there the CPU-seconds of the
 * command and of every process it waited for, however deep (Linux: the guard's own children's
 * times in /proc/self/stat), once the command has exited; the command's own environment does not
 * get the variable, so guards further down keep their figures to themselves.
 */
const { spawn } = require('node:child_process');
const { writeFileSync, readFileSync } = require('node:fs');

const [ownerArg, command, ...args] = process.argv.slice(2);
const owner = Number(ownerArg);
if (!Number.isInteger(owner) || !command) {
  process.stderr.write('usage: node guard.cjs <owner pid> <command> [args…]\n');
  process.exit(2);
}

const cpuFile = process.env.GUARD_CPU_FILE;
const env = { ...process.env };
delete env.GUARD_CPU_FILE;
const child = spawn(command, args, { stdio: 'inherit', env });
let stopping = false;

function signalGroup(signal) {
  try {
    process.kill(-process.pid, signal); // our own group: the command and whatever it started
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

function stop(signal) {
  if (stopping) return;
  stopping = true;
  signalGroup(signal);
  setTimeout(() => signalGroup('SIGKILL'), 5000).unref();
}

for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(sig, () => stop(sig === 'SIGINT' ? 'SIGINT' : 'SIGTERM'));

const watch = setInterval(() => {
  try {
    process.kill(owner, 0);
  } catch (e) {
    if (e.code === 'ESRCH') stop('SIGTERM');
  }
}, 500);

child.on('error', (e) => {
  process.stderr.write(`guard: cannot start ${command}: ${e.message}\n`);
  process.exitCode = 127;
});
/** CPU-seconds of the children this process has waited for (fields 16 and 17 of /proc/self/stat, in clock ticks of 1/100 s). */
function childrenCpuSeconds() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[13]) + Number(f[14])) / 100;
}

child.on('exit', (code, signal) => {
  clearInterval(watch);
  if (cpuFile) {
    try {
      writeFileSync(cpuFile, String(childrenCpuSeconds()));
    } catch {
      /* not Linux, or the file cannot be written: no figure */
    }
  }
  // Whatever the command left behind in the group goes too (e.g. next-server workers).
  if (!stopping) {
    stopping = true;
    try {
      process.kill(-process.pid, 'SIGTERM');
    } catch {
      /* nothing left */
    }
  }
  // The exit-code rule of exit-code.ts, spelled here because this file runs with plain node.
  process.exit(code ?? (signal ? 128 + (require('node:os').constants.signals[signal] ?? 0) : 1));
});
