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
