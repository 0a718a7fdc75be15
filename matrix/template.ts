/**
 * The matrix sites' sources: a create-next-app TypeScript template of a version (`app` for the
 * App Router site, `default` — the Pages Router template — for the Pages-Router-only and mixed
 * sites), changed only as fixtures/implementations/README.md lists, plus the extra pages each site
 * kind takes from fixtures/implementations/ (layers below). The text changes are pure functions
 * (unit-tested); assemble() writes the site folder.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Mode, SiteKind } from './versions';
import { ROOT } from '../spec/root';

export const FIXTURES = join(ROOT, 'fixtures', 'implementations');
export const PAGES_EXTRA = join(FIXTURES, 'pages-extra');
const PAGES_ROUTER_EXTRA = join(FIXTURES, 'pages-router-extra');
const MIXED_EXTRA = join(FIXTURES, 'mixed-extra');
const ORDINARY_EXTRA = join(FIXTURES, 'ordinary-extra');
const SHAPED_EXTRA = join(FIXTURES, 'shaped-extra');

/** A folder of extra pages copied over the template; `only` keeps the files under these relative paths. */
export interface Layer { dir: string; only?: string[] }

/** How a template is changed for an offline build: the file importing next/font/google and where its stand-in goes. */
interface TemplateSpec {
  /** Folder under create-next-app's dist/templates/. */
  name: 'app' | 'default';
  /** A file every usable copy of the template has (checked after unpacking). */
  marker: string;
  fontUser: string;
  /** The stand-in, outside pages/ (every .ts file there is a route). */
  fontModule: string;
  fontImport: string;
}

const TEMPLATES: Record<'app' | 'default', TemplateSpec> = {
  app: { name: 'app', marker: 'app/layout.tsx', fontUser: 'app/layout.tsx', fontModule: 'app/offline-fonts.ts', fontImport: './offline-fonts' },
  default: { name: 'default', marker: 'pages/_app.tsx', fontUser: 'pages/index.tsx', fontModule: 'lib/offline-fonts.ts', fontImport: '../lib/offline-fonts' },
};

/** A site kind: its template, its profile (none: judged zero-config, discovery alone), its layers, and whether its root layout gets the site's menu. */
export interface SiteSpec {
  template: TemplateSpec;
  profile?: string;
  layers: (mode: Mode) => Layer[];
  /** The App Router template's root layout renders the site's menu (fixtures/implementations/ordinary-extra/components/site-menu.tsx) above every page. */
  layoutMenu?: boolean;
}

/**
 * Each site kind: its template, its profile, and its layers of extra pages per mode (later layers
 * win). The Pages Router and mixed sites reuse the App Router site's files where they are the same
 * page (the Pages Router pages of pages-extra/, its App Router pages on the mixed site). The
 * ordinary sites have no profile: their columns are judged as a team judges its site, by URL alone.
 */
