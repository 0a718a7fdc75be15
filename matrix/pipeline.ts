/**
 * The matrix's scheduler, generic so it can be tested without builds or browsers: items (the
 * implementations) are prepared one at a time, in order (template, install, builds, servers: the
 * heavy part of a cold cache), while the jobs of the items already prepared (judge runs) run up to
 * `jobs` at a time, the heaviest queued job first (its `weight`, default 1), first come first
 * served among equals. Preparing item k+1 waits until item k's first job has started, so at most
 * one prepared item waits for a free slot; an item's lighter jobs may wait longer, its servers up.
 * Heaviest first because the last jobs decide when the matrix ends: a run judging two columns takes
 * about twice one judging a single column, and left for last it kept a slot busy while the others
 * sat idle (docs/benchmarks.md, Matrix).
 */

/** One job of an item; it settles when its work is done. `weight`: how long it takes against the others (default 1). */
export type Job = (() => Promise<void>) & { readonly weight?: number };

export interface PipelineOptions<T, P> {
  /** How many jobs run at once (≥ 1). */
  jobs: number;
  /** Prepares an item. A rejection fails only this item: failed() is told and its jobs never run. */
  prepare(item: T): Promise<P>;
  /** The jobs of a prepared item, queued after the jobs of the items before it (heavier ones run first). */
  jobsOf(item: T, prepared: P): Job[];
  /** Runs once every started job of a prepared item has settled (also after stop()): e.g. stop its servers. */
  finish?(item: T, prepared: P): Promise<void>;
  failed?(item: T, error: unknown): void;
}

export interface Pipeline {
  /** Settles when every item is finished or failed (after stop(): when what had started is finished); rejects with a job's error or finish's, if any. */
  done: Promise<void>;
  /** Starts nothing more: no preparation, no queued job. What runs is left to end (the caller stops its processes). */
  stop(): void;
}

interface Entry {
  job: Job;
  weight: number;
  settled: () => void;
}

export function runPipeline<T, P>(items: readonly T[], opts: PipelineOptions<T, P>): Pipeline {
  if (!Number.isInteger(opts.jobs) || opts.jobs < 1) throw new Error(`jobs must be a whole number ≥ 1, not ${opts.jobs}`);
  const queue: Entry[] = [];
  let running = 0;
  let stopped = false;
  let wake: () => void = () => undefined;
  const errors: unknown[] = [];
  const itemsDone: Promise<void>[] = [];

  const pump = () => {
    while (!stopped && running < opts.jobs && queue.length) {
      const heaviest = queue.reduce((best, e, i) => (e.weight > queue[best].weight ? i : best), 0);
      const [e] = queue.splice(heaviest, 1);
      running++;
      void e.job().catch((err: unknown) => void errors.push(err)).finally(() => {
        running--;
        e.settled();
        pump();
      });
    }
    if (stopped) for (const e of queue.splice(0)) e.settled();
    wake();
  };

  /** Queues an item's jobs; resolves when its first job starts (or at once when it has none); `all` when every one settled. */
  const enqueue = (jobs: Job[]) => {
    let started!: () => void;
    const first = new Promise<void>((r) => (started = r));
    const all = jobs.map((job, i) => new Promise<void>((settled) => {
      queue.push({ job: i === 0 ? () => (started(), job()) : job, weight: job.weight ?? 1, settled });
    }));
    if (!jobs.length) started();
    pump();
    // A stopped pipeline drops its queue: the first job may never start.
    return { first: Promise.race([first, Promise.all(all).then(() => undefined)]), all: Promise.all(all) };
  };

  const stopSignal = new Promise<void>((r) => (wake = () => stopped && r()));

  const done = (async () => {
    let previousStarted: Promise<void> = Promise.resolve();
    for (const item of items) {
      await Promise.race([previousStarted, stopSignal]);
      if (stopped) break;
      let prepared: P;
      try {
        prepared = await opts.prepare(item);
      } catch (e) {
        opts.failed?.(item, e);
        continue;
      }
      const { first, all } = enqueue(stopped ? [] : opts.jobsOf(item, prepared));
      previousStarted = first;
      itemsDone.push(all.then(() => opts.finish?.(item, prepared)).catch((err: unknown) => void errors.push(err)));
    }
    await Promise.all(itemsDone);
    if (errors.length) throw errors[0];
  })();

  return {
    done,
    stop() {
      stopped = true;
      pump();
    },
  };
}
