import { traceCommand, type ConsoleAnswer } from './console-answer';
import { escapeMarkdown, markdownCode } from './escape';
import { notJudgedByKind } from './answer';

/**
 * The Markdown report as a CI job summary: GitHub Actions takes at most 1 MiB per step (its
 * GITHUB_STEP_SUMMARY file), and refuses a larger one outright — so a report that does not fit
 * (a site with thousands of reasons) is cut at a line, its open <details> closed, and ends with
 * a pointer to the full report.
 */
export const JOB_SUMMARY_LIMIT = 1024 * 1024;

/** The text to append to a summary file that holds `already` bytes: the whole report, or its start and where the rest is. */
export function fitSummary(markdown: string, already: number, fullReport: string, limit = JOB_SUMMARY_LIMIT): { text: string; cut: boolean } {
  const text = `${markdown.trimEnd()}\n\n`;
  if (already + Buffer.byteLength(text) <= limit) return { text, cut: false };
  const pointer = `\n\n**The summary is cut here** to fit the CI's limit of ${limit.toLocaleString('en-US')} bytes per step: the full report is ${fullReport} (and conformance.html beside it).\n\n`;
  const room = limit - already - Buffer.byteLength(pointer) - Buffer.byteLength('\n</details>'.repeat(4));
  const kept: string[] = [];
  let size = 0;
  for (const line of text.split('\n')) {
    const n = Buffer.byteLength(line) + 1;
    if (size + n > room) break;
    kept.push(line);
    size += n;
  }
  const open = kept.filter((l) => l.includes('<details>')).length - kept.filter((l) => l.includes('</details>')).length;
  // A cut inside a table leaves no row half written: only whole lines are kept.
  return { text: room > 0 ? `${kept.join('\n')}${'\n</details>'.repeat(Math.max(0, Math.min(4, open)))}${pointer}` : '', cut: true };
}

/**
 * The job summary: the answer first (console-answer.ts — the gate, what fails it with its evidence, what
 * was not judged by kind and why, what was accepted, and what changed since the report compared with), then
 * conformance.md's folded part (targets, every clause, the legend). Paths are the report folder's,
 * as the uploaded artifact holds them.
 */
export function jobSummary(a: ConsoleAnswer, markdown: string, extra: string[] = []): string {
  const e = escapeMarkdown;
  const code = (p: string) => markdownCode(p);
  const lines = [`## Conformance: ${e(a.gate)}`, ''];
  for (const c of a.coverage) lines.push(`- **${e(c.mode)}**${c.url ? ` ${e(c.url)}` : ''}: ${e(c.line)}`);
  if (a.pending) lines.push(`- pending: ${a.pending} clauses the spec marks "not shown" — counted apart, never judged`);
  if (a.why) lines.push('', a.why);
  if (a.failing.length) {
    lines.push('', `**Failing the gate** (${a.failing.length}):`, '');
    for (const x of a.failing) lines.push(`- ${e(x.text)}${x.evidence ? ` — evidence ${code(x.evidence)}` : ''}${x.trace ? `, trace: ${code(traceCommand(x.trace))}` : ''}`);
  }
  if (a.notJudged.length) {
    lines.push('', `**Not judged** (${a.notJudged.reduce((n, g) => n + g.clauses.length, 0)}), by kind:`, '');
    for (const k of notJudgedByKind(a.notJudged, (g) => g.clauses.length)) {
      lines.push(`- ${e(k.heading)} (${k.n}):`);
      for (const g of k.groups) lines.push(`  - ${e(g.why)}: ${e(g.clauses.join(', '))}`);
    }
  }
  if (a.warnings.length) {
    lines.push('', `**Warnings** (${a.warnings.length}, not failing the gate):`, '');
    for (const w of a.warnings) lines.push(`- ${e(w)}`);
  }
  if (a.accepted.length) {
    lines.push('', '**Expected**, not counted against the gate:', '');
    for (const x of a.accepted) lines.push(`- ${x.kind === 'known deviation' ? 'known deviations of the framework' : 'accepted by the team'}: ${e(x.clauses.join(', '))}`);
  }
  if (extra.length) lines.push('', ...extra);
  // The rest of conformance.md: from its first fold on (its opening says what the lines above say).
  const at = markdown.split('\n').findIndex((l) => l.startsWith('<details>'));
  return `${lines.join('\n')}\n\n${at < 0 ? markdown : markdown.split('\n').slice(at).join('\n')}`;
}
