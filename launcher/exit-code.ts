import { constants } from 'node:os';

/**
 * The one exit-code rule of the project: a child's own exit code, else 128 + the number of the
 * signal that ended it (what a shell reports: SIGINT 130, SIGTERM 143), else 1. A program stopped
 * by a signal exits the same way. guard.cjs and bin/spec-conformance.mjs, plain JavaScript run
 * without tsx, spell the same rule in one line each.
 */
export function exitCodeOf(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code;
  return signal ? signalExitCode(signal) : 1;
}

/** 128 + the signal's number. */
export function signalExitCode(signal: NodeJS.Signals): number {
  return 128 + (constants.signals[signal] ?? 0);
}
