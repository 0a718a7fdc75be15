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
 */
const { spawn } = require('node:child_process');

const [ownerArg, command, ...args] = process.argv.slice(2);
const owner = Number(ownerArg);
if (!Number.isInteger(owner) || !command) {
  process.stderr.write('usage: node guard.cjs <owner pid> <command> [args…]\n');
  process.exit(2);
}

const child = spawn(command, args, { stdio: 'inherit' });
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
child.on('exit', (code, signal) => {
  clearInterval(watch);
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
