import type { TestInfo } from '@playwright/test';
import { isExpectation, shortMessage } from '../outcome/classify';
import { expectationReason } from '../outcome/expect-message';
import { addSighting, type Count, type SubjectNoun } from '../outcome/subject';
import { ANNOTATION, notJudgedReason, type Advisory, type NotJudgedKind, type PartOutcome, type Verdict } from '../outcome/verdict';
import { LATE, orLate } from '../observers/bound';
import { timed } from '../observers/timing';
import type { Outcomes } from '../observers/outcomes';
import { describeBound, patience } from '../run/slow';

/**
 * The three outcomes of an observation, kept apart (web-platform-tests' PRECONDITION_FAILED):
 *  - what the clause needs is not there → `untested`, of one of three kinds (outcome/verdict.ts
 *    NotJudgedKind): untested()/need() — the run could not set it up (a profile entry that does
 *    not work, a page that did not answer), naming what and the fix; absent() — the site has no
 *    such subject, named, with no fix (at most an option for a preview deployment); cannotShow() —
 *    this deployment cannot show it (its delivery mode or router);
 *  - waitFor()/until()/cantTell(): the observation could not complete → `cantTell`, naming what
 *    was pending;
 *  - expect(): an observation contradicts the clause → `failed` (expected vs observed).
 * part() runs the checks of one part of a clause and records its verdict without stopping the
 * test, so every part gets observed; advise() records what the spec does not state.
 * saw() counts the clause's subject (a pass needs its subject: outcome/subject.ts): inside part()
 * for that part, elsewhere for the test's parts or its clause.
 *
 * An observation that could not complete is tried once more while the run has a retry left:
 * the attempt then ends as a failure carrying its cantTell verdict and words, so
 * Playwright runs the test again; on the last attempt it ends as before (skipped, cantTell). How
 * the retry is counted is outcome/classify.ts's (a retry that explains itself).
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

  /** The run could not set the observation up (kind `run`): what is missing and how to fix it. */
  untested(missing: string, fix: string): never {
    return this.end('untested', notJudgedReason.run(missing, fix), 'run');
  }

  /**
   * The site has no such subject (kind `site`): what it lacks, named — no fix. `option`: what a
   * preview deployment could add so the clause can be judged there, never advice for production.
   */
  absent(missing: string, option?: string): never {
    return this.end('untested', notJudgedReason.site(missing, option), 'site');
  }

  /** This deployment cannot show the subject (kind `deployment`: its delivery mode or router), and why. */
  cannotShow(why: string): never {
    return this.end('untested', notJudgedReason.deployment(why), 'deployment');
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

  /**
   * Runs fn with a bound; when it runs out the test is cantTell, naming `what`. The bound is the
   * harness's patience: `timeoutMs` as tuned on the reference machine, times the run's factor.
   */
  async waitFor<T>(what: string, fn: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
    this.pending.add(what);
    try {
      const result = await timed('wait', () => orLate(patience(timeoutMs), fn()));
      if (result === LATE) this.cantTell(`waited ${describeBound(timeoutMs)} for ${what}`);
      return result as T;
    } catch (e) {
      if (e instanceof PartStop || e instanceof CantTellRetry || isSkip(e) || isExpectation(String((e as Error)?.message ?? e))) throw e;
      return this.cantTell(`${what}: ${shortMessage(String((e as Error)?.message ?? e), 300)}`);
    } finally {
      this.pending.delete(what);
    }
  }

  /** Polls `predicate` (real time, every 50 ms) until it holds; cantTell when the bound (scaled by waitFor) runs out. */
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
      if (e instanceof PartStop) outcome = { part: id, verdict: e.verdict, reason: e.reason, ...(e.kind ? { notJudged: e.kind } : {}) };
      else if (isSkip(e)) throw e;
      else if (isExpectation(message)) outcome = { part: id, verdict: 'failed', reason: expectationReason(message) };
      else outcome = { part: id, verdict: 'cantTell', reason: `could not complete the observation: ${shortMessage(message, 300)}` };
    } finally {
      this.currentPart = undefined;
    }
    if (this.partCounts.length) outcome.observed = this.partCounts;
    this.info.annotations.push({ type: ANNOTATION.part, description: JSON.stringify(outcome) });
    if (outcome.verdict === 'failed') this.failed.push(outcome);
    if (outcome.verdict === 'cantTell') this.incomplete.push(outcome);
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
    // A part that could not complete: once more, while a retry is left (see the class's comment).
    const incomplete = this.incomplete;
    if (incomplete.length && this.info.status === 'passed' && this.retryLeft()) {
      const reason = incomplete.map((p) => `part ${p.part}: ${p.reason ?? ''}`).join('; ');
      this.info.annotations.push({ type: ANNOTATION.verdict, description: 'cantTell' }, { type: ANNOTATION.why, description: reason });
      throw new CantTellRetry(reason);
    }
  }

  /** Part outcomes that could not complete (cantTell). */
  private readonly incomplete: PartOutcome[] = [];

  private retryLeft(): boolean {
    return this.info.retry < this.info.project.retries;
  }

  private end(verdict: 'untested' | 'cantTell', reason: string, kind?: NotJudgedKind): never {
    if (this.currentPart) throw new PartStop(verdict, reason, kind);
    this.info.annotations.push({ type: ANNOTATION.verdict, description: verdict }, { type: ANNOTATION.why, description: reason });
    if (kind) this.info.annotations.push({ type: ANNOTATION.notJudged, description: kind });
    if (verdict === 'cantTell' && this.retryLeft()) throw new CantTellRetry(reason);
    this.info.skip(true, `${verdict}: ${reason}`);
    throw new Error('unreachable');
  }
}

/**
 * Ends an attempt whose observation could not complete while a retry is left: a failure (so
 * Playwright tries again) whose verdict, recorded beside it, is cantTell — never failed.
 */
export class CantTellRetry extends Error {
  constructor(readonly reason: string) {
    super(`cantTell, tried once more: ${reason}`);
  }
}

/** Ends one part early (inside part()) without ending the test. */
class PartStop extends Error {
  constructor(readonly verdict: 'untested' | 'cantTell', readonly reason: string, readonly kind?: NotJudgedKind) {
    super(reason);
  }
}

/** Playwright's skip is thrown as an error; it must pass through untouched. */
function isSkip(e: unknown): boolean {
  return !!e && typeof e === 'object' && (e.constructor?.name === 'TestSkipError' || /^Test is skipped/.test(String((e as Error).message)));
}
