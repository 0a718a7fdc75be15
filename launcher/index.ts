/**
 * The launcher: the project's one process library. Every program that starts a process goes through
 * it — the CLI, `npm test`, the targets' builds and servers, the mutants, the matrix, the bench — and
 * it alone imports node:child_process (bin/, plain JavaScript run before any of it, is the one other
 * place; selftest/house/folders.test.ts holds both to that). What it builds and serves is not its
 * business: that is targets/. Importing it has no side effects.
 *
 *   spawnGuarded(cmd, args)                        → any child in its own group that dies with its owner
 *   runCommand(cmd, args, { output, timeoutMs })   → the same, run to completion: its exit code (and output)
 *   runSync(cmd, args, { timeoutMs })              → a short question answered in milliseconds (--version, git, pgrep)
 *   onStopSignal(onStop?)                          → SIGINT/SIGTERM/SIGHUP (and npm gone): stop what was started, exit 130/143
 *   exitCodeOf(code, signal)                       → the exit-code rule: code, else 128 + signal number
 *   withLock(fn, { lockDir })                      → one holder at a time; breaks a dead owner's lock
 *   freePort() · listenOn(server) · waitForHttp()  → the HTTP plumbing of servers
 *   seconds(ms)                                    → how a duration is written
 */
export * from './http';
export * from './group';
export * from './exit-code';
export * from './output';
export * from './run-command';
export * from './run-sync';
export * from './signals';
export * from './lock';
export * from './ancestors';
export * from './format';
