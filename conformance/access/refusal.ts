import { ACCESS_ENV as ENV_NAMES, type AccessFacts } from '../run/access';

/**
 * What to tell the user when a target answers but keeps the run out: an untrusted
 * certificate, a request for basic auth, a refusal without the header that lets automation
 * through. One sentence each, naming the option that fixes it; never a secret.
 */

export function untrustedMessage(url: string, why: string, facts: AccessFacts | undefined): string {
  const t = facts?.trust;
  if (t?.ca) return `Target ${url} answered with a certificate that the certificate authority of ${t.from} (${t.ca}) does not vouch for (${why}): give the authority that signed it with --ca <file> (or ${ENV_NAMES.ca}, or "ca" in the config), or accept it untrusted with --insecure (or ${ENV_NAMES.insecure}=1).`;
  return `Target ${url} answered with a certificate this machine does not trust (${why}): give the certificate authority that signed it with --ca <file> (or ${ENV_NAMES.ca}, or "ca" in the config), or accept it untrusted with --insecure (or ${ENV_NAMES.insecure}=1, or "insecure": true in the config).`;
}

/** The words for a home page that answered 401 or 403; undefined for any other status. */
export function refusalMessage(url: string, status: number, challenge: string | null, facts: AccessFacts | undefined): string | undefined {
  if (status !== 401 && status !== 403) return undefined;
  const basic = status === 401 && /^\s*basic\b/i.test(challenge ?? '');
  if (basic) {
    return facts?.credentials
      ? `Target ${url} answered 401 to the user name and password given (${facts.credentials.from}): check them (${ENV_NAMES.user} and ${ENV_NAMES.password}, or httpCredentials in the config).`
      : `Target ${url} answered 401 and asks for a user name and password (HTTP basic auth): give them in ${ENV_NAMES.user} and ${ENV_NAMES.password} (or httpCredentials in the config, the password as {"env": "NAME"}).`;
  }
  if (facts?.headers) return `Target ${url} answered ${status} to the request headers given (${facts.headers.names.join(', ')}, from ${facts.headers.from}): check their values (${ENV_NAMES.headers}, or headers in the config).`;
  return `Target ${url} answered ${status}${status === 401 ? ' without asking for basic auth' : ' (forbidden)'}: if it lets automation through with a request header (a protection-bypass header, say), give it in ${ENV_NAMES.headers}="Name: value" (or headers in the config, the value as {"env": "NAME"}).`;
}
