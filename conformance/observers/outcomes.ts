/**
 * What an observer may conclude besides what it saw: the precondition is not there (untested) or
 * the observation could not complete (cantTell), and a bounded wait that ends in cantTell when its
 * bound runs out. The harness's Observer (harness/observe.ts, the `obs` fixture) is the one
 * implementation; observers take this shape, so they never import the harness above them.
 */
export interface Outcomes {
  untested(missing: string, fix: string): never;
  cantTell(pending: string): never;
  waitFor<T>(what: string, fn: () => Promise<T>, timeoutMs?: number): Promise<T>;
  until(what: string, predicate: () => boolean | Promise<boolean>, timeoutMs?: number): Promise<void>;
}
