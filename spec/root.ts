import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

/**
 * The package root, computed once for every room: the folder that holds spec/ — the repository's
 * root in a checkout, the package's own folder when installed. Compiled for the package (npm run
 * build:cli) this file sits in dist/spec/, so the root is then the folder above dist/.
 */
export const ROOT = packageRoot(resolve(__dirname, '..'));

export function packageRoot(up: string): string {
  return basename(up) === 'dist' && existsSync(join(up, '..', 'package.json')) ? resolve(up, '..') : up;
}
