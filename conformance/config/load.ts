import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import Ajv, { type ErrorObject } from 'ajv';
import { UsageError } from '../run/args';
import { shownPath } from '../../launcher/format';
import type { SpecConformanceConfig } from './model';
import { ROOT } from '../../spec/root';

/**
 * The config file, Playwright's way: spec-conformance.config.<ext> in the working directory (the
 * first of these extensions found), or the file --config names. Schema:
 * spec/schemas/config.schema.json; docs/config.md.
 */
export const CONFIG_EXTENSIONS = ['ts', 'mts', 'cts', 'js', 'mjs', 'cjs', 'json'] as const;
export const CONFIG_BASENAME = 'spec-conformance.config';
export const CONFIG_SCHEMA_FILE = join(ROOT, 'spec', 'schemas', 'config.schema.json');

export interface LoadedConfig {
  /** Absolute path of the file. */
  file: string;
  /** Its folder: the base of the relative paths in it. */
  dir: string;
  config: SpecConformanceConfig;
}

/** The config file in `cwd`, if there is one. */
export function findConfigFile(cwd = process.cwd()): string | undefined {
  return CONFIG_EXTENSIONS.map((ext) => join(cwd, `${CONFIG_BASENAME}.${ext}`)).find((f) => existsSync(f));
}

/**
 * Reads, evaluates and validates a config file. JSON is parsed; TypeScript and JavaScript are
 * loaded by the package's own Playwright (its TypeScript transform, the one that loads
 * playwright.config.ts), so no TypeScript tool is needed at run time. Any problem is a UsageError
 * naming the file (and the bad key).
 */
export interface LoadOptions {
  /** --target was given (it replaces the config's targets), or --merge or --from-report (no target is visited): the targets' URLs need not be set (a config reading one from an unset variable still loads). */
  targetsReplaced?: boolean;
}

export async function loadConfig(path: string, opts: LoadOptions = {}): Promise<LoadedConfig> {
  const file = resolve(path);
  // Named as the user's working directory sees it (a config found by convention comes here absolute).
  const named = shownPath(file);
  if (!existsSync(file)) throw new UsageError(`Config file ${named} does not exist.`);
  let data: unknown;
  if (file.endsWith('.json')) {
    try {
      data = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      throw new UsageError(`Config file ${named} is not valid JSON: ${(e as Error).message.split('\n')[0]}.`);
    }
  } else {
    data = await evaluate(file, named);
    if (!opts.targetsReplaced) unsetUrlVariable(data, readFileSync(file, 'utf8'), named);
  }
  const errors = validateConfig(opts.targetsReplaced ? withoutTargetUrls(data) : data);
  if (errors.length) throw new UsageError(`Config file ${named} is not valid: ${errors.join('; ')} (schema spec/schemas/config.schema.json, docs/config.md).`);
  return { file, dir: dirname(file), config: data as SpecConformanceConfig };
}

type TargetsLike = { targets?: { url?: unknown }[] };
const unsetUrl = (t: { url?: unknown } | null | undefined) => !!t && typeof t === 'object' && (t.url === undefined || t.url === '');

/**
 * A code config that takes a target's URL from an environment variable (`url: process.env.SITE_URL`)
 * run where that variable is unset or empty: said as such, naming the variable, not as a missing key.
 */
function unsetUrlVariable(data: unknown, text: string, named: string): void {
  const targets = (data as TargetsLike | undefined)?.targets;
  if (!Array.isArray(targets) || !targets.some(unsetUrl)) return;
  const names = [...text.matchAll(/\burl\s*:\s*process\.env(?:\.([A-Za-z_][A-Za-z0-9_]*)|\[\s*['"]([^'"]+)['"]\s*\])/g)].map((m) => m[1] ?? m[2]);
  const name = names.find((n) => !process.env[n]);
  if (!name) return;
  throw new UsageError(`Config file ${named} takes the target's URL from the environment variable ${name}, which is ${process.env[name] === undefined ? 'not set' : 'empty'}: set it to the deployment's address (${name}=https://… npx spec-conformance), or give --target <url> --mode <mode>.`);
}

