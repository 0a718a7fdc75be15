/**
 * Known deviations with their reasons: an expectation says which verdict a clause, or
 * one part of it ("R2.5/client"), is expected to have on this target, in one mode or in every
 * mode, and why. The gate (conformance/report/build-report.ts) then passes when every verdict is
 * as expected, fails on an unexpected verdict, and fails on an unexpected pass too, so a fixed
 * deviation is noticed. Without an expectation a clause is expected to pass.
 *
 * Inputs: a preset shipped with the package (`next@16`: spec/expectations/next-16.json, generated
 * from the matrix's cited table by `npm run matrix -- --write-expected`), a JSON file (a list of
 * expectations, or `{ "expectations": [...] }`, spec/schemas/expectations.schema.json), or a list
 * given inline (the config file's `expectations` key). Later inputs override earlier ones for the
 * same clause or part and mode. Pure apart from reading the files named; imports no harness code.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { CLAUSES, MODES, type Clause, type Mode } from '../../spec/clauses';
import { VERDICTS, type Verdict } from '../outcome/verdict';
import { shownPath } from '../../launcher/format';
import { ROOT } from '../../spec/root';

export interface Expectation {
  /** A normative clause ("R2.5") or one of its parts ("R2.5/client"). */
  clause: string;
  /** Absent: every mode the clause (or part) applies to. */
  mode?: Mode;
  verdict: Verdict;
  /** Why this verdict is expected, in words a reviewer can check. */
  reason: string;
  link?: string;
  /** Where it came from: 'preset next@16', 'file: <path>', 'config: <file>'. */
  source?: string;
  /** Presets: the framework file and line that causes the deviation ("next@16.4.6 dist/…:46"). */
  cite?: string[];
}

/** The team's accepted verdicts, read by convention beside the config (written by --update-expectations: report/baseline.ts). */
export const BASELINE_FILE = 'spec-conformance.expectations.json';

/** A preset name like 'next@16', a JSON file path (relative to baseDir), or a list given inline. */
export type ExpectationsInput = string | Expectation[];

/** A preset as stored in spec/expectations/<name>.json (generated; see matrix/expectation-presets.ts). */
export interface PresetFile {
  $comment?: string;
  /** The name users give: "next@16". */
  preset: string;
  framework: {
    name: 'Next.js';
    npm: 'next';
    /** The version key of the matrix's table: "16", "15.5". */
    version: string;
    /** The release the table was measured on: "16.4.6". */
    measuredOn: string;
    /** Which matrix site shows them: the App Router template (`app`), a Pages-Router-only site, or a site on both routers. */
    site: 'app' | 'pages-router' | 'mixed';
    /** The matrix configs (matrix/versions.json) it holds for, and what each adds to next.config ({} for none). */
    config: string[];
    nextConfig: Record<string, unknown>[];
  };
  expectations: Expectation[];
}

/** Folder of the shipped presets: <package>/spec/expectations (the package root is spec/root.ts's, compiled or not). */
export const PRESET_DIR = join(ROOT, 'spec', 'expectations');

