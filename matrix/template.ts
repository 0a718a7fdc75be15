/**
 * The matrix site's sources: the create-next-app `app` TypeScript template of a version, changed
 * only as fixtures/implementations/README.md lists, plus the extra pages of pages-extra/.
 * The text changes are pure functions (unit-tested); assemble() writes the site folder.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Mode } from './versions';

export const PAGES_EXTRA = join(__dirname, '..', 'fixtures', 'implementations', 'pages-extra');

/** Stand-in for next/font/google's Geist fonts: same call shape, no download at build time. */
export const OFFLINE_FONTS = `// Matrix site: replaces next/font/google, which downloads the fonts at build time (no network here).
// Same call shape as Geist()/Geist_Mono(); the page falls back to the CSS font stack.
type FontOptions = { variable: string; subsets?: string[] };
type Font = { variable: string; className: string; style: { fontFamily: string } };

function offline(options: FontOptions): Font {
  return { variable: "", className: "", style: { fontFamily: "system-ui, sans-serif" } };
}

export const Geist = offline;
export const Geist_Mono = offline;
`;

/** Layout text with `next/font/google` replaced by ./offline-fonts; unchanged (and false) when it has none. */
export function replaceGoogleFonts(layout: string): { text: string; changed: boolean } {
  const re = /from\s+["']next\/font\/google["']/;
  if (!re.test(layout)) return { text: layout, changed: false };
  return { text: layout.replace(re, 'from "./offline-fonts"'), changed: true };
}

/**
 * The template's next.config with the matrix fields merged into its config object. The templates
 * write `const nextConfig = {};` (14.2, .mjs) or `const nextConfig: NextConfig = { /* … *\/ };`
 * (15.5, 16, .ts); anything else is an error rather than a silent miss.
 */
export function patchNextConfig(text: string, fields: Record<string, unknown>): string {
  const re = /(const nextConfig(?::\s*NextConfig)?\s*=\s*)\{[^}]*\}/;
  if (!re.test(text)) throw new Error('next.config of the template has no `const nextConfig = { … }` to patch; update template.ts for this version.');
  const body = JSON.stringify(fields, null, 2);
  return text.replace(re, `$1${body}`);
}

/** next.config fields of a build: the config variant's, plus what a static export needs. */
export function configFieldsFor(mode: Mode, variant: Record<string, unknown>): Record<string, unknown> {
  return {
    ...(mode === 'static' ? { output: 'export', images: { unoptimized: true } } : {}),
    ...variant,
  };
}

/** Every file under dir (relative paths, sorted) — for hashing the build's inputs. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(dir, full));
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

/** Folders of extra pages copied over the template for a mode (server-only pages in server builds only). */
export function extraDirs(mode: Mode): string[] {
  return mode === 'server' ? [join(PAGES_EXTRA, 'common'), join(PAGES_EXTRA, 'server')] : [join(PAGES_EXTRA, 'common')];
}

/**
 * Writes the site into `appDir`: the template (dotfile names restored as create-next-app does),
 * the font and config changes, then the extra pages. Build output folders are removed first.
 */
export function assemble(opts: { templateDir: string; appDir: string; mode: Mode; configFields: Record<string, unknown> }): string[] {
  const { templateDir, appDir, mode } = opts;
  const changes: string[] = [];
  rmSync(appDir, { recursive: true, force: true });
  mkdirSync(appDir, { recursive: true });
  cpSync(templateDir, appDir, { recursive: true });
  // gitignore and README-template.md stay as shipped (create-next-app renames them; the build ignores them).
  const layoutFile = join(appDir, 'app', 'layout.tsx');
  const fonts = replaceGoogleFonts(readFileSync(layoutFile, 'utf8'));
  if (fonts.changed) {
    writeFileSync(layoutFile, fonts.text);
    writeFileSync(join(appDir, 'app', 'offline-fonts.ts'), OFFLINE_FONTS);
    changes.push('app/layout.tsx: next/font/google → ./offline-fonts');
  }
  const configFile = ['next.config.ts', 'next.config.mjs', 'next.config.js'].map((f) => join(appDir, f)).find(existsSync);
  if (!configFile) throw new Error(`No next.config in the template at ${templateDir}.`);
  const fields = configFieldsFor(mode, opts.configFields);
  writeFileSync(configFile, patchNextConfig(readFileSync(configFile, 'utf8'), fields));
  changes.push(`${relative(appDir, configFile)}: ${JSON.stringify(fields)}`);
  for (const dir of extraDirs(mode)) {
    cpSync(dir, appDir, { recursive: true });
    changes.push(`+ ${listFiles(dir).length} files from ${relative(join(PAGES_EXTRA, '..'), dir)}`);
  }
  return changes;
}