export const SITES: Record<SiteKind, SiteSpec> = {
  app: {
    template: TEMPLATES.app,
    profile: join(FIXTURES, 'profile.json'),
    layers: (mode) => [{ dir: join(PAGES_EXTRA, 'common') }, ...(mode === 'server' ? [{ dir: join(PAGES_EXTRA, 'server') }] : [])],
  },
  'pages-router': {
    template: TEMPLATES.default,
    profile: join(FIXTURES, 'profile-pages-router.json'),
    layers: (mode) => [
      { dir: join(PAGES_EXTRA, 'common'), only: ['pages/'] },
      { dir: join(PAGES_ROUTER_EXTRA, 'common') },
      ...(mode === 'server' ? [{ dir: join(PAGES_EXTRA, 'server'), only: ['pages/'] }, { dir: join(PAGES_ROUTER_EXTRA, 'server') }] : []),
    ],
  },
  mixed: {
    template: TEMPLATES.default,
    profile: join(FIXTURES, 'profile-mixed.json'),
    layers: (mode) => [
      { dir: join(PAGES_EXTRA, 'common'), only: ['pages/', 'app/posts/', 'app/no-prefetch/', 'app/plain/', 'app/crash/'] },
      { dir: join(PAGES_ROUTER_EXTRA, 'common'), only: ['pages/hub.tsx', 'pages/about.tsx', 'pages/tall.tsx', 'pages/untitled.tsx', 'pages/broken.tsx'] },
      { dir: join(MIXED_EXTRA, 'common') },
      ...(mode === 'server' ? [{ dir: join(PAGES_EXTRA, 'server') }] : []),
    ],
  },
  // The same pages in both modes: nothing of an ordinary site needs a server.
  ordinary: {
    template: TEMPLATES.app,
    layers: () => [{ dir: ORDINARY_EXTRA, only: ['components/', 'lib/', 'app/'] }],
    layoutMenu: true,
  },
  'ordinary-pages': {
    template: TEMPLATES.default,
    layers: () => [{ dir: ORDINARY_EXTRA, only: ['components/', 'lib/', 'pages/'] }],
  },
  // Sites of common shapes, zero-config too: each its own pages (shaped-extra/<shape>/).
  'docs-pages': { template: TEMPLATES.default, layers: () => [{ dir: join(SHAPED_EXTRA, 'docs') }] },
  // The ordinary blog, its root layout replaced by its own (menu, analytics script of another origin), plus its own not-found page.
  blog: { template: TEMPLATES.app, layers: () => [{ dir: ORDINARY_EXTRA, only: ['components/', 'lib/', 'app/'] }, { dir: join(SHAPED_EXTRA, 'blog') }] },
  portfolio: { template: TEMPLATES.app, layers: () => [{ dir: join(SHAPED_EXTRA, 'portfolio') }] },
};

/** The site kinds judged with no profile (discovery alone). */
export const zeroConfig = (site: SiteKind) => SITES[site].profile === undefined;

/** The create-next-app template a site kind starts from (a folder name under dist/templates/). */
export const templateNameOf = (site: SiteKind) => SITES[site].template.name;
/** A file that proves the unpacked template is there. */
export const templateMarkerOf = (site: SiteKind) => SITES[site].template.marker;

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

/**
 * The App Router root layout with the site's menu above the page, as a site adds its menu: an
 * import after the stylesheet's and `<SiteMenu />` before `{children}` in `<body>` (14.2 writes
 * the body over three lines, 15.5 and 16 on one). Anything else is an error rather than a silent miss.
 */
export function addLayoutMenu(source: string): string {
  const body = /(<body[^>]*>)(\s*)\{children\}/;
  const css = /^import "\.\/globals\.css";$/m;
  if (!body.test(source) || !css.test(source)) throw new Error('app/layout.tsx of the template has no `import "./globals.css";` or no `<body …>{children}`; update template.ts for this version.');
  return source
    .replace(css, 'import "./globals.css";\nimport { SiteMenu } from "../components/site-menu";')
    .replace(body, (_m, open: string, space: string) => `${open}${space || ''}<SiteMenu />${space || ''}{children}`);
}

/** Source text with `next/font/google` replaced by the stand-in (default ./offline-fonts); unchanged (and false) when it has none. */
export function replaceGoogleFonts(source: string, stand = './offline-fonts'): { text: string; changed: boolean } {
  const re = /from\s+["']next\/font\/google["']/;
  if (!re.test(source)) return { text: source, changed: false };
  return { text: source.replace(re, `from "${stand}"`), changed: true };
}

/**
 * The template's next.config with the matrix fields merged into its config object: the template's
 * own fields (the `default` template's `reactStrictMode: true`) are kept, the matrix's added (they
 * win on a clash). The templates write `const nextConfig = {};` (14.2, .mjs) or
 * `const nextConfig: NextConfig = { /* … *\/ };` (15.5, 16, .ts), with at most simple `key: value`
 * fields; anything else is an error rather than a silent miss.
 */
export function patchNextConfig(text: string, fields: Record<string, unknown>): string {
  const re = /(const nextConfig(?::\s*NextConfig)?\s*=\s*)\{([^}]*)\}/;
  const m = re.exec(text);
  if (!m) throw new Error('next.config of the template has no `const nextConfig = { … }` to patch; update template.ts for this version.');
  const body = JSON.stringify({ ...ownConfigFields(m[2]), ...fields }, null, 2);
  return text.replace(re, `$1${body}`);
}

