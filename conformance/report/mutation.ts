import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Report } from './model';

/**
 * Where `npm run mutants` leaves its summary: mutants.json in its output folder (--out, default
 * reports/mutants/). A report shows the mutation score of the mutants run into its own folder's
 * mutants/; `npm test` reads the results of the sets it runs from there.
 */
export function mutantsSummaryFile(mutantsOut: string): string {
  return join(mutantsOut, 'mutants.json');
}

/** The mutants' output folder that belongs to a report folder (reports/ → reports/mutants/, the mutants' default). */
export function mutantsOutOf(reportOut: string): string {
  return join(reportOut, 'mutants');
}

/** What readers need of the summary (mutants/score.ts MutantsFile): the headline and each mutant's result. */
export interface MutantsSummary {
  summary: NonNullable<Report['mutation']>;
  mutants: { id: string; killed: boolean; collateral: string[] }[];
}

/** The summary in a mutants output folder, or undefined when there is none (or it cannot be read). */
export function readMutantsSummary(mutantsOut: string): MutantsSummary | undefined {
  const file = mutantsSummaryFile(mutantsOut);
  if (!existsSync(file)) return undefined;
  try {
    const f = JSON.parse(readFileSync(file, 'utf8')) as MutantsSummary;
    return f.summary && Array.isArray(f.mutants) ? f : undefined;
  } catch {
    return undefined;
  }
}

/** The report's `mutation` field: the headline of the mutants run into this report folder's mutants/, if any. */
export function mutationOf(reportOut: string): Report['mutation'] {
  return readMutantsSummary(mutantsOutOf(reportOut))?.summary;
}
