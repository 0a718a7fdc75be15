/**
 * Content-Security-Policy for the reference site (see docs/security.md).
 *
 * Pre-rendered pages keep their inline scripts (the App Router's `self.__next_f.push(…)` chunks),
 * so their policy lists the sha256 of each one: the HTML stays static and cacheable (K9.3, K9.4)
 * and no `'unsafe-inline'` is needed for scripts. Pages rendered per request get a nonce instead
 * (site/middleware.server.ts; Next puts the nonce it finds in the request's CSP header on its scripts).
 *
 * After `next build` of the server mode, `writeServerCspManifest` scans the pre-rendered HTML and
 * writes `<distDir>/csp-manifest.json`: the full policy for every pre-rendered path, and a policy
 * template with a `{nonce}` placeholder for everything else. The middleware only reads that
 * file, so changing the policy here takes effect with the next build.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildPolicy, CSP_MANIFEST_FILE, NONCE_PLACEHOLDER, type CspManifest } from './security-headers';

/** Script types a browser executes (absent type, JavaScript MIME types, module). */
const EXECUTABLE_TYPE = /^(?:|module|(?:text|application)\/(?:x-)?(?:java|ecma)script|text\/(?:jscript|livescript))$/i;

/** The text of every inline script the browser would execute (no `src`, executable type). */
export function inlineScripts(html: string): string[] {
  const out: string[] = [];
  const re = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const attrs = m[1];
    if (/\ssrc\s*=/i.test(` ${attrs}`)) continue;
    const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(` ${attrs}`);
    const value = (type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim();
    if (!EXECUTABLE_TYPE.test(value)) continue;
    out.push(m[2]);
  }
  return out;
}

/** CSP source expressions ('sha256-…') for the inline scripts of a page, deduplicated. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const body of inlineScripts(html)) {
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes].sort();
}

function walkHtml(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walkHtml(full, out);
    else if (entry.isFile() && entry.name.endsWith('.html')) out.push(full);
  }
  return out;
}

/** "/about.html" → "/about", "/index.html" → "/" (paths relative to a pages folder). */
function routeOf(relative: string): string {
  const noExt = `/${relative.split(path.sep).join('/')}`.replace(/\.html$/, '');
  return noExt === '/index' ? '/' : noExt;
}

/** Pre-rendered pages whose HTML Next may serve for paths other than their own. */
const FALLBACK_ROUTE = /^\/(?:_not-found|404|500)$|\[[^\]]+\]/;

/**
 * Scans the server build's pre-rendered HTML (server/app/**\/*.html, server/pages/**\/*.html) and
 * writes `<buildDir>/csp-manifest.json`. Returns what it wrote.
 */
export function writeServerCspManifest(buildDir: string): CspManifest {
  const routes: Record<string, string> = {};
  const fallbackHashes = new Set<string>();
  for (const sub of ['app', 'pages']) {
    const root = path.join(buildDir, 'server', sub);
    for (const file of walkHtml(root)) {
      const route = routeOf(path.relative(root, file));
      const hashes = inlineScriptHashes(fs.readFileSync(file, 'utf8'));
      if (FALLBACK_ROUTE.test(route)) {
        for (const h of hashes) fallbackHashes.add(h);
        continue;
      }
      routes[route] = buildPolicy(hashes);
    }
  }
  let buildId = '';
  try {
    buildId = fs.readFileSync(path.join(buildDir, 'BUILD_ID'), 'utf8').trim();
  } catch {
    /* no id: leave empty */
  }
  const manifest: CspManifest = {
    version: 1,
    buildId,
    generatedAt: new Date().toISOString(),
    routes,
    dynamic: buildPolicy([`'nonce-${NONCE_PLACEHOLDER}'`, ...[...fallbackHashes].sort()]),
  };
  fs.writeFileSync(path.join(buildDir, CSP_MANIFEST_FILE), `${JSON.stringify(manifest, null, 1)}\n`);
  return manifest;
}
