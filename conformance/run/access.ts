import { shownPath } from '../../launcher/format';

/**
 * How a run reaches a deployment that is not open to everyone: the certificate trust,
 * chosen once for every part of the run (probe, pre-flight, discovery, the browser), and the HTTP
 * basic auth and extra request headers sent to the targets' origins only.
 *
 * Two halves, kept apart on purpose. `AccessFacts` holds no secret: it travels in the Run file
 * (channel.ts), the run facts and the report. `AccessSecrets` (the password, the header values)
 * never touches a file: the CLI hands it to Playwright's processes in the environment variable
 * CONFORMANCE_SECRETS, and every extract of requests drops the headers that carry it.
 */
export interface TrustFacts {
  /** Absolute path of a PEM file of certificate authorities trusted besides the usual ones. */
  ca?: string;
  /** Accept an untrusted certificate (--insecure): the connection is not verified. */
  insecure: boolean;
  /** Where the choice came from: '--ca', 'SPEC_CONFORMANCE_CA', 'NODE_EXTRA_CA_CERTS', the config file …; absent: the usual trust. */
  from?: string;
  /**
   * Chromium's side of the same decision (--ignore-certificate-errors-spki-list): base64 SHA-256 of
   * the public keys of the CA file's certificates and of each target's certificate as Node verified
   * it with them (insecure: as presented). Public keys, not secrets.
   */
  pins: string[];
}

export interface AccessFacts {
  trust: TrustFacts;
  /** Basic auth is sent (its user name and password are never kept): where they came from. */
  credentials?: { from: string };
  /** Extra request headers sent: their names only, and where they came from. */
  headers?: { names: string[]; from: string };
  /** The only origins the credentials and headers go to: the targets' and their other builds'. */
  origins: string[];
}

export interface AccessSecrets {
  username?: string;
  password?: string;
  /** Header name (lower case) → value. */
  headers: Record<string, string>;
}

/** The environment variables a user sets (docs/config.md, "Protected deployments"). */
export const ACCESS_ENV = {
  ca: 'SPEC_CONFORMANCE_CA',
  insecure: 'SPEC_CONFORMANCE_INSECURE',
  user: 'SPEC_CONFORMANCE_USER',
  password: 'SPEC_CONFORMANCE_PASSWORD',
  headers: 'SPEC_CONFORMANCE_HEADERS',
} as const;

/** The environment variable that carries the secrets to Playwright's processes (never a file). */
export const SECRETS_ENV = 'CONFORMANCE_SECRETS';

export function secretsEnv(secrets: AccessSecrets | undefined): Record<string, string> {
  return secrets && hasSecrets(secrets) ? { [SECRETS_ENV]: JSON.stringify(secrets) } : {};
}

/** The secrets handed to this process, if any. */
export function secretsFromEnv(env: NodeJS.ProcessEnv = process.env): AccessSecrets | undefined {
  const raw = env[SECRETS_ENV];
  if (!raw) return undefined;
  try {
    const s = JSON.parse(raw) as AccessSecrets;
    return { ...s, headers: s.headers ?? {} };
  } catch {
    return undefined;
  }
}

export function hasSecrets(s: AccessSecrets): boolean {
  return s.username !== undefined || Object.keys(s.headers).length > 0;
}

/** The headers the secrets add to a request: Authorization (basic) and the extra headers, names in lower case. */
export function secretHeaders(s: AccessSecrets | undefined): Record<string, string> {
  if (!s) return {};
  const auth: Record<string, string> = s.username !== undefined ? { authorization: `Basic ${Buffer.from(`${s.username}:${s.password ?? ''}`).toString('base64')}` } : {};
  return { ...s.headers, ...auth };
}

/** Whether a URL is on one of the origins the credentials and headers go to. */
export function isAccessOrigin(url: string | URL, origins: readonly string[]): boolean {
  try {
    return origins.includes(new URL(url).origin);
  } catch {
    return false;
  }
}

/** Headers whose values are never written anywhere: credentials, cookies, and the run's own extra headers. */
const ALWAYS_SECRET = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie'];

export function isSecretHeader(name: string, access: Pick<AccessFacts, 'headers'> | undefined): boolean {
  const n = name.toLowerCase();
  return ALWAYS_SECRET.includes(n) || !!access?.headers?.names.includes(n);
}

/** A copy of request headers with every secret header's value replaced by "(redacted)". */
export function redactHeaders(h: Record<string, string>, access: Pick<AccessFacts, 'headers'> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k, isSecretHeader(k, access) ? '(redacted)' : v]));
}

/**
 * The facts as the report keeps them: the CA file named relative to the working directory of the
 * command (`cwd`), as every path the report shows — the absolute path stays in the run, which reads it.
 */
export function shownAccess(a: AccessFacts, cwd: string): AccessFacts {
  return a.trust.ca ? { ...a, trust: { ...a.trust, ca: shownPath(a.trust.ca, cwd) } } : a;
}

/** One line for the console and the report, without a secret. */
export function describeAccess(a: AccessFacts | undefined): string | undefined {
  if (!a) return undefined;
  const parts: string[] = [];
  if (a.trust.insecure) parts.push(`certificates not verified (${a.trust.from})`);
  else if (a.trust.ca) parts.push(`certificate authority ${a.trust.ca} (${a.trust.from})`);
  if (a.credentials) parts.push(`basic auth (${a.credentials.from})`);
  if (a.headers) parts.push(`header${a.headers.names.length > 1 ? 's' : ''} ${a.headers.names.join(', ')} (${a.headers.from})`);
  if (!parts.length) return undefined;
  return `${parts.join(' · ')}${a.credentials || a.headers ? `; sent to ${a.origins.join(', ')} only` : ''}`;
}