/** The shipped presets, by name. */
export function loadPresets(dir = PRESET_DIR): Map<string, PresetFile> {
  const out = new Map<string, PresetFile>();
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return out;
  }
  for (const f of files) {
    const p = JSON.parse(readFileSync(join(dir, f), 'utf8')) as PresetFile;
    if (p?.preset) out.set(p.preset, p);
  }
  return new Map([...out.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

/** `next@16`, `next@15.5+stale`: a name, not a path (no slash, no .json). */
export const looksLikePreset = (s: string): boolean => /^[a-z][\w.-]*@[\w.+-]+$/i.test(s) && !/\.json$/i.test(s);

/**
 * Reads and checks every input, in order; returns the expectations with their `source`. Throws an
 * Error naming the input and the entry on: an unknown preset, an unreadable file, an unknown
 * clause or part, a clause that is not normative, a part or mode where the clause does not
 * apply, a bad verdict, a missing reason.
 */
export function resolveExpectations(inputs: ExpectationsInput[], baseDir: string, presets: Map<string, PresetFile> = loadPresets(), shownFrom = process.cwd()): Expectation[] {
  // Files are named as the user's shell reaches them from where the command was started (never a path of this machine's).
  const shown = (file: string) => shownPath(file, shownFrom);
  const out: Expectation[] = [];
  for (const input of inputs) {
    if (Array.isArray(input)) {
      out.push(...checkList(input, 'the expectations given inline', undefined, baseDir, shown));
      continue;
    }
    if (typeof input !== 'string' || !input.trim()) throw new Error(`An expectations input must be a preset name (${[...presets.keys()].join(', ') || 'none shipped'}) or a JSON file, not ${JSON.stringify(input)}.`);
    if (looksLikePreset(input) && !existsSync(resolve(baseDir, input))) {
      const p = presets.get(input);
      if (!p) throw new Error(`Unknown expectations preset "${input}": the package ships ${[...presets.keys()].join(', ') || 'none'}; or give a JSON file.`);
      out.push(...checkList(p.expectations, `preset ${input}`, `preset ${input}`, PRESET_DIR, shown));
      continue;
    }
    const file = isAbsolute(input) ? input : resolve(baseDir, input);
    let data: unknown;
    let bytes = 0;
    try {
      bytes = statSync(file).size;
      data = bytes > MAX_EXPECTATIONS_BYTES ? undefined : JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new Error(code === 'ENOENT' ? `Expectations file ${shown(file)} does not exist (nor is "${input}" a preset: ${[...presets.keys()].join(', ')}).` : `Expectations file ${shown(file)} cannot be read: ${(e as Error).message.split('\n')[0]}.`);
    }
    if (bytes > MAX_EXPECTATIONS_BYTES) throw new Error(`Expectations file ${shown(file)} is ${(bytes / 1024 / 1024).toFixed(1)} MiB, over the 1 MiB an expectations file may hold (the gate reads one entry per clause or part and mode): remove the repeated entries.`);
    const list = Array.isArray(data) ? data : (data as { expectations?: unknown })?.expectations;
    if (!Array.isArray(list)) throw new Error(`Expectations file ${shown(file)} must hold a list of expectations, or an object with an "expectations" list.`);
    out.push(...checkList(list, `expectations file ${shown(file)}`, `file: ${shown(file)}`, dirname(file), shown));
  }
  return out;
}

const KEYS = new Set(['clause', 'mode', 'verdict', 'reason', 'link', 'source', 'cite']);

/** Checks each entry; a relative `link` (from `dir`, the file's folder) is named as the user reaches it (`shown`). */
function checkList(list: unknown[], where: string, source: string | undefined, dir: string, shown: (file: string) => string): Expectation[] {
  return list.map((raw, i) => {
    const at = `${where}, entry ${i + 1}`;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new Error(`${at}: an expectation is an object {clause, mode?, verdict, reason, link?}.`);
    const e = raw as Record<string, unknown>;
    for (const k of Object.keys(e)) if (!KEYS.has(k)) throw new Error(`${at}: unknown key "${k}" (an expectation has clause, mode, verdict, reason, link).`);
    if (typeof e.clause !== 'string') throw new Error(`${at}: "clause" is required: a clause ID such as "R2.5" or a part such as "R2.5/client".`);
    const label = `${at} (${e.clause})`;
    const { clause, part } = checkTarget(e.clause, label);
    if (e.mode !== undefined) {
      if (!MODES.includes(e.mode as Mode)) throw new Error(`${label}: "mode" must be ${MODES.join(' or ')} (or left out for every mode), not ${JSON.stringify(e.mode)}.`);
      const modes = part?.modes ?? clause.modes;
      if (!modes.includes(e.mode as Mode)) throw new Error(`${label}: ${e.clause} does not apply in ${e.mode as string} delivery (only ${modes.join(', ')}), so it is never judged there.`);
    }
    if (!VERDICTS.includes(e.verdict as Verdict)) throw new Error(`${label}: "verdict" must be one of ${VERDICTS.join(', ')}, not ${JSON.stringify(e.verdict)}.`);
    if (typeof e.reason !== 'string' || !e.reason.trim()) throw new Error(`${label}: "reason" is required: say why this verdict is expected (a reviewer reads it in the report).`);
    if (e.link !== undefined && (typeof e.link !== 'string' || !/^(https?:\/\/|\.{0,2}\/|[\w-]+\/)/.test(e.link))) throw new Error(`${label}: "link" must be a URL (https://…) or a relative path, not ${JSON.stringify(e.link)}.`);
    if (e.cite !== undefined && !(Array.isArray(e.cite) && e.cite.every((c) => typeof c === 'string'))) throw new Error(`${label}: "cite" must be a list of "file:line" strings.`);
    const out: Expectation = { clause: e.clause, verdict: e.verdict as Verdict, reason: e.reason };
    if (e.mode !== undefined) out.mode = e.mode as Mode;
    if (e.link !== undefined) out.link = /^https?:\/\//.test(e.link as string) ? (e.link as string) : shown(resolve(dir, e.link as string));
    if (e.cite !== undefined) out.cite = [...(e.cite as string[])];
    const src = source ?? (typeof e.source === 'string' ? e.source : undefined);
    if (src) out.source = src;
    return out;
  });
}

function checkTarget(id: string, at: string): { clause: Clause; part?: NonNullable<Clause['parts']>[number] } {
  const [cid, pid, ...more] = id.split('/');
  const clause = CLAUSES.find((c) => c.id === cid);
  if (!clause || more.length) throw new Error(`${at}: unknown clause "${cid}" (the registry has ${CLAUSES.filter((c) => c.kind === 'normative').map((c) => c.id).join(', ')}).`);
  if (clause.kind !== 'normative') throw new Error(`${at}: ${cid} is ${clause.kind}: only normative clauses are judged and gated, so an expectation for it has no effect.`);
  if (pid === undefined) return { clause };
  const part = clause.parts?.find((p) => p.id === pid);
  if (!part) throw new Error(`${at}: unknown part "${pid}" of ${cid} (${clause.parts?.length ? `its parts are ${clause.parts.map((p) => p.id).join(', ')}` : 'it has no parts'}).`);
  return { clause, part };
}

/**
 * The expectation that holds for a clause or part in one mode: the last input wins (a site file
 * after a preset overrides it). Undefined: none, so the clause is expected to pass.
 */
export function expectationFor(list: readonly Expectation[] | undefined, target: string, mode: Mode): Expectation | undefined {
  let found: Expectation | undefined;
  for (const e of list ?? []) if (e.clause === target && (e.mode === undefined || e.mode === mode)) found = e;
  return found;
}

/**
 * How large an expectations file may be. The gate reads one entry per clause or part and mode (a
 * few hundred at the most); 52,000 repeated entries made 54 MB reports before they were bounded.
 */
export const MAX_EXPECTATIONS_BYTES = 1024 * 1024;

/**
 * The expectations that can apply, in their order: an entry is left out when a later one is for the
 * same clause or part and the same mode, or for every mode — expectationFor takes the last that
 * matches, so the earlier one never would (a file repeating an entry thousands of times keeps one).
 */
export function withoutReplaced(list: readonly Expectation[]): Expectation[] {
  const everyMode = new Set<string>();
  const perMode = new Set<string>();
  const kept: Expectation[] = [];
  for (const e of [...list].reverse()) {
    if (everyMode.has(e.clause) || (e.mode && perMode.has(`${e.clause}|${e.mode}`))) continue;
    (e.mode ? perMode : everyMode).add(e.mode ? `${e.clause}|${e.mode}` : e.clause);
    kept.push(e);
  }
  return kept.reverse();
}
