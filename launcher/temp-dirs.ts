import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Temporary folders a test file makes, removed together when it is done (a test file calls
 * `afterAll(dirs.removeAll)`): a unit run leaves nothing in the machine's temporary folder.
 */
export function tempDirs(prefix: string): { make(): string; removeAll(): void } {
  const made: string[] = [];
  return {
    make: () => {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      made.push(dir);
      return dir;
    },
    removeAll: () => {
      for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}
