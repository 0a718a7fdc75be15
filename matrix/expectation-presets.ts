/**
 * Ready-made expectations per framework version, generated from the matrix's cited
 * table (matrix/expected.ts) into spec/expectations/<preset>.json by `npm run matrix --
 * --write-expected`; a unit test keeps them in step. Only the framework's own deviations go in:
 * the rows a template build of that version is expected to FAIL, each with the table's `because`
 * and the file and line of that version's `next` package that causes it. Rows the template leaves
 * untested (C7.3's build identifier when no deploymentId is configured) belong to a site, not to
 * the framework, and stay out.
 *
 * One preset per version (`next@16`) when every config of that version in versions.json fails the
 * same rows for the same reasons; when configs differ, one preset per config, named
 * `next@<version>+<config>` (the `default` config keeps the plain name).
 */
import { writeFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CLAUSES, type Mode } from '../spec/clauses';
import type { Expectation as Waiver, PresetFile } from '../conformance/expectations/model';
import { contextOf, expectationsFor, type Expectation as Row } from './expected';
import { loadVersions, planMatrix, type BuildPlan } from './versions';
import { zeroConfig } from './template';
import { ROOT } from '../spec/root';

export const PRESET_OUT = join(ROOT, 'spec', 'expectations');

export const presetFileName = (preset: string) => `${preset.replace(/[@+]/g, '-')}.json`;

/** Where to read the cited file: the published package's own file on unpkg (the table cites paths inside it). */
export const citeLink = (next: string, cite: string) => `https://unpkg.com/next@${next}/${cite.replace(/:\d+$/, '')}`;

/** The modes a row (clause or part) applies in, among those given. */
function rowModes(id: string, modes: readonly Mode[]): Mode[] {
  const [cid, pid] = id.split('/');
  const c = CLAUSES.find((x) => x.id === cid)!;
  const own = pid ? (c.parts?.find((p) => p.id === pid)?.modes ?? c.modes) : c.modes;
  return modes.filter((m) => own.includes(m));
}

/** The failed rows of one version × config, as waivers (a mode only where the row fails in some of the modes it applies in). */
function waiversOf(builds: BuildPlan[]): Waiver[] {
  const next = builds[0].pin.next;
  const modes = builds.map((b) => b.mode);
  const failed = new Map<string, Map<Mode, Row>>();
  for (const b of builds) {
    for (const [id, row] of Object.entries(expectationsFor(contextOf(b)))) {
      if (row.verdict !== 'failed') continue;
      if (!failed.has(id)) failed.set(id, new Map());
      failed.get(id)!.set(b.mode, row);
    }
  }
  const out: Waiver[] = [];
  // In the registry's row order (a server-only row such as R2.5/server sits with its clause).
  const order = Object.keys(expectationsFor(contextOf(builds[0])));
  const rowsInOrder = [...failed.entries()].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  for (const [id, byMode] of rowsInOrder) {
    const rows = [...byMode.values()];
    const same = rows.every((r) => r.because === rows[0].because && r.cite.join() === rows[0].cite.join());
    const everywhere = rowModes(id, modes).every((m) => byMode.has(m));
    const groups: [Mode | undefined, Row][] = same && everywhere ? [[undefined, rows[0]]] : [...byMode.entries()];
    for (const [mode, r] of groups) {
      out.push({
        clause: id,
        ...(mode ? { mode } : {}),
        verdict: 'failed',
        reason: r.because,
        link: citeLink(next, r.cite[0]),
        cite: r.cite.map((c) => `next@${next} ${c}`),
      });
    }
  }
  return out;
}

/** Every preset the table implies, in versions.json order. */
export function presets(): PresetFile[] {
  const v = loadVersions();
  // The ordinary sites judged zero-config are measurements of how much discovery finds, not site families a team picks a preset for.
  const builds = planMatrix(v).builds.filter((b) => !zeroConfig(b.site));
  const out: PresetFile[] = [];
  // In the order of the implementations (an object's integer-like keys such as "16" would come first).
  // One preset family per version and site kind: a team's site is one of them (the App Router
  // template's family keeps the plain name, next@<v>; the others add +pages-router or +mixed).
  for (const [version, site] of unique(builds.map((b) => `${b.version}|${b.site}`)).map((k) => k.split('|') as [string, keyof typeof SITE_WORDS])) {
    const ofVersion = builds.filter((b) => b.version === version && b.site === site);
    const configs = [...new Set(ofVersion.map((b) => b.config))];
    const perConfig = configs.map((config) => ({ config, waivers: waiversOf(ofVersion.filter((b) => b.config === config)) }));
    const agree = perConfig.every((p) => JSON.stringify(p.waivers) === JSON.stringify(perConfig[0].waivers));
    const groups = agree ? [{ configs, waivers: perConfig[0].waivers }] : perConfig.map((p) => ({ configs: [p.config], waivers: p.waivers }));
    for (const g of groups) {
      const preset = `next@${version}${site === 'app' ? '' : `+${site}`}${agree || g.configs[0] === 'default' ? '' : `+${g.configs[0]}`}`;
      const measuredOn = ofVersion[0].pin.next;
      const configText = g.configs.map((c) => `${c} (${Object.keys(v.configs[c]).length ? JSON.stringify(v.configs[c]) : 'nothing added'})`).join(', ');
      out.push({
        $comment: `Generated from matrix/expected.ts by \`npm run matrix -- --write-expected\`: do not edit by hand. The deviations of Next.js ${version} from the spec that the matrix's ${SITE_WORDS[site]} shows (next@${measuredOn}, next.config ${configText}), each with the framework file and line that causes it. ${g.waivers.length ? '' : 'None: every normative clause the template can show passes. '}Use it with --expectations ${preset} or "expectations": ["${preset}"] in the config; a clause your site leaves untested needs an expectation of your own.`,
        preset,
        framework: { name: 'Next.js', npm: 'next', version, measuredOn, site, config: g.configs, nextConfig: g.configs.map((c) => v.configs[c]) },
        expectations: g.waivers,
      });
    }
  }
  return out;
}

const SITE_WORDS: Record<Extract<BuildPlan['site'], 'app' | 'pages-router' | 'mixed'>, string> = {
  app: 'App Router template',
  'pages-router': 'Pages Router template (a Pages-Router-only site)',
  mixed: 'Pages Router template with an app/ directory (a site on both routers)',
};

function unique(xs: string[]): string[] {
  return [...new Set(xs)];
}

/** File name → content of every preset. */
export function presetFiles(): Record<string, string> {
  return Object.fromEntries(presets().map((p) => [presetFileName(p.preset), `${JSON.stringify(p, null, 2)}\n`]));
}

/** Writes spec/expectations/ afresh (a preset no longer implied by the table is removed). */
export function writePresets(dir = PRESET_OUT): string[] {
  const files = presetFiles();
  mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(dir)) if (f.endsWith('.json') && !(f in files)) rmSync(join(dir, f));
  for (const [f, text] of Object.entries(files)) writeFileSync(join(dir, f), text);
  return Object.keys(files);
}
