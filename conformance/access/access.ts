import { createHash, X509Certificate } from 'node:crypto';
import { currentRun } from '../run/channel';
import { isAccessOrigin, secretHeaders, secretsFromEnv, type AccessFacts, type AccessSecrets } from '../run/access';

/**
 * The access of this process: the trust and credentials of the run (run/access.ts). The CLI sets it
 * once it has settled them (useAccess); Playwright's processes read the facts from the Run and the
 * secrets from their environment. Everything that reaches the target reads it here: site-fetch.ts
 * (probe, pre-flight, discovery's requests), browser-access.ts (every browser).
 */
export interface Access {
  facts: AccessFacts;
  secrets?: AccessSecrets;
  /** The CA file's certificates (PEM), for Node's own requests in this process. */
  caPem?: string;
}

let explicit: Access | undefined;

export function useAccess(a: Access | undefined): void {
  explicit = a;
}

export function currentAccess(): Access | undefined {
  if (explicit) return explicit;
  const facts = currentRun().access;
  return facts ? { facts, secrets: secretsFromEnv() } : undefined;
}

/** The secret headers for a request to `url`: none unless it goes to one of the run's target origins. */
export function accessHeadersFor(url: string | URL, access = currentAccess()): Record<string, string> {
  if (!access?.secrets || !isAccessOrigin(url, access.facts.origins)) return {};
  return secretHeaders(access.secrets);
}

/** base64 SHA-256 of a certificate's public key (SPKI): what Chromium's --ignore-certificate-errors-spki-list takes. */
export function spkiHash(cert: X509Certificate | string): string {
  const c = typeof cert === 'string' ? new X509Certificate(cert) : cert;
  return createHash('sha256').update(c.publicKey.export({ type: 'spki', format: 'der' })).digest('base64');
}

/** Chromium's flags for the run's trust: the pinned public keys (none: no flag). */
export function chromiumTrustArgs(facts: AccessFacts | undefined): string[] {
  const pins = facts?.trust.pins ?? [];
  return pins.length ? [`--ignore-certificate-errors-spki-list=${pins.join(',')}`] : [];
}
