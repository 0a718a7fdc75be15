import { answerOf, notJudgedByKind, type AnswerItem } from './answer';
import { escapeMarkdown as e, markdownLink as link } from './escape';
import { HEADLINE_REASONS, notJudgedOnly, scopeLines, short } from './headline';
import type { Report, Verdict } from './model';

// A value outside the five (a report read back) is shown as text, escaped.
export const icon = (v: Verdict): string => (Object.hasOwn(ICON, v) ? ICON[v] : e(v));
const ICON: Record<Verdict, string> = { passed: '✅ passed', failed: '❌ failed', cantTell: '❔ cantTell', inapplicable: '➖ inapplicable', untested: '⏸ untested' };

/** The evidence beside a line: the screenshot and the trace of the observation. */
function evidence(x: AnswerItem): string {
  const links = [x.screenshot ? link('screenshot', x.screenshot.path) : '', x.trace ? link('trace', x.trace.path) : ''].filter(Boolean);
  return links.length ? ` — ${links.join(' · ')}` : '';
}

/**
 * The top of conformance.md (and of the job summary): what was judged per mode; the failures and
 * cantTell, one line each with their evidence; what was not judged, under its kind's heading and by why; the warnings;
 * what was accepted. Each list stops after the first HEADLINE_REASONS lines (the rest is below).
 */
export function answerMarkdown(r: Report): string[] {
  const a = answerOf(r);
  const lines = [...scopeLines(r, { markdown: true })];
  const more = (n: number) => (n > HEADLINE_REASONS ? [`- … and ${n - HEADLINE_REASONS} more (every reason is below)`] : []);
  const why = notJudgedOnly(r);
  if (why) lines.push('', why);
  if (a.problems.length) {
    lines.push('', `**Failed and cantTell** (${a.problems.length}):`);
    for (const x of a.problems.slice(0, HEADLINE_REASONS)) lines.push(`- ${x.verdict === 'failed' ? '❌ ' : x.verdict === 'cantTell' ? '❔ ' : ''}${e(x.line)}${evidence(x)}`);
    lines.push(...more(a.problems.length));
  }
  if (a.notJudged.length) {
    const n = a.notJudged.reduce((s, g) => s + g.items.length, 0);
    lines.push('', `**Not judged** (${n}), by kind:`);
    for (const k of notJudgedByKind(a.notJudged, (g) => g.items.length)) {
      lines.push(`- ${e(k.heading)} (${k.n}):`);
      for (const g of k.groups.slice(0, HEADLINE_REASONS)) lines.push(`  - ${e(g.why)}: ${g.items.map((x) => e(x.line)).join(', ')}`);
      if (k.groups.length > HEADLINE_REASONS) lines.push(`  - … and ${k.groups.length - HEADLINE_REASONS} more (every reason is below)`);
    }
  }
  const warnings = r.gate.warnings ?? [];
  if (warnings.length) {
    lines.push('', `Warnings (${warnings.length}, not failing the gate):`);
    for (const x of warnings.slice(0, HEADLINE_REASONS)) lines.push(`- ${e(short(x))}`);
  }
  if (a.accepted.length) {
    lines.push('', `**Accepted**, not counted against the gate (${a.accepted.length}):`);
    for (const x of a.accepted.slice(0, HEADLINE_REASONS)) lines.push(`- ${e(x.line)}`);
    lines.push(...more(a.accepted.length));
  }
  return lines;
}
