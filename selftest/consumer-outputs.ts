import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Files of a folder (absolute), node_modules, the package's tarball and npm's lockfile left out: npm's, not the tool's. */
export function writtenFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    if (n === 'node_modules' || n.endsWith('.tgz') || n === 'package-lock.json') return [];
    const abs = join(dir, n);
    return statSync(abs).isDirectory() ? writtenFiles(abs) : [abs];
  });
}

/**
 * The files that name a path of this machine (`needles`: the project's folder, the work folder above
 * it, the home folder), each as "file: the path named". Images and archives are left out (no text).
 */
export function machinePaths(files: readonly string[], needles: readonly string[]): string[] {
  const paths = needles.filter((n) => n.length > 1);
  return files.filter((f) => !/\.(png|jpe?g|webm|zip)$/.test(f)).flatMap((f) => {
    let text = '';
    try { text = readFileSync(f, 'utf8'); } catch { return []; }
    const hit = paths.find((n) => text.includes(n));
    return hit ? [`${f}: names ${hit}`] : [];
  });
}
