/**
 * Server mode only: named middleware.server.ts, it matches next.config's server pageExtensions
 * (middleware.{server.ts,…}) but not the static ones (middleware.{tsx,ts}).
 *
 * 1. Content-Security-Policy for App Router pages. Pre-rendered pages get the policy listing the
 *    sha256 of their inline scripts, read from <distDir>/csp-manifest.json (written after the
 *    build by site/lib/csp-manifest.ts): the page stays static. Every other path gets a fresh nonce,
 *    put on the request's CSP header, where Next picks it up and stamps it on its scripts.
 * 2. Malformed paths (percent-encoding that does not decode, e.g. /%E0%A4%A) get the site's 400
 *    page with status 400. Next itself decodes a path only to fill in route parameters, so only
 *    paths below a dynamic route got its 400; any other got the not-found page (404). The page is
 *    the build's pre-rendered 400 page (pages/demos/status/[code] with code 400), sent as it is.
 * 3. Server-function requests naming an action this build does not have are answered 404, before
 *    Next's action handler, which answers a forged form post with a 500. Bodies of known actions
 *    that React could not decode (lib/server-function-reply.ts) and form posts without an action
 *    get a 400.
 *
 * Pages Router pages are left out of the matcher: the Pages Router client checks links against
 * the middleware matcher and, when one matches, fetches page data through the middleware first
 * (extra /_next/data requests) — that would change what the K-clauses observe. They get their
 * (hash-free) policy from next.config.ts instead; keep both lists in step with site/pages/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { NextResponse, type NextRequest } from 'next/server';
import { buildPolicy, CSP_MANIFEST_FILE, NONCE_PLACEHOLDER, type CspManifest } from './lib/security-headers';
import { replyProblem, type ReplyPart } from './lib/server-function-reply';

export const config = {
  runtime: 'nodejs',
  matcher: [
    // Everything but build assets, Pages Router data and the Pages Router pages (their exact paths,
    // so unknown paths below them, which get the App Router not-found page, still come here).
    '/((?!_next/static/|_next/image|_next/data/|favicon\\.svg$|demos/status(?:/(?:400|404|405|418|500|503|throws))?(?:\\.json)?$|demos/retry(?:/[^/]+)?(?:\\.json)?$|demos/timeout(?:/target)?(?:\\.json)?$|demos/client-error(?:\\.json)?$).*)',
  ],
};

const DIST_DIR = '.next-server';
let cspManifest: Pick<CspManifest, 'routes' | 'dynamic'> | null | undefined;
let actionIds: Set<string> | null | undefined;
let badRequestHtml: string | null | undefined;

function distPath(...parts: string[]): string {
  return path.join(process.cwd(), DIST_DIR, ...parts);
}

function loadCsp(): Pick<CspManifest, 'routes' | 'dynamic'> | null {
  if (cspManifest !== undefined) return cspManifest;
  try {
    const data = JSON.parse(fs.readFileSync(distPath(CSP_MANIFEST_FILE), 'utf8')) as Partial<CspManifest>;
    cspManifest = data.routes && typeof data.dynamic === 'string' ? { routes: data.routes, dynamic: data.dynamic } : null;
  } catch {
    cspManifest = null;
  }
  if (!cspManifest) {
    console.warn(`[middleware] no ${DIST_DIR}/csp-manifest.json: pages are sent without a Content-Security-Policy (build with site/scripts/cli.ts).`);
  }
  return cspManifest;
}

/** Ids of this build's server functions (<distDir>/server/server-reference-manifest.json). */
function loadActionIds(): Set<string> {
  if (actionIds) return actionIds;
  try {
    const data = JSON.parse(fs.readFileSync(distPath('server', 'server-reference-manifest.json'), 'utf8')) as {
      node?: Record<string, unknown>;
      edge?: Record<string, unknown>;
    };
    actionIds = new Set([...Object.keys(data.node ?? {}), ...Object.keys(data.edge ?? {})]);
  } catch {
    actionIds = new Set();
  }
  return actionIds;
}

