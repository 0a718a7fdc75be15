import { X509Certificate } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../run/args';
import { ACCESS_ENV, type AccessFacts, type AccessSecrets } from '../run/access';
import type { SecretValue, SpecConformanceConfig } from './model';

/**
 * The run's trust and credentials, settled once from the flags, the environment and the config
 * (docs/config.md, "Protected deployments"): flags over the environment over the config for the
 * trust; the environment's credentials over the config's; the config's headers with the
 * environment's added (same name: the environment's). Any problem is one sentence naming the
 * setting (exit 2). Secrets come back apart from the facts, which hold none.
 */
const ENV = ACCESS_ENV;

export interface SettledAccess {
  facts: Omit<AccessFacts, 'origins' | 'trust'> & { trust: Omit<AccessFacts['trust'], 'pins'> };
  secrets: AccessSecrets;
  /** With a CA file: its certificates (PEM), read and checked, and NODE_EXTRA_CA_CERTS's (Node's `ca` replaces them otherwise). */
  caPem?: string;
}

/** Header names the run may not set: the connection's own, and Authorization (give httpCredentials). */
const RESERVED = /^(host|connection|content-length|transfer-encoding|keep-alive|upgrade|te|trailer|expect|authorization|proxy-.*)$/i;
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function settleAccess(
  args: { ca?: string; insecure?: boolean },
  loaded: { file: string; dir: string; config: SpecConformanceConfig } | undefined,
  env: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
): SettledAccess {
  const c = loaded?.config ?? {};
  const inConfig = `the config ${loaded?.file ?? ''}`.trim();
  // One choice of trust: the first level that makes one (flags, then the environment, then the
  // config) decides; both a CA and --insecure on the same level is a contradiction.
  type Choice = { ca?: { file: string; from: string }; insecure?: string };
  const levels: Choice[] = [
    { ...(args.ca !== undefined ? { ca: { file: resolve(cwd, args.ca), from: '--ca' } } : {}), ...(args.insecure ? { insecure: '--insecure' } : {}) },
    { ...(env[ENV.ca] ? { ca: { file: resolve(cwd, env[ENV.ca]!), from: ENV.ca } } : {}), ...(flagValue(env[ENV.insecure], ENV.insecure) ? { insecure: `${ENV.insecure}=${env[ENV.insecure]}` } : {}) },
    { ...(c.ca !== undefined ? { ca: { file: resolve(loaded!.dir, c.ca), from: `"ca" of ${inConfig}` } } : {}), ...(c.insecure === true ? { insecure: `"insecure" of ${inConfig}` } : {}) },
  ];
  const { ca, insecure } = levels.find((l) => l.ca || l.insecure) ?? {};
  if (ca && insecure) throw new UsageError(`${ca.from} and ${insecure} do not go together: trust the certificate authority, or accept an untrusted certificate, not both.`);
  // NODE_EXTRA_CA_CERTS needs no choice: Node's own requests honour it, and the browser is told to
  // accept each target's certificate as Node accepted it (cli/access-step.ts). With a CA file it is kept beside it.
  const caPem = ca ? [readCa(ca.file, ca.from), ...(env.NODE_EXTRA_CA_CERTS ? [readExtra(env.NODE_EXTRA_CA_CERTS)] : [])].join('\n') : undefined;
  const trust = insecure ? { insecure: true, from: insecure } : ca ? { insecure: false, ca: ca.file, from: ca.from } : { insecure: false };

  const secrets: AccessSecrets = { headers: {} };
  const facts: SettledAccess['facts'] = { trust };
  const user = env[ENV.user];
  const password = env[ENV.password];
  if (user !== undefined || password !== undefined) {
    if (!user) throw new UsageError(`${ENV.password} is set but ${ENV.user} is not: give both for HTTP basic auth, or neither.`);
    if (password === undefined) throw new UsageError(`${ENV.user} is set but ${ENV.password} is not: give both for HTTP basic auth, or neither.`);
    Object.assign(secrets, { username: user, password });
    facts.credentials = { from: `${ENV.user} and ${ENV.password}` };
  } else if (c.httpCredentials) {
    secrets.username = secretOf(c.httpCredentials.username, `httpCredentials.username of ${inConfig}`, env);
    secrets.password = secretOf(c.httpCredentials.password, `httpCredentials.password of ${inConfig}`, env);
    facts.credentials = { from: `httpCredentials of ${inConfig}` };
  }
  const from: string[] = [];
  for (const [name, value] of Object.entries(c.headers ?? {})) {
    secrets.headers[checkName(name, `headers of ${inConfig}`)] = checkValue(secretOf(value, `headers["${name}"] of ${inConfig}`, env), name, inConfig);
  }
  if (Object.keys(c.headers ?? {}).length) from.push(`"headers" of ${inConfig}`);
  const envHeaders = env[ENV.headers];
  if (envHeaders) {
    for (const line of envHeaders.split(/\r?\n/).map((l) => l.trim()).filter(Boolean)) {
      const at = line.indexOf(':');
      if (at <= 0) throw new UsageError(`${ENV.headers} holds a line without "Name: value" (${JSON.stringify(line.slice(0, 20))}…): give one header per line, e.g. "x-vercel-protection-bypass: <secret>".`);
      secrets.headers[checkName(line.slice(0, at).trim(), ENV.headers)] = checkValue(line.slice(at + 1).trim(), line.slice(0, at).trim(), ENV.headers);
    }
    from.push(ENV.headers);
  }
  const names = Object.keys(secrets.headers);
  if (names.length) facts.headers = { names, from: from.join(' and ') };
  return { facts, secrets, ...(caPem ? { caPem } : {}) };
}

