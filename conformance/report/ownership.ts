import { existsSync, lstatSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isReportOfThisTool } from './validate';

/**
 * The report folder is the tool's only where it can show it: every folder a report is published
 * into holds a marker listing what the tool wrote there, and only those entries are ever moved,
 * replaced or deleted. A folder written before the marker existed counts as the tool's when its
 * conformance.json is a report of this tool (schema spec-conformance-report, this major version);
 * inside its folders only what that report names is the tool's (its evidence files, a profile per
 * mode it judged), so a team's file beside them is never taken for the report's.
 */
export const MARKER = '.spec-conformance-report.json';

/** Every name the tool writes into a report folder (the report's entries, the one before, the run's outcome, a shard's blob). */
export const REPORT_ENTRIES = ['conformance.json', 'conformance.html', 'conformance.md', 'junit.xml', 'about-this-report.html', 'evidence', 'profiles'];
export const TOOL_ENTRIES = [...REPORT_ENTRIES, 'previous', 'last-run.json', 'blob-report'];
const FOLDERS = ['evidence', 'profiles', 'previous', 'blob-report'];

interface Marker {
  tool: 'spec-conformance-harness';
  entries: string[];
  /** Every file inside the folders among the entries, relative to the marked folder: a file added there later is not the tool's. */
  files: string[];
}

/** The entries of `dir` that are the tool's: the marker's, else (a folder of an earlier release) those a report of this tool's folder holds. */
export function ownedEntries(dir: string): Set<string> {
  const marked = readMarker(dir);
  if (marked) return new Set(marked.entries);
  if (!isReportFile(join(dir, 'conformance.json'))) return new Set(legacyLastRun(dir) ? ['last-run.json', ...(onlyBlobs(join(dir, 'blob-report')) ? ['blob-report'] : [])] : []);
  return new Set(TOOL_ENTRIES.filter((e) => e !== 'previous' || isToolFolder(join(dir, e))));
}

/** Whether `dir` is a report folder the tool wrote (marked, or an earlier release's report). */
export function isToolFolder(dir: string): boolean {
  return !!readMarker(dir) || isReportFile(join(dir, 'conformance.json'));
}

/**
 * What the tool would move or delete among `names` in `out` that it did not write there: a name it
 * does not own, a file added since to a folder it owns, anything in previous/ its marker does not list.
 */
export function foreignEntries(out: string, names: readonly string[] = TOOL_ENTRIES): string[] {
  const owned = ownedEntries(out);
  const files = readMarker(out)?.files ?? reportFiles(out);
  const listed = files && new Set(files);
  return names.filter((n) => existsSync(join(out, n))).flatMap((n) => {
    if (!owned.has(n)) return [n];
    if (n === 'previous') return isToolFolder(join(out, n)) ? unlisted(join(out, n)).map((f) => `previous/${f}`) : [n];
    return listed ? filesUnder(out, n).filter((f) => !listed.has(f)) : [];
  });
}

/** In a tool's folder: every top-level entry and file its marker (an earlier release's: its report) does not list. */
function unlisted(dir: string): string[] {
  const m = readMarker(dir) ?? (() => {
    const files = reportFiles(dir);
    return files && { entries: REPORT_ENTRIES.filter((e) => existsSync(join(dir, e))), files };
  })();
  if (!m) return [];
  const tops = readdirSync(dir).filter((e) => e !== MARKER && !m.entries.includes(e));
  const listed = new Set(m.files);
  return [...tops, ...m.entries.flatMap((e) => filesUnder(dir, e)).filter((f) => !listed.has(f))];
}

/**
 * An earlier release's report folder (no marker): the files its report names inside the tool's folders —
 * each evidence file, and the profile of each mode it judged. Undefined when `dir` holds no such report.
 */
function reportFiles(dir: string): string[] | undefined {
  const report = readReport(join(dir, 'conformance.json'));
  if (!report) return undefined;
  const evidence = [...report.text.matchAll(/"(evidence\/[^"\\]+)"/g)].map((m) => m[1]);
  const modes = (report.data as { modes?: unknown }).modes;
  const profiles = Array.isArray(modes) ? modes.filter((m): m is string => typeof m === 'string').map((m) => `profiles/${m}.json`) : [];
  return [...new Set([...evidence, ...profiles])];
}

