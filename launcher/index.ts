/**
 * The launcher: the one module that knows how to build, serve and stop a target of this
 * repository — the reference site in its two modes, any exported folder, any `next start`
 * build. Used by global setup, the mutants runner, the benchmark and the implementation matrix.
 * Importing it has no side effects.
 *
 *   buildSite('static' | 'server', { buildId?, quiet? })  → `next build` in site/ (guarded)
 *   serveStatic({ dir, port?, host? })                      → serves an exported folder (serve-handler, in process)
 *   serveServer({ port?, dir?, logFile? })                  → `next start` on a server build (guarded process group)
 *   isBuildFresh(mode)                                      → build output made from the sources as they are (content hash)
 *   withBuildLock(fn, opts)                                 → one build at a time; breaks a dead owner's lock
 *   spawnGuarded(cmd, args)                                 → any child in its own group that dies with its owner
 */
export * from './paths';
export * from './http';
export * from './group';
export * from './lock';
export * from './freshness';
export * from './build';
export * from './static-server';
export * from './next-server';
export * from './ancestors';
