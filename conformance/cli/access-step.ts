import { readFileSync } from 'node:fs';
import { pemCertificates, type SettledAccess } from '../config/access';
import { currentAccess, spkiHash, useAccess } from '../access/access';
import { acceptedKeys, closeSiteConnections } from '../access/site-fetch';
import type { AccessFacts } from '../run/access';
import { passedValue, UsageError } from '../run/args';

/**
 * The run's access in the CLI's own process: set before the first request to a target
 * (so the probe, pre-flight and discovery use it), its Chromium pins completed as each target's
 * certificate is accepted, and its facts handed to the Run at the end — never its secrets.
 */
export function startAccess(settled: SettledAccess, urls: string[]): void {
  const origins = [...new Set(urls.map((u) => new URL(u).origin))];
  const facts: AccessFacts = { ...settled.facts, trust: { ...settled.facts.trust, pins: [] }, origins };
  useAccess({ facts, secrets: settled.secrets, ...(settled.caPem ? { caPem: settled.caPem } : {}) });
  refreshPins();
}

/**
 * Chromium's half of the trust, one decision with Node's: the CA file's public keys (for a server
 * that sends its chain) and the key of each certificate Node accepted from a target's origin —
 * verified with the CA file, the usual roots or NODE_EXTRA_CA_CERTS, or taken as it came with --insecure.
 */
export function refreshPins(): void {
  const a = currentAccess();
  if (!a) return;
  const pins = new Set<string>();
  if (a.facts.trust.ca) for (const pem of pemCertificates(readCaFile(a.facts.trust.ca))) pins.add(spkiHash(pem));
  for (const o of a.facts.origins) for (const k of acceptedKeys.get(o) ?? []) pins.add(k);
  useAccess({ ...a, facts: { ...a.facts, trust: { ...a.facts.trust, pins: [...pins] } } });
}

/**
 * A trace records the headers each request really carried, the run's credentials and headers
 * included (measured: a trace's network log held the planted password): a run that sends them
 * records no trace (playwright.config.ts), and asking for one is refused.
 */
export function checkTraceArgs(playwrightArgs: readonly string[], settled: SettledAccess): void {
  if (!settled.facts.credentials && !settled.facts.headers) return;
  const mode = passedValue(playwrightArgs, '--trace');
  if (mode === undefined || mode === 'off') return;
  throw new UsageError(`--trace ${mode} would record the credentials and headers this run sends (a trace keeps every request's headers): leave --trace out, as a run that sends them records no trace.`);
}

/** The facts for the Run (undefined when the run uses the usual trust and sends nothing); closes Node's connections. */
export function finishAccess(): AccessFacts | undefined {
  refreshPins();
  closeSiteConnections();
  const f = currentAccess()?.facts;
  return f && (f.trust.ca || f.trust.insecure || f.trust.pins.length || f.credentials || f.headers) ? f : undefined;
}

function readCaFile(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