/** The files below `dir/entry`, relative to `dir` (none for a file); a link is a file, never followed. */
function filesUnder(dir: string, entry: string): string[] {
  try {
    if (!lstatSync(join(dir, entry)).isDirectory()) return [];
  } catch {
    return [];
  }
  return readdirSync(join(dir, entry)).flatMap((e) => {
    const rel = `${entry}/${e}`;
    return lstatSync(join(dir, rel)).isDirectory() ? filesUnder(dir, rel) : [rel];
  });
}

/** What a run of this kind writes into its report folder: the names that must be the tool's, or absent, before it starts. */
export function entriesWritten(kind: 'test' | 'merge' | 'report', shard: boolean): string[] {
  if (kind === 'report') return REPORT_ENTRIES.filter((e) => e !== 'evidence' && e !== 'profiles');
  return [...REPORT_ENTRIES, 'previous', 'last-run.json', ...(shard ? ['blob-report'] : [])];
}

/** The one sentence that refuses a report folder holding files of someone else's under the tool's names. */
export function foreignSentence(out: string, foreign: string[]): string {
  const names = foreign.map((f) => (FOLDERS.includes(f) ? `${f}/` : f));
  // A long list is cut: the first few name the problem, the count says how big it is.
  const shown = names.length > 5 ? [...names.slice(0, 4), `${names.length - 4} more`] : names;
  const list = shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : shown[0];
  return `--out ${out} holds ${list}, which no report of this tool wrote there (no ${MARKER} lists ${names.length > 1 ? 'them' : 'it'}): move ${names.length > 1 ? 'them' : 'it'} away, or give another --out.`;
}

/** Writes the marker of `dir`: exactly these entries, and the files now inside those that are folders, are the tool's. */
export function markFolder(dir: string, entries: Iterable<string>, known?: { entries: string[]; files: string[] }): void {
  const names = [...new Set(entries)].sort();
  // What was already listed keeps its list: a file added since to one of its folders is not claimed.
  const files = names.flatMap((e) => (known?.entries.includes(e) ? known.files.filter((f) => f.startsWith(`${e}/`) && existsSync(join(dir, f))) : filesUnder(dir, e)));
  const marker: Marker = { tool: 'spec-conformance-harness', entries: names, files: files.sort() };
  writeFileSync(join(dir, MARKER), `${JSON.stringify(marker, null, 2)}\n`);
}

/** Adds entries (just written) to the marker of `dir`; what it owned before (`owned`) that is still there is kept as listed. */
export function claimEntries(dir: string, entries: Iterable<string>, owned = ownedEntries(dir)): void {
  const fresh = new Set(entries);
  const kept = [...owned].filter((e) => !fresh.has(e) && existsSync(join(dir, e)));
  const marker = readMarker(dir);
  markFolder(dir, [...kept, ...fresh], marker && { entries: kept, files: marker.files });
}

function readMarker(dir: string): Marker | undefined {
  try {
    const m = JSON.parse(readFileSync(join(dir, MARKER), 'utf8')) as Partial<Marker>;
    if (m.tool !== 'spec-conformance-harness' || !Array.isArray(m.entries) || !Array.isArray(m.files)) return undefined;
    const strings = (a: unknown) => (Array.isArray(a) ? a.filter((e): e is string => typeof e === 'string') : []);
    return { tool: m.tool, entries: strings(m.entries).filter((e) => TOOL_ENTRIES.includes(e)), files: strings(m.files) };
  } catch {
    return undefined;
  }
}

function isReportFile(file: string): boolean {
  return readReport(file) !== undefined;
}

/** A report of this tool at `file`, its text and data; undefined for anything else. */
function readReport(file: string): { text: string; data: unknown } | undefined {
  try {
    if (!statSync(file).isFile()) return undefined;
    const text = readFileSync(file, 'utf8');
    const data: unknown = JSON.parse(text);
    return isReportOfThisTool(data) ? { text, data } : undefined;
  } catch {
    return undefined;
  }
}

/** An earlier release's last-run.json of a run that wrote no report (not-run, shard): its own fields and no others. */
function legacyLastRun(dir: string): boolean {
  try {
    const l = JSON.parse(readFileSync(join(dir, 'last-run.json'), 'utf8')) as Record<string, unknown>;
    return typeof l.finishedAt === 'string' && ['report', 'not-run', 'shard'].includes(l.status as string) && Object.keys(l).every((k) => ['finishedAt', 'status', 'reason', 'gatePassed'].includes(k));
  } catch {
    return false;
  }
}

function onlyBlobs(dir: string): boolean {
  try {
    return readdirSync(dir).every((f) => f.endsWith('.zip'));
  } catch {
    return false;
  }
}
