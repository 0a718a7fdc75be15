/**
 * The launcher: the project's one process library, and the one module that knows how to build,
 * serve and stop a target of this repository — the reference site in its two modes, any exported
 * folder, any `next start` build. Every program that starts a process goes through it: the CLIs,
 * global setup, `npm test`, the shard check, the mutants, the matrix, the benchmark. Importing it
 * has no side effects.
 *
 *   spawnGuarded(cmd, args)                                 → any child in its own group that dies with its owner
 *   runCommand(cmd, args, { output, timeoutMs })            → the same, run to completion: its exit code (and output)
 *   onStopSignal(onStop?)                                   → SIGINT/SIGTERM/SIGHUP (and npm gone): stop what was started, exit 130/143
 *   exitCodeOf(code, signal)                                → the exit-code rule: code, else 128 + signal number
 *   buildSite('static' | 'server', { buildId?, quiet? })  → `next build` in site/ (guarded)
 *   serveStatic({ dir, port?, host? })                      → serves an exported folder (serve-handler, in process)
 *   serveServer({ port?, dir?, logFile? })                  → `next start` on the reference site's server build
 *   startNext({ dir, distDir?, nextBin?, env? })            → `next start` on any build with any `next` (guarded process group)
 *   isBuildFresh(mode)                                      → build output made from the sources as they are (content hash)
 *   withBuildLock(fn, opts)                                 → one build at a time; breaks a dead owner's lock
 */
export * from './paths';
export * from './http';
export * from './group';
export * from './exit-code';
export * from './output';
export * from './run-command';
export * from './signals';
export * from './lock';
export * from './freshness';
export * from './build';
export * from './static-server';
export * from './next-server';
export * from './ancestors';
