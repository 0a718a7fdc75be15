import { seconds } from '../launcher/format';
/**
 * The matrix's progress: one line per step, "[matrix mm:ss] <what>: <result> (<seconds>)", where
 * <what> starts with the column, build or implementation it is about, so lines of columns judged
 * side by side stay readable when they interleave. Every step's time goes into matrix.json.
 */
export interface StepTime { step: string; ms: number }

export class Progress {
  readonly steps: StepTime[] = [];
  constructor(readonly started = Date.now(), private readonly say: (line: string) => void = console.log) {}

  clock(): string {
    const s = Math.round((Date.now() - this.started) / 1000);
    return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  }

  /** Runs one step and prints its line when it ends; a failure is printed and rethrown. */
  async step<T>(what: string, fn: () => Promise<T>, done: (v: T) => string = () => 'ok'): Promise<T> {
    const t = Date.now();
    try {
      const v = await fn();
      const ms = Date.now() - t;
      this.steps.push({ step: what, ms });
      this.say(`[matrix ${this.clock()}] ${what}: ${done(v)} (${seconds(ms)})`);
      return v;
    } catch (e) {
      const ms = Date.now() - t;
      this.steps.push({ step: what, ms });
      this.say(`[matrix ${this.clock()}] ${what}: FAILED (${seconds(ms)}) — ${(e as Error).message.split('\n')[0]}`);
      throw e;
    }
  }
}
