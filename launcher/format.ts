import { relative } from 'node:path';

/**
 * How the project writes a duration for people: "12.3 s". One place, so every log line, report and
 * benchmark table says a time the same way.
 */
export function seconds(ms: number, digits = 1): string {
  return `${(ms / 1000).toFixed(digits)} s`;
}

/** The seconds since `startedMs` (a Date.now() reading), written as seconds(). */
export function since(startedMs: number, digits = 1): string {
  return seconds(Date.now() - startedMs, digits);
}

/**
 * A path as the user's working directory sees it (no path of the machine in anything a run
 * prints or writes): the console, the report, the summary and the expectations all name files so.
 */
export function shownPath(file: string, cwd = process.cwd()): string {
  return relative(cwd, file) || '.';
}
