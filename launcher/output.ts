import fs from 'node:fs';
import path from 'node:path';
import type { StdioOptions } from 'node:child_process';

/**
 * Where a child's stdout and stderr go: this terminal, nowhere, kept for the caller (`capture`), or
 * a log file (written anew, or appended to).
 */
export type Output = 'inherit' | 'ignore' | 'capture' | { file: string; append?: boolean };

/** The stdio for a child (stdin ignored) and a close() to call once it is spawned: the child keeps its own copy of a log file. */
export function stdioFor(output: Output): { stdio: StdioOptions; close(): void } {
  if (typeof output === 'string') {
    const out = output === 'capture' ? 'pipe' : output;
    return { stdio: ['ignore', out, out], close: () => undefined };
  }
  fs.mkdirSync(path.dirname(output.file), { recursive: true });
  const fd = fs.openSync(output.file, output.append ? 'a' : 'w');
  return { stdio: ['ignore', fd, fd], close: () => fs.closeSync(fd) };
}
