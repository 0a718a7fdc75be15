import fs from 'node:fs';
import path from 'node:path';
import { nextBin, repoRoot, runCommand } from '../launcher';
import { withQuietBuildLock } from './util';

/** The benchmark's baseline app (real files, not template strings). */
export const BARE_APP = path.join(repoRoot(), 'fixtures', 'bare-next');

/** Copies fixtures/bare-next to workDir, links the repository's node_modules, builds it; returns its export folder and build time. */
export async function buildBare(workDir: string): Promise<{ out: string; ms: number }> {
  const dir = path.join(workDir, 'bare');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(BARE_APP, dir, { recursive: true, filter: (src) => !/[\\/](node_modules|\.next|out)$/.test(src) });
  fs.symlinkSync(path.join(repoRoot(), 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const logFile = path.join(workDir, 'bare-build.log');
  const r = await withQuietBuildLock(() =>
    runCommand(process.execPath, [nextBin(), 'build'], {
      cwd: dir,
      env: { NEXT_TELEMETRY_DISABLED: '1', NEXT_IGNORE_INCORRECT_LOCKFILE: '1', NODE_ENV: 'production' },
      output: { file: logFile },
    }),
  );
  if (r.code !== 0) {
    throw new Error(`The bare Next.js build failed (exit ${r.code}); log: ${logFile}\n${fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n')}`);
  }
  return { out: path.join(dir, 'out'), ms: r.ms };
}