/** The value of a switch variable: 1/true/yes on, 0/false/no or empty off, anything else refused. */
function flagValue(raw: string | undefined, name: string): boolean {
  if (raw === undefined || raw === '') return false;
  if (/^(1|true|yes)$/i.test(raw)) return true;
  if (/^(0|false|no)$/i.test(raw)) return false;
  throw new UsageError(`${name}=${raw} is neither 1 nor 0: set ${name}=1 to accept an untrusted certificate, or unset it.`);
}

function secretOf(v: SecretValue, where: string, env: NodeJS.ProcessEnv): string {
  if (typeof v === 'string') return v;
  const value = env[v.env];
  if (value === undefined) throw new UsageError(`${where} names the environment variable ${v.env}, which is not set: set it (a CI secret, say) or change the config.`);
  return value;
}

function checkName(name: string, where: string): string {
  if (!TOKEN.test(name)) throw new UsageError(`${where}: "${name}" is not a header name (letters, digits and -, no spaces or colons).`);
  if (RESERVED.test(name)) throw new UsageError(`${where}: the header ${name} cannot be set by the run${/^authorization$/i.test(name) ? ` (give basic auth in ${ENV.user} and ${ENV.password}, or httpCredentials)` : ' (the connection sets it)'}.`);
  return name.toLowerCase();
}

function checkValue(value: string, name: string, where: string): string {
  if (/[\r\n]/.test(value)) throw new UsageError(`${where}: the value of ${name} holds a line break, which no header may hold.`);
  // What HTTP lets a field value hold (Node's own check): else every request would fail, read as an unreachable target.
  const bad = /[^\t\x20-\x7e\x80-\xff]/.exec(value)?.[0];
  if (bad !== undefined) throw new UsageError(`${where}: the value of ${name} holds ${bad.charCodeAt(0) < 0x20 || bad === '\x7f' ? 'a control character' : 'a character beyond Latin-1'} (U+${bad.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}), which no header may hold: remove it.`);
  return value;
}

/** The CA file's text, checked: it exists and holds at least one certificate. */
function readCa(file: string, from: string): string {
  let text: string;
  try {
    if (!statSync(file).isFile()) throw Object.assign(new Error('is not a file'), { code: 'EISDIR' });
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(`${from} ${file} ${code === 'ENOENT' ? 'does not exist' : code === 'EISDIR' ? 'is not a file' : `cannot be read (${code ?? (e as Error).message})`}: give the PEM file of the certificate authority that signed the target's certificate.`);
  }
  const blocks = pemCertificates(text);
  if (!blocks.length) throw new UsageError(`${from} ${file} holds no PEM certificate (-----BEGIN CERTIFICATE-----): give the certificate authority's certificate in PEM form.`);
  for (const b of blocks) {
    try {
      new X509Certificate(b);
    } catch (e) {
      throw new UsageError(`${from} ${file} holds a certificate that cannot be read (${(e as Error).message}): give the certificate authority's certificate in PEM form.`);
    }
  }
  return blocks.join('\n');
}

/** NODE_EXTRA_CA_CERTS's certificates, as Node reads them at start (a file it cannot read is skipped, as Node does with a warning). */
function readExtra(file: string): string {
  try {
    return pemCertificates(readFileSync(file, 'utf8')).join('\n');
  } catch {
    return '';
  }
}

export function pemCertificates(text: string): string[] {
  return text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}
