import type { Mode } from '../../spec/clauses';
import type { Report, Verdict } from './model';
import { consoleLine } from './escape';

export interface VerdictChange {
  id: string;
  mode: Mode;
  before: Verdict | 'absent';
  after: Verdict | 'absent';
}

/** Clause×mode pairs whose verdict differs between two reports (absent on one side counts). */
export function diffReports(before: Report, after: Report): VerdictChange[] {
  const changes: VerdictChange[] = [];
  const ids = [...new Set([...before.clauses.map((c) => c.id), ...after.clauses.map((c) => c.id)])];
  const modes = [...new Set([...before.modes, ...after.modes])];
  for (const id of ids) {
    for (const mode of modes) {
      const b = before.clauses.find((c) => c.id === id)?.results[mode]?.verdict ?? 'absent';
      const a = after.clauses.find((c) => c.id === id)?.results[mode]?.verdict ?? 'absent';
      if (a !== b) changes.push({ id, mode, before: b, after: a });
    }
  }
  return changes;
}

export function renderDiff(changes: VerdictChange[]): string {
  if (!changes.length) return 'No clause changed its verdict.';
  const w = Math.max(...changes.map((c) => c.id.length));
  // Read from two reports: each line is the console's (cut, no control characters).
  return [`${changes.length} clause verdict(s) changed:`, ...changes.map((c) => consoleLine(`  ${c.id.padEnd(w)}  ${c.mode.padEnd(6)}  ${c.before} → ${c.after}`))].join('\n');
}
