import { coverageLine, coverageOf, lacks, type Coverage } from './coverage';
import type { Report } from './model';

/** How many reasons the headline lists before it points to the rest (the job summary's first screen). */
export const HEADLINE_REASONS = 12;

/** "gate passed", "gate passed with 2 warnings", "gate FAILED". */
export function gateWords(r: Report): string {
  if (!r.gate.passed) return 'gate FAILED';
  const w = r.gate.warnings?.length ?? 0;
  return w ? `gate passed with ${w} warning${w === 1 ? '' : 's'}` : 'gate passed';
}

/**
 * The answer first: the gate, what was judged per mode (and what not, with what it lacks), the
 * pending clauses counted apart, then every reason the gate is red (and every warning), each on one
 * line — the opening lines of the console's summary, conformance.md and the job summary.
 */
export function headline(r: Report, opts: { markdown?: boolean } = {}): string[] {
  const md = !!opts.markdown;
  const b = (s: string) => (md ? `**${s}**` : s);
  const cov: Coverage = coverageOf(r);
  const lines: string[] = [];
  for (const c of cov.modes) lines.push(`${md ? '- ' : ''}${b(c.mode)}${c.url ? ` ${c.url}` : ''}: ${coverageLine(c)}`);
  if (cov.pending) lines.push(`${md ? '- ' : ''}pending: ${cov.pending} clauses the spec marks "not shown" — counted apart, never judged`);
  const sampled = r.sampled?.filter((s) => s.found > s.checked) ?? [];
  for (const s of sampled) lines.push(`${md ? '- ' : ''}${s.mode}: every-page clauses checked ${s.checked} of the ${s.found.toLocaleString('en-US')} pages found (${s.how})`);
  const reasons = r.gate.reasons;
  if (reasons.length) {
    lines.push('', md ? `${b(`Why the gate is red`)} (${reasons.length}):` : `Why the gate is red (${reasons.length}):`);
    for (const x of reasons.slice(0, HEADLINE_REASONS)) lines.push(`- ${short(x)}`);
    if (reasons.length > HEADLINE_REASONS) lines.push(`- … and ${reasons.length - HEADLINE_REASONS} more (every reason is below${md ? '' : ', in conformance.md'})`);
  }
  const warnings = r.gate.warnings ?? [];
  if (warnings.length) {
    lines.push('', `Warnings (${warnings.length}, not failing the gate):`);
    for (const x of warnings.slice(0, HEADLINE_REASONS)) lines.push(`- ${short(x)}`);
  }
  const notJudged = cov.modes.flatMap((c) => c.notJudged.filter((n) => n.expected).map((n) => ({ ...n, mode: c.mode })));
  if (r.gate.passed && notJudged.length) {
    lines.push('', `Not judged, as expected (${notJudged.length}): ${notJudged.map((n) => `${n.id} (${n.mode}, ${n.expected})`).join(', ')}`);
  }
  return lines;
}

/** A gate reason in one line: its clause, verdict and what it lacks (the full text is in the report's details). */
export function short(reason: string, max = 160): string {
  const m = /^(\S+ \([a-z]+\) is (?:untested|cantTell|failed|inapplicable))(?:, and no expectation of \S+ covers it)?(?: \((?:[^()]|\([^()]*\))*\))?: (.*)$/.exec(reason);
  const text = m ? `${m[1]}: ${lacks(m[2], max)}` : reason;
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
