import fs from 'node:fs';

/**
 * `npm run x` (and `npx x`) run the command as npm → sh -c → tsx → node. A SIGTERM to npm (what
 * `timeout` and CI runners send) reaches npm's child, the shell, which dies without passing it
 * on: tsx and the real process carry on, orphaned. So a long-running command watches the
 * processes between itself and the nearest npm/npx above it, and calls `onGone` when one of them
 * is gone. Linux only (/proc); elsewhere, and when not started through npm, it watches nothing.
 */
export function watchLaunchers(onGone: (pid: number) => void, intervalMs = 500): () => void {
  const chain = launcherChain();
  if (!chain.length) {
    // Started by npm (its variables are set) but no npm above us any more: it is already gone.
    if (process.env.npm_lifecycle_event && process.platform === 'linux' && process.ppid === 1) setImmediate(() => onGone(1));
    return () => undefined;
  }
  const timer = setInterval(() => {
    for (const pid of chain) {
      if (!alive(pid)) {
        clearInterval(timer);
        onGone(pid);
        return;
      }
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Pids from this process's parent up to and including the nearest npm/npx; empty when there is none. */
export function launcherChain(start = process.ppid): number[] {
  const chain: number[] = [];
  let pid = start;
  while (pid > 1 && chain.length < 8) {
    chain.push(pid);
    if (isNpm(pid)) return chain;
    const parent = parentOf(pid);
    if (parent === undefined) break;
    pid = parent;
  }
  return [];
}

function isNpm(pid: number): boolean {
  try {
    const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return cmd[0] === 'npm' || cmd[0] === 'npx' || cmd.some((a) => /[\\/]npm-cli\.js$|[\\/]npx-cli\.js$/.test(a)) || /^npm (run|exec|test|start)\b/.test(cmd.join(' '));
  } catch {
    return false;
  }
}

/** The parent pid of a process (Linux /proc), or undefined when it is gone. */
export function parentOf(pid: number): number | undefined {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces and parentheses.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
