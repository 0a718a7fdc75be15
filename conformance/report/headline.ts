import { coverageLine, coverageOf, lacks, type Coverage } from './coverage';
import type { Report } from './model';
import { escapeMarkdown } from './escape';

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
  // Every value of the report is text: escaped for Markdown, as it is for the console (which cuts each line itself).
  const t = md ? escapeMarkdown : (s: unknown) => String(s);
  const b = (s: string) => (md ? `**${s}**` : s);
  const cov: Coverage = coverageOf(r);
  const lines: string[] = scopeLines(r, opts);
  const reasons = r.gate.reasons;
  if (reasons.length) {
    lines.push('', md ? `${b(`Why the gate is red`)} (${reasons.length}):` : `Why the gate is red (${reasons.length}):`);
    const why = notJudgedOnly(r);
    if (why) lines.push(`${why} To accept this run: \`npx spec-conformance --update-expectations --from-report\`.`);
    for (const x of reasons.slice(0, HEADLINE_REASONS)) lines.push(`- ${t(short(x))}`);
    if (reasons.length > HEADLINE_REASONS) lines.push(`- … and ${reasons.length - HEADLINE_REASONS} more (every reason is below${md ? '' : ', in conformance.md'})`);
  }
  const warnings = r.gate.warnings ?? [];
  if (warnings.length) {
    lines.push('', `Warnings (${warnings.length}, not failing the gate):`);
    for (const x of warnings.slice(0, HEADLINE_REASONS)) lines.push(`- ${t(short(x))}`);
  }
  // What the gate let through because an expectation says so, by kind: the framework's known deviations, the team's accepted gaps.
  const expected = cov.modes.flatMap((c) => [...c.failedExpected.map((x) => ({ ...x, v: 'failed' })), ...c.notJudged.filter((n) => n.expected).map((n) => ({ id: n.id, expected: n.expected!, v: n.verdict }))].map((x) => ({ ...x, mode: c.mode })));
  if (expected.length) {
    const kinds = (['known deviation', 'accepted'] as const).map((k) => [k, expected.filter((x) => x.expected === k)] as const).filter(([, xs]) => xs.length);
    lines.push('', `Expected, not counted against the gate (${expected.length}): ${kinds.map(([k, xs]) => `${k === 'known deviation' ? 'known deviations of the framework' : 'accepted by the team'}: ${xs.map((x) => t(`${x.id} ${x.v} (${x.mode})`)).join(', ')}`).join('; ')}`);
  }
  return lines;
}

/**
 * The one sentence a red gate with nothing failed needs: the strict gate counts a clause not judged
 * until an expectation accepts it, and a team reading "FAILED" over "0 failed" should not have to guess.
 * With the other way out (the config's gate levels); accepting the run is the reader's next step.
 */
export function notJudgedOnly(r: Report): string | undefined {
  const f = r.gate.findings ?? [];
  if (!f.length || !f.every((x) => x.kind === 'untested' || x.kind === 'cantTell')) return undefined;
  const kinds = [...new Set(f.map((x) => x.kind))];
  const them = f.length === 1 ? 'it' : 'them';
  return `Nothing failed: the gate is red because ${f.length === 1 ? 'one verdict is' : `${f.length} verdicts are`} ${kinds.join(' or ')} and no expectation accepts ${them} yet (the config's \`gate: { ${kinds.map((k) => `${k}: 'warn'`).join(', ')} }\` would make ${them} warnings).`;
}

/** What was judged per mode (and what not, counted), the pending clauses apart, the every-page sample of a large site. */
export function scopeLines(r: Report, opts: { markdown?: boolean } = {}): string[] {
  const md = !!opts.markdown;
  const t = md ? escapeMarkdown : (s: unknown) => String(s);
  const cov = coverageOf(r);
  const lines: string[] = [];
  for (const c of cov.modes) lines.push(`${md ? '- ' : ''}${md ? `**${t(c.mode)}**` : c.mode}${c.url ? ` ${t(c.url)}` : ''}: ${t(coverageLine(c))}`);
  if (cov.pending) lines.push(`${md ? '- ' : ''}pending: ${cov.pending} clauses the spec marks "not shown" — counted apart, never judged`);
  const sampled = r.sampled?.filter((s) => s.found > s.checked) ?? [];
  for (const s of sampled) lines.push(`${md ? '- ' : ''}${t(s.mode)}: every-page clauses checked ${t(s.checked)} of the ${t(s.found.toLocaleString('en-US'))} pages found (${t(s.how)})`);
  return lines;
}

/** A gate reason in one line: its clause, verdict and what it lacks (the full text is in the report's details). */
export function short(reason: string, max = 160): string {
  const m = /^(\S+ \([a-z]+\) is (?:untested|cantTell|failed|inapplicable)(?: \(not (?:observable on this deployment|on this site|set up by the run)\))?)(?:, and no expectation of \S+ covers it)?(?: \((?:[^()]|\([^()]*\))*\))?: (.*)$/.exec(reason);
  const text = m ? `${m[1]}: ${lacks(m[2], max)}` : reason;
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
