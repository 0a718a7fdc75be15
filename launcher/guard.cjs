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
 * With GUARD_CPU_FILE set (runCommand's `cpu`), the guard writes there, once the command has
 * exited, the CPU-seconds it and everything it started spent: exactly where the guard may make a
 * cpuacct control group of its own (cgroup v1, as root: every descendant is in it, however it
 * leaves the process group or ends), written "<seconds> all"; else those of the processes waited
 * for, however deep (/proc/self/stat; a process killed and never waited for is missed), written
 * "<seconds> waited". The command's own environment does not get the variable, so guards further
 * down keep their figures to themselves. Off Linux: no figure.
 */
const { spawn } = require('node:child_process');
const { mkdirSync, readFileSync, rmdirSync, writeFileSync } = require('node:fs');

const [ownerArg, command, ...args] = process.argv.slice(2);
const owner = Number(ownerArg);
if (!Number.isInteger(owner) || !command) {
  process.stderr.write('usage: node guard.cjs <owner pid> <command> [args…]\n');
  process.exit(2);
}

const CPUACCT = '/sys/fs/cgroup/cpuacct';
const cpuFile = process.env.GUARD_CPU_FILE;
const cpuGroup = cpuFile ? ownCpuGroup() : undefined;
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
/** The cpuacct group this process is in (a group inside it counts towards it too). */
function currentCpuGroup() {
  const line = readFileSync('/proc/self/cgroup', 'utf8').split('\n').find((l) => /^\d+:([^:]*,)?cpuacct(,[^:]*)?:/.test(l));
  return line ? `${CPUACCT}${line.slice(line.lastIndexOf(':') + 1)}`.replace(/\/$/, '') : CPUACCT;
}

/** A cpuacct group holding this process (its children are born in it), or undefined where none can be made. */
function ownCpuGroup() {
  let dir;
  try {
    dir = `${currentCpuGroup()}/guard-${process.pid}`;
  } catch {
    return undefined;
  }
  try {
    mkdirSync(dir);
    writeFileSync(`${dir}/cgroup.procs`, String(process.pid));
    return dir;
  } catch {
    try {
      rmdirSync(dir);
    } catch {
      /* none was made */
    }
    return undefined;
  }
}

/**
 * "<seconds> all" from the group, which is then removed: this process and whatever of the command
 * still ends (the group's signal follows) move back to the parent group first. Else "<seconds> waited".
 */
function cpuFigure() {
  if (cpuGroup) {
    const ns = Number(readFileSync(`${cpuGroup}/cpuacct.usage`, 'utf8'));
    const parent = `${cpuGroup.slice(0, cpuGroup.lastIndexOf('/'))}/cgroup.procs`;
    for (const pid of readFileSync(`${cpuGroup}/cgroup.procs`, 'utf8').split('\n').filter(Boolean)) {
      try {
        writeFileSync(parent, pid);
      } catch {
        /* already gone */
      }
    }
    try {
      rmdirSync(cpuGroup);
    } catch {
      /* a process was born in it meanwhile: the group stays, and is counted no more */
    }
    return `${ns / 1e9} all`;
  }
  // Fields 16 and 17 of /proc/self/stat: the waited-for children's times, in clock ticks of 1/100 s.
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return `${(Number(f[13]) + Number(f[14])) / 100} waited`;
}

child.on('exit', (code, signal) => {
  clearInterval(watch);
  if (cpuFile) {
    try {
      writeFileSync(cpuFile, cpuFigure());
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