/** The config as validated when --target replaces its targets: their URLs are not used, so an unset one is no error (their other keys still are). */
function withoutTargetUrls(data: unknown): unknown {
  const targets = (data as TargetsLike | undefined)?.targets;
  if (!Array.isArray(targets)) return data;
  return { ...(data as object), targets: targets.map((t) => (unsetUrl(t) ? { ...t, url: 'https://replaced-by-target.invalid' } : t)) };
}

type PlaywrightTransform = { transform: { requireOrImport(file: string): Promise<unknown> } };

async function evaluate(file: string, named: string): Promise<unknown> {
  let mod: unknown;
  try {
    // Playwright's own loader (the pinned version this package ships): TypeScript and ES modules alike.
    const { transform } = require('playwright/lib/common') as PlaywrightTransform;
    mod = await transform.requireOrImport(file);
  } catch (e) {
    throw new UsageError(`Config file ${named} could not be loaded: ${(e as Error).message.split('\n')[0]}.`);
  }
  // `export default {…}` (or module.exports = {…}), as Playwright reads its own config.
  const value = mod && typeof mod === 'object' && 'default' in mod ? (mod as { default: unknown }).default : mod;
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new UsageError(`Config file ${named} exports no configuration object: write \`export default defineConfig({ … })\` (docs/config.md).`);
  return { ...(value as object) };
}

let validator: ReturnType<Ajv['compile']> | undefined;

/** Validates a config against spec/schemas/config.schema.json; readable errors, the bad key named (empty = valid). */
export function validateConfig(data: unknown): string[] {
  validator ??= new Ajv({ allErrors: true, verbose: true }).compile(JSON.parse(readFileSync(CONFIG_SCHEMA_FILE, 'utf8')));
  if (validator(data)) return [];
  return describeErrors(validator.errors ?? []);
}

/** One message per problem; the alternatives of a oneOf are collapsed into the most specific error found. */
export function describeErrors(errors: ErrorObject[]): string[] {
  const specific = errors.filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'if');
  // Within a oneOf, the alternative whose own keys were wrong says more than "must be string".
  const strong = new Set(specific.filter((e) => ['additionalProperties', 'required', 'enum', 'pattern', 'minimum', 'minItems', 'maxItems', 'minLength'].includes(e.keyword)).map((e) => e.instancePath));
  const shown = specific.filter((e) => !(e.keyword === 'type' && [...strong].some((p) => p === e.instancePath || p.startsWith(`${e.instancePath}/`))));
  const out = (shown.length ? shown : errors).map((e) => {
    const at = where(e.instancePath);
    switch (e.keyword) {
      case 'additionalProperties':
        return `unknown key "${(e.params as { additionalProperty: string }).additionalProperty}"${at ? ` in ${at}` : ''} (allowed: ${allowed(e)})`;
      case 'required':
        return `${at || 'the config'} needs "${(e.params as { missingProperty: string }).missingProperty}"`;
      case 'enum':
        return `${at} must be one of ${((e.params as { allowedValues: unknown[] }).allowedValues).map((v) => JSON.stringify(v)).join(', ')}`;
      case 'oneOf':
        return `${at} is neither of the allowed forms`;
      default:
        return `${at || 'the config'} ${e.message ?? 'is invalid'}`;
    }
  });
  return [...new Set(out)];
}

function allowed(e: ErrorObject): string {
  const props = (e.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return props ? Object.keys(props).filter((k) => k !== '$schema').join(', ') : 'see the schema';
}

/** "/targets/0/url" → "targets[0].url". */
function where(pointer: string): string {
  return pointer.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')).reduce((acc, s) => (/^\d+$/.test(s) ? `${acc}[${s}]` : acc ? `${acc}.${s}` : s), '');
}

