import fs from 'node:fs';
import path from 'node:path';
import { runCommand } from '../../launcher';
import { StaleMutantError } from './rules';
import { ROOT } from '../../spec/root';

/**
 * A change only a rebuild can make ("the route group flattened" — the group is in the
 * router tree of every answer, so no rewrite of the built site can take it out honestly): the
 * repository's tracked files are copied, the site's source is changed, and the static export is
 * built with the project's own Next.js, as `npm run site:build:static` builds the reference.
 */
export interface SourceEdits {
  /** Folders whose children move into another folder (paths from the repository root). */
  moveChildren: { from: string; to: string }[];
}

/**
 * Every relative import of a file moved from folder `from` to folder `to`, re-pointed from its new
 * place to what it named before (a file that moved along is named at its new place).
 */
export function repoint(text: string, oldFile: string, newFile: string, from: string, to: string): string {
  return text.replace(/(from\s+|import\s*\(\s*|import\s+)(['"])(\.{1,2}\/[^'"]+)\2/g, (_all, lead: string, q: string, spec: string) => {
    const old = path.resolve(path.dirname(oldFile), spec);
    const inside = !path.relative(from, old).startsWith('..');
    const target = inside ? path.join(to, path.relative(from, old)) : old;
    let next = path.relative(path.dirname(newFile), target).split(path.sep).join('/');
    if (!next.startsWith('.')) next = `./${next}`;
    return `${lead}${q}${next}${q}`;
  });
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** Builds the changed site's static export; returns its folder. Throws StaleMutantError when a folder to move is gone. */
export async function buildFromSource(id: string, edits: SourceEdits, work: string): Promise<string> {
  const root = ROOT;
  const copy = path.join(work, `${id}-source`);
  fs.rmSync(copy, { recursive: true, force: true });
  const listed = await runCommand('git', ['ls-files', '-z'], { cwd: root, output: 'capture', timeoutMs: 60_000 });
  if (listed.code !== 0) throw new Error(`${id}: git ls-files failed (exit ${listed.code}): the source mutants need the repository's git checkout`);
  const tracked = listed.output.split('\0').filter(Boolean);
  for (const f of tracked) {
    const from = path.join(root, f);
    if (!fs.existsSync(from) || fs.lstatSync(from).isDirectory()) continue;
    fs.mkdirSync(path.dirname(path.join(copy, f)), { recursive: true });
    fs.copyFileSync(from, path.join(copy, f));
  }
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'));
  for (const { from, to } of edits.moveChildren) {
    const src = path.join(copy, from);
    if (!fs.existsSync(src)) throw new StaleMutantError(id, [`${from} is not in the repository any more`]);
    for (const oldFile of filesUnder(src)) {
      const newFile = path.join(copy, to, path.relative(src, oldFile));
      if (fs.existsSync(newFile)) throw new StaleMutantError(id, [`${path.relative(copy, newFile)} exists already: moving ${from} would overwrite it`]);
      fs.mkdirSync(path.dirname(newFile), { recursive: true });
      const text = fs.readFileSync(oldFile, 'utf8');
      fs.writeFileSync(newFile, /\.(tsx?|jsx?|mjs)$/.test(oldFile) ? repoint(text, oldFile, newFile, src, path.join(copy, to)) : text);
    }
    fs.rmSync(src, { recursive: true });
  }
  const log = path.join(work, `${id}-build.log`);
  const r = await runCommand('npx', ['tsx', 'site/scripts/cli.ts', 'build', '--mode', 'static', '--quiet'], {
    cwd: copy, env: { NEXT_TELEMETRY_DISABLED: '1' }, output: { file: log }, timeoutMs: 10 * 60_000,
  });
  if (r.code !== 0) throw new Error(`${id}: the changed site did not build (exit ${r.code}); log: ${log}`);
  return path.join(copy, 'site', 'out');
}