/** The pre-rendered 400 page of this build, or null if the build has none. */
function loadBadRequestPage(): string | null {
  if (badRequestHtml !== undefined) return badRequestHtml;
  try {
    badRequestHtml = fs.readFileSync(distPath('server', 'pages', 'demos', 'status', '400.html'), 'utf8');
  } catch {
    badRequestHtml = null;
    console.warn(`[middleware] no pre-rendered 400 page in ${DIST_DIR}: malformed paths get Next's own answer.`);
  }
  return badRequestHtml;
}

function isMalformedPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/** The site's 400 page. It has no executable inline script, so the hash-free policy fits. */
function badRequestPage(): NextResponse | undefined {
  const html = loadBadRequestPage();
  if (html === null) return undefined;
  return new NextResponse(html, {
    status: 400,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate',
      'content-security-policy': buildPolicy(),
    },
  });
}

function plain(status: number, body: string, extra: Record<string, string> = {}): NextResponse {
  return new NextResponse(`${body}\n`, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...extra },
  });
}

/** The 404 Next itself gives an unknown fetch action (the client reads the header). */
const actionNotFound = () => plain(404, 'Server action not found.', { 'x-nextjs-action-not-found': '1' });
const badRequest = () => plain(400, 'Bad Request');

/** `{"id":"<id>",…}` of a bound form action ($ACTION_REF_n → $ACTION_n:0). */
function descriptorId(value: FormDataEntryValue | null): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const parsed = JSON.parse(value) as { id?: unknown };
    return typeof parsed.id === 'string' ? parsed.id : undefined;
  } catch {
    return undefined;
  }
}

async function readForm(req: NextRequest): Promise<FormData | undefined> {
  try {
    return await req.formData();
  } catch {
    return undefined;
  }
}

/** A response when a POST must not reach Next's action handler, else undefined. */
async function checkServerFunction(req: NextRequest): Promise<NextResponse | undefined> {
  if (req.method !== 'POST') return undefined;
  const ids = loadActionIds();
  const actionId = req.headers.get('next-action');
  const contentType = (req.headers.get('content-type') ?? '').toLowerCase();
  const multipart = contentType.startsWith('multipart/form-data');

  if (actionId !== null) {
    // A call from the client router: the id must be one of this build's, and every part its
    // arguments point at must be in the body (else React's decoder throws and Next answers 500).
    if (!ids.has(actionId)) return actionNotFound();
    let parts: Map<string, ReplyPart>;
    if (multipart) {
      const form = await readForm(req);
      if (!form) return badRequest();
      parts = new Map([...form.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : { file: true }]));
    } else {
      parts = new Map([['0', await req.text()]]);
    }
    return replyProblem(parts) ? badRequest() : undefined;
  }

  if (!multipart) return undefined; // not a server-function request; Next renders or refuses it
  // A form posted without JavaScript: Next looks for $ACTION_ID_<id> / $ACTION_REF_<n> fields and
  // answers 500 when there is none or one names an unknown action.
  const form = await readForm(req);
  if (!form) return badRequest();
  let actions = 0;
  for (const key of new Set(form.keys())) {
    if (key.startsWith('$ACTION_ID_')) {
      if (!ids.has(key.slice('$ACTION_ID_'.length))) return actionNotFound();
      actions++;
    } else if (key.startsWith('$ACTION_REF_')) {
      const id = descriptorId(form.get(`$ACTION_${key.slice('$ACTION_REF_'.length)}:0`));
      if (!id || !ids.has(id)) return actionNotFound();
      actions++;
    }
  }
  return actions > 0 ? undefined : badRequest();
}

export async function middleware(req: NextRequest): Promise<NextResponse> {
  if (isMalformedPath(req.nextUrl.pathname)) {
    const page = badRequestPage();
    if (page) return page;
  }
  const refused = await checkServerFunction(req);
  if (refused) return refused;

  const csp = loadCsp();
  if (!csp) return NextResponse.next();
  const fixed = csp.routes[req.nextUrl.pathname];
  if (fixed) {
    const res = NextResponse.next();
    res.headers.set('Content-Security-Policy', fixed);
    return res;
  }
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  const policy = csp.dynamic.split(NONCE_PLACEHOLDER).join(nonce);
  const headers = new Headers(req.headers);
  headers.set('content-security-policy', policy);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set('Content-Security-Policy', policy);
  return res;
}
