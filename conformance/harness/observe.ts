import type { TestInfo } from '@playwright/test';
import { isExpectation, shortMessage } from '../outcome/classify';
import { addSighting, type Count, type SubjectNoun } from '../outcome/subject';
import { ANNOTATION, type Advisory, type PartOutcome, type Verdict } from '../outcome/verdict';
import { LATE, orLate } from '../observers/bound';
import { timed } from '../observers/timing';
import type { Outcomes } from '../observers/outcomes';
import { seconds } from '../../launcher/format';

/**
 * The three outcomes of an observation, kept apart (web-platform-tests' PRECONDITION_FAILED):
 *  - need()/untested(): what the clause needs is not there → `untested`, naming what and the fix;
 *  - waitFor()/until()/cantTell(): the observation could not complete → `cantTell`, naming what
 *    was pending;
 *  - expect(): an observation contradicts the clause → `failed` (expected vs observed).
 * part() runs the checks of one part of a clause and records its verdict without stopping the
 * test, so every part gets observed; advise() records what the spec does not state.
 * saw() counts the clause's subject (a pass needs its subject: outcome/subject.ts): inside part()
 * for that part, elsewhere for the test's parts or its clause.
 */
export class Observer implements Outcomes {
  private currentPart?: string;
  private partCounts: Count[] = [];
  private readonly testCounts: Count[] = [];
  private readonly failed: PartOutcome[] = [];
  /** Named waits in progress: what a timed-out test was waiting for. */
  readonly pending = new Set<string>();

  constructor(private readonly info: TestInfo) {}

  /** Not an assertion signature: tests take `obs` from a fixture, where TS2775 forbids one. */
  need(condition: unknown, missing: string, fix: string): void {
    if (!condition) this.untested(missing, fix);
  }

  untested(missing: string, fix: string): never {
    return this.end('untested', `precondition not met: ${missing}. To fix: ${fix}`);
  }

  cantTell(pending: string): never {
    return this.end('cantTell', `could not complete the observation: ${pending}`);
  }

  /**
   * One sighting of the clause's subject (a page of the site shown, a page-data request, a
   * navigation, a run across a time boundary …) at `where`. Without any, a test that passes
   * stands for nothing: its part or clause is untested.
   */
  saw(noun: SubjectNoun, where: string, n = 1): void {
    addSighting(this.currentPart ? this.partCounts : this.testCounts, noun, where, n);
  }

  /** Runs fn with a bound; when it runs out the test is cantTell, naming `what`. */
  async waitFor<T>(what: string, fn: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
    this.pending.add(what);
    try {
      const result = await timed('wait', () => orLate(timeoutMs, fn()));
      if (result === LATE) this.cantTell(`waited ${fmt(timeoutMs)} for ${what}`);
      return result as T;
    } catch (e) {
      if (e instanceof PartStop || isSkip(e) || isExpectation(String((e as Error)?.message ?? e))) throw e;
      return this.cantTell(`${what}: ${shortMessage(String((e as Error)?.message ?? e), 300)}`);
    } finally {
      this.pending.delete(what);
    }
  }

  /** Polls `predicate` (real time, every 50 ms) until it holds; cantTell when the bound runs out. */
  async until(what: string, predicate: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
    await this.waitFor(what, async () => {
      for (;;) {
        if (await predicate()) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    }, timeoutMs);
  }

  /** Observes one part of the clause; its expect() failures fail the part (and the test, at its end). */
  async part(id: string, fn: () => Promise<void> | void): Promise<Verdict> {
    if (this.currentPart) throw new Error(`part ${id} started inside part ${this.currentPart}`);
    this.currentPart = id;
    this.partCounts = [];
    let outcome: PartOutcome;
    try {
      await fn();
      outcome = { part: id, verdict: 'passed' };
    } catch (e) {
      const message = String((e as Error)?.message ?? e);
      if (e instanceof PartStop) outcome = { part: id, verdict: e.verdict, reason: e.reason };
      else if (isSkip(e)) throw e;
      else if (isExpectation(message)) outcome = { part: id, verdict: 'failed', reason: shortMessage(message) };
      else outcome = { part: id, verdict: 'cantTell', reason: `could not complete the observation: ${shortMessage(message, 300)}` };
    } finally {
      this.currentPart = undefined;
    }
    if (this.partCounts.length) outcome.observed = this.partCounts;
    this.info.annotations.push({ type: ANNOTATION.part, description: JSON.stringify(outcome) });
    if (outcome.verdict === 'failed') this.failed.push(outcome);
    return outcome.verdict;
  }

  /** An observation the spec does not state: reported next to the verdict, never the verdict. */
  advise(check: string, ok: boolean, observed?: string): void {
    const a: Advisory = observed === undefined ? { check, ok } : { check, ok, observed };
    this.info.annotations.push({ type: ANNOTATION.advisory, description: JSON.stringify(a) });
  }

  /** Called when the test ends (fixture teardown): failed parts fail the test; a time-out names its waits. */
  finish(): void {
    if (this.testCounts.length) this.info.annotations.push({ type: ANNOTATION.observed, description: JSON.stringify(this.testCounts) });
    if (this.info.status === 'timedOut') {
      for (const p of this.pending) this.info.annotations.push({ type: ANNOTATION.pending, description: p });
    }
    if (this.failed.length && this.info.status === 'passed') {
      throw new Error(`${this.failed.length} part(s) failed — ${this.failed.map((f) => `${f.part}: ${f.reason ?? ''}`).join(' | ')}`);
    }
  }

  private end(verdict: 'untested' | 'cantTell', reason: string): never {
    if (this.currentPart) throw new PartStop(verdict, reason);
    this.info.annotations.push({ type: ANNOTATION.verdict, description: verdict }, { type: ANNOTATION.why, description: reason });
    this.info.skip(true, `${verdict}: ${reason}`);
    throw new Error('unreachable');
  }
}

/** Ends one part early (inside part()) without ending the test. */
class PartStop extends Error {
  constructor(readonly verdict: 'untested' | 'cantTell', readonly reason: string) {
    super(reason);
  }
}

/** Playwright's skip is thrown as an error; it must pass through untouched. */
function isSkip(e: unknown): boolean {
  return !!e && typeof e === 'object' && (e.constructor?.name === 'TestSkipError' || /^Test is skipped/.test(String((e as Error).message)));
}

function fmt(ms: number): string {
  return seconds(ms, ms % 1000 === 0 ? 0 : 1);
}