/** The `key: value` fields of a template's config object (values JSON: true, numbers, "strings"); comments dropped. */
function ownConfigFields(body: string): Record<string, unknown> {
  const code = body.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  const out: Record<string, unknown> = {};
  for (const field of code.split(',').map((f) => f.trim()).filter(Boolean)) {
    const kv = /^([A-Za-z_$][\w$]*)\s*:\s*(.+)$/s.exec(field);
    let value: unknown;
    try {
      value = kv ? JSON.parse(kv[2]) : undefined;
    } catch {
      value = undefined;
    }
    if (!kv || value === undefined) throw new Error(`next.config of the template has a field the matrix cannot keep: "${field}"; update template.ts for this version.`);
    out[kv[1]] = value;
  }
  return out;
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

/** The layers of extra pages of a site kind in a mode (server-only pages in server builds only). */
export function layersOf(site: SiteKind, mode: Mode): Layer[] {
  return SITES[site].layers(mode);
}

/** The files a layer copies (relative to its folder, sorted). */
export function layerFiles(layer: Layer): string[] {
  const all = listFiles(layer.dir);
  return layer.only ? all.filter((f) => layer.only!.some((p) => (p.endsWith('/') ? f.startsWith(p) : f === p))) : all;
}

/**
 * Writes the site into `appDir`: the template (dotfile names restored as create-next-app does),
 * the font and config changes, then the extra pages. Build output folders are removed first.
 */
export function assemble(opts: { templateDir: string; appDir: string; site: SiteKind; mode: Mode; configFields: Record<string, unknown> }): string[] {
  const { templateDir, appDir, mode } = opts;
  const tpl = SITES[opts.site].template;
  const changes: string[] = [];
  rmSync(appDir, { recursive: true, force: true });
  mkdirSync(appDir, { recursive: true });
  cpSync(templateDir, appDir, { recursive: true });
  // gitignore and README-template.md stay as shipped (create-next-app renames them; the build ignores them).
  const fontUser = join(appDir, tpl.fontUser);
  const fonts = replaceGoogleFonts(readFileSync(fontUser, 'utf8'), tpl.fontImport);
  if (fonts.changed) {
    writeFileSync(fontUser, fonts.text);
    mkdirSync(dirname(join(appDir, tpl.fontModule)), { recursive: true });
    writeFileSync(join(appDir, tpl.fontModule), OFFLINE_FONTS);
    changes.push(`${tpl.fontUser}: next/font/google → ${tpl.fontImport}`);
  }
  if (SITES[opts.site].layoutMenu) {
    const layout = join(appDir, 'app', 'layout.tsx');
    writeFileSync(layout, addLayoutMenu(readFileSync(layout, 'utf8')));
    changes.push('app/layout.tsx: + <SiteMenu /> before the page');
  }
  const configFile = ['next.config.ts', 'next.config.mjs', 'next.config.js'].map((f) => join(appDir, f)).find(existsSync);
  if (!configFile) throw new Error(`No next.config in the template at ${templateDir}.`);
  const fields = configFieldsFor(mode, opts.configFields);
  writeFileSync(configFile, patchNextConfig(readFileSync(configFile, 'utf8'), fields));
  changes.push(`${relative(appDir, configFile)}: ${JSON.stringify(fields)}`);
  for (const layer of layersOf(opts.site, mode)) {
    const files = layerFiles(layer);
    for (const f of files) {
      mkdirSync(dirname(join(appDir, f)), { recursive: true });
      cpSync(join(layer.dir, f), join(appDir, f));
    }
    changes.push(`+ ${files.length} files from ${relative(FIXTURES, layer.dir)}${layer.only ? ` (${layer.only.join(', ')})` : ''}`);
  }
  return changes;
}
