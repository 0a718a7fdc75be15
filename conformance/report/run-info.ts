import type { Suite } from '@playwright/test/reporter';
import type { Mode } from '../../spec/clauses';
import { FACTS_ATTACHMENT, factsByMode, parseFacts, type RunFacts } from '../run/facts';
import type { Report, TargetInfo } from './model';

/**
 * The run's facts, read back from the results (see conformance/run/facts.ts): the same in a live
 * run and in `merge-reports` of blob reports made elsewhere. Each worker attaches them to its first
 * test (setup/run-facts.ts), so a run holds several copies: one set per worker.
 */
export function factsFromSuite(suite: Suite | undefined): RunFacts[] {
  const out: RunFacts[] = [];
  for (const test of suite?.allTests() ?? []) {
    for (const result of test.results) {
      for (const a of result.attachments) {
        if (a.name !== FACTS_ATTACHMENT || !a.body) continue;
        const f = parseFacts(a.body);
        if (f) out.push(f);
      }
    }
  }
  return out;
}

export function targetsFromFacts(facts: RunFacts[], modes: Set<Mode>): TargetInfo[] {
  return [...factsByMode(facts).values()].filter((f) => modes.has(f.mode)).map((f) => ({
    mode: f.mode,
    url: f.url,
    reference: f.reference,
    profile: f.profile.path,
    otherBuildUrl: f.otherBuildUrl,
    framework: f.frameworkVersion ? 'Next.js' : f.probe?.framework,
    frameworkVersion: f.frameworkVersion,
    buildId: f.probe?.buildId,
    deploymentId: f.probe?.deploymentId,
    isThisKind: f.probe?.isThisKind,
    kindReason: f.probe?.kindReason,
  }));
}

/** The harness's patience as the workers had it (every worker reads the same run). */
export function slowFromFacts(facts: RunFacts[]): Report['slow'] {
  return facts.find((f) => f.slow)?.slow;
}

export function browserFromFacts(facts: RunFacts[]): Report['browser'] {
  const b = facts[0]?.browser;
  return b ? { name: b.name, version: b.version, source: b.source } : undefined;
}
