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
