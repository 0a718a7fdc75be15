/**
 * The edits a mutant makes, and the pure functions that apply them. The same rules run on a copy
 * of the static export (transform.ts) and on answers passing through the rewriting proxy
 * (proxy.ts), so a mutant reads the same whichever way it is delivered.
 *
 * Every rule says how often it must match. A rule that matches less (or more) than that throws:
 * a mutant whose anchor no longer exists in the build must never pass silently as "survived".
 */

/** What a file or an answer is, from its extension (export) or its content type (proxy). */
export type Kind = 'html' | 'data' | 'js' | 'css' | 'other';

/** Facts known once the mutant's target is about to be served. */
export interface RuleContext {
  /** The port the mutant is served on (127.0.0.1:<port>). */
  port: number;
}

/** Expected number of matches: exactly n, or [min, max]. Default: at least one. */
export type Count = number | [number, number];

export interface TextRule {
  /** What the edit does, for messages. */
  what: string;
  /** Paths the rule applies to, with a leading "/": the export file's path, or the URL path behind the proxy. */
  path: RegExp;
  /** Kinds of content the rule applies to (default: any text kind). */
  kinds?: Kind[];
  /** The anchored pattern. The g flag is added when missing. */
  find: RegExp;
  /** Replacement (`$1` etc. allowed); a function gets the serving context first. */
  replace: string | ((ctx: RuleContext) => string);
  /** Matches over the whole target (every file, or every answer fetched at preflight). Default: at least one. */
  count?: Count;
}

export interface HeaderRule {
  what: string;
  /** URL paths (leading "/") whose answers are changed. */
  path: RegExp;
  kinds?: Kind[];
  /** Headers to set (names in lower case). */
  set?: Record<string, string>;
  /** Headers to drop (names in lower case). */
  remove?: string[];
}

/** Renames export files: every file whose path matches gets `to(path)` as its new path. */
export interface RenameRule {
  what: string;
  path: RegExp;
  to: (path: string) => string;
  count?: Count;
}

export const TEXT_KINDS: readonly Kind[] = ['html', 'data', 'js', 'css'];

export function kindOfFile(path: string): Kind {
  if (/\.html?$/.test(path)) return 'html';
  if (/\.(txt|rsc)$/.test(path)) return 'data';
  if (/\.m?js$/.test(path)) return 'js';
  if (/\.css$/.test(path)) return 'css';
  return 'other';
}

export function kindOfContentType(contentType: string | undefined): Kind {
  const ct = (contentType ?? '').toLowerCase();
  if (ct.includes('text/html')) return 'html';
  if (ct.includes('text/x-component') || ct.includes('text/plain')) return 'data';
  if (ct.includes('javascript') || ct.includes('ecmascript')) return 'js';
  if (ct.includes('text/css')) return 'css';
  return 'other';
}

export function ruleApplies(rule: { path: RegExp; kinds?: Kind[] }, path: string, kind: Kind): boolean {
  const kinds = rule.kinds ?? TEXT_KINDS;
  return kinds.includes(kind) && matches(rule.path, path);
}

/** RegExp.test without the lastIndex trap of global patterns. */
export function matches(re: RegExp, s: string): boolean {
  re.lastIndex = 0;
  const ok = re.test(s);
  re.lastIndex = 0;
  return ok;
}

function global(re: RegExp): RegExp {
  return re.flags.includes('g') ? new RegExp(re.source, re.flags) : new RegExp(re.source, `${re.flags}g`);
}

/** Applies one text rule to a text; returns the new text and how many places it changed. */
export function applyText(rule: TextRule, text: string, ctx: RuleContext): { text: string; hits: number } {
  const replacement = typeof rule.replace === 'function' ? rule.replace(ctx) : rule.replace;
  const re = global(rule.find);
  return { text: text.replace(re, replacement), hits: [...text.matchAll(re)].length };
}

export function countOk(count: Count | undefined, hits: number): boolean {
  const [min, max] = count === undefined ? [1, Infinity] : typeof count === 'number' ? [count, count] : count;
  return hits >= min && hits <= max;
}

export function describeCount(count: Count | undefined): string {
  if (count === undefined) return 'at least 1';
  if (typeof count === 'number') return `exactly ${count}`;
  return count[1] === Infinity ? `at least ${count[0]}` : `${count[0]}–${count[1]}`;
}

/** Thrown when a rule's anchor matched a wrong number of times: the mutant is stale. */
export class StaleMutantError extends Error {
  constructor(mutant: string, problems: string[]) {
    super(`Mutant ${mutant} is stale — its edits no longer fit the build:\n${problems.map((p) => `  - ${p}`).join('\n')}\nFix the rule's anchor in mutants/catalogue.ts (grep the built chunks for the code it targets).`);
    this.name = 'StaleMutantError';
  }
}

/** Problems with a set of hit counts, one line per rule whose count is off. */
export function countProblems(rules: readonly { what: string; count?: Count }[], hits: readonly number[], where: string): string[] {
  return rules.flatMap((r, i) => (countOk(r.count, hits[i] ?? 0) ? [] : [`"${r.what}" matched ${hits[i] ?? 0} time(s) in ${where}, expected ${describeCount(r.count)}`]));
}

/** Applies header rules to a header map (lower-case names); returns how many rules changed it. */
export function applyHeaders(rules: readonly HeaderRule[], path: string, kind: Kind, headers: Record<string, string | string[] | undefined>, hits?: number[]): void {
  rules.forEach((rule, i) => {
    const kinds = rule.kinds ?? [...TEXT_KINDS, 'other'];
    if (!kinds.includes(kind) || !matches(rule.path, path)) return;
    let changed = false;
    for (const name of rule.remove ?? []) {
      if (headers[name] !== undefined) changed = true;
      delete headers[name];
    }
    for (const [name, value] of Object.entries(rule.set ?? {})) {
      if (headers[name] !== value) changed = true;
      headers[name] = value;
    }
    if (changed && hits) hits[i] = (hits[i] ?? 0) + 1;
  });
}
