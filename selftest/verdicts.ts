/** Verdicts of a report, clause by clause and part by part, in one mode; and where two runs differ. */
import { existsSync, readFileSync } from 'node:fs';
import type { Report } from '../conformance/report/model';

export type Verdicts = Map<string, string>;

export function verdictsOf(report: Report, mode: 'static' | 'server'): Verdicts {
  const out: Verdicts = new Map();
  for (const c of report.clauses) {
    const r = c.results[mode];
    if (!r) continue;
    out.set(c.id, r.verdict);
    for (const p of r.parts ?? []) out.set(`${c.id}/${p.id}`, p.verdict);
  }
  return out;
}

/** "R2.6/grouped-pages: passed over HTTP, untested protected" for each difference. */
export function differences(plain: Verdicts, other: Verdicts, label: string): string[] {
  const keys = [...new Set([...plain.keys(), ...other.keys()])];
  return keys.filter((k) => plain.get(k) !== other.get(k)).map((k) => `${k}: ${plain.get(k) ?? 'absent'} over HTTP, ${other.get(k) ?? 'absent'} ${label}`);
}

export function readReport(file: string): Report | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Report;
  } catch {
    return undefined;
  }
}
