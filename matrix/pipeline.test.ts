import { describe, expect, it } from 'vitest';
import { runPipeline, type Job } from './pipeline';

/** A test double whose every step is released by hand, so each test sets the order of events. */
function gate() {
  let open!: () => void;
  let shut!: (e: Error) => void;
  const p = new Promise<void>((res, rej) => ((open = res), (shut = rej)));
  return { p, open, shut };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

function harness(items: string[], jobsPerItem: number, jobs: number) {
  const log: string[] = [];
  const prep = new Map(items.map((i) => [i, gate()]));
  const work = new Map<string, ReturnType<typeof gate>>();
  let running = 0;
  let most = 0;
  const pipeline = runPipeline<string, string>(items, {
    jobs,
    prepare: async (i) => {
      log.push(`prepare ${i}`);
      await prep.get(i)!.p;
      log.push(`prepared ${i}`);
      return `${i}!`;
    },
    jobsOf: (i, p) => Array.from({ length: jobsPerItem }, (_, n): Job => async () => {
      const id = `${i}.${n}`;
      const g = gate();
      work.set(id, g);
      running++;
      most = Math.max(most, running);
      log.push(`start ${id} (${p})`);
      try {
        await g.p;
      } finally {
        running--;
        log.push(`end ${id}`);
      }
    }),
    finish: async (i) => void log.push(`finish ${i}`),
    failed: (i, e) => void log.push(`failed ${i}: ${(e as Error).message}`),
  });
  return { log, prep, work, pipeline, most: () => most };
}

describe('the matrix pipeline', () => {
  it('prepares in order, one at a time, the next while the jobs of the one before run', async () => {
    const h = harness(['a', 'b', 'c'], 2, 2);
    await tick();
    expect(h.log).toEqual(['prepare a']);
    h.prep.get('a')!.open();
    await tick();
    // a's jobs take both slots; b is prepared meanwhile, c waits until b has started.
    expect(h.log).toEqual(['prepare a', 'prepared a', 'start a.0 (a!)', 'start a.1 (a!)', 'prepare b']);
    h.prep.get('b')!.open();
    await tick();
    expect(h.log.slice(-1)).toEqual(['prepared b']);
    h.work.get('a.0')!.open();
    await tick();
    expect(h.log.slice(-3)).toEqual(['end a.0', 'start b.0 (b!)', 'prepare c']);
    h.work.get('a.1')!.open();
    await tick();
    expect(h.log.slice(-3)).toEqual(['end a.1', 'start b.1 (b!)', 'finish a']);
    h.prep.get('c')!.open();
    for (const id of ['b.0', 'b.1']) h.work.get(id)!.open();
    await tick();
    for (const id of ['c.0', 'c.1']) h.work.get(id)!.open();
    await h.pipeline.done;
    expect(h.log.filter((l) => l.startsWith('start')).map((l) => l.split(' ')[1])).toEqual(['a.0', 'a.1', 'b.0', 'b.1', 'c.0', 'c.1']);
    expect(h.log.filter((l) => l.startsWith('finish'))).toEqual(['finish a', 'finish b', 'finish c']);
  });

  it('runs the heaviest queued job first, in order among equals, and still prepares one item ahead', async () => {
    const started: string[] = [];
    const ends = new Map<string, () => void>();
    const job = (id: string, weight?: number) => Object.assign(async () => {
      started.push(id);
      await new Promise<void>((res) => ends.set(id, res));
    }, weight === undefined ? {} : { weight });
    // Each item: a pair (weight 2) and a single column (weight 1), as an implementation with an nginx column.
    const pipeline = runPipeline<string, string>(['a', 'b', 'c'], {
      jobs: 1,
      prepare: async (i) => i,
      jobsOf: (i) => [job(`${i}.pair`, 2), job(`${i}.single`)],
    });
    const finishNext = async (id: string) => {
      while (!ends.has(id)) await tick();
      ends.get(id)!();
    };
    for (const id of ['a.pair', 'b.pair', 'c.pair', 'a.single', 'b.single', 'c.single']) await finishNext(id);
    await pipeline.done;
    expect(started).toEqual(['a.pair', 'b.pair', 'c.pair', 'a.single', 'b.single', 'c.single']);
  });

  it('never runs more jobs at once than asked', async () => {
    for (const jobs of [1, 2, 3]) {
      const h = harness(['a', 'b'], 3, jobs);
      for (const g of h.prep.values()) g.open();
      while (h.log.filter((l) => l.startsWith('end')).length < 6) {
        await tick();
        for (const [id, g] of h.work) if (!h.log.includes(`end ${id}`)) g.open();
      }
      await h.pipeline.done;
      expect(h.most()).toBe(jobs);
    }
  });

  it('fails only the item whose preparation failed, and goes on with the next', async () => {
    const h = harness(['a', 'b'], 1, 2);
    h.prep.get('a')!.shut(new Error('npm install failed'));
    h.prep.get('b')!.open();
    await tick();
    h.work.get('b.0')!.open();
    await h.pipeline.done;
    expect(h.log).toEqual(['prepare a', 'failed a: npm install failed', 'prepare b', 'prepared b', 'start b.0 (b!)', 'end b.0', 'finish b']);
  });

  it('starts nothing more once stopped, and still finishes what was prepared', async () => {
    const h = harness(['a', 'b'], 3, 1);
    h.prep.get('a')!.open();
    await tick();
    expect(h.log).toEqual(['prepare a', 'prepared a', 'start a.0 (a!)', 'prepare b']);
    h.pipeline.stop();
    h.prep.get('b')!.open();
    h.work.get('a.0')!.open();
    await h.pipeline.done;
    // a's queued jobs are dropped; b, prepared when the stop came, runs no job; both are finished (servers stopped).
    expect(h.log.slice(4)).toEqual(expect.arrayContaining(['end a.0', 'finish a', 'prepared b', 'finish b']));
    expect(h.log.filter((l) => l.startsWith('start'))).toEqual(['start a.0 (a!)']);
  });

  it('lets the other jobs run when one throws, then rejects with its error', async () => {
    const ran: string[] = [];
    const p = runPipeline(['a'], {
      jobs: 1,
      prepare: async () => 'a',
      jobsOf: () => [async () => { throw new Error('boom'); }, async () => void ran.push('second')],
      finish: async () => void ran.push('finish'),
    });
    await expect(p.done).rejects.toThrow('boom');
    expect(ran).toEqual(['second', 'finish']);
  });

  it('refuses a number of jobs below 1 or not whole', () => {
    expect(() => runPipeline([], { jobs: 0, prepare: async () => 0, jobsOf: () => [] })).toThrow(/whole number/);
    expect(() => runPipeline([], { jobs: 1.5, prepare: async () => 0, jobsOf: () => [] })).toThrow(/whole number/);
  });
});
