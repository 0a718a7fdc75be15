/**
 * The site's security policy as plain data (docs/security.md). No Node imports: pages/_error.tsx
 * and the middleware use it too, and _error is also bundled for the browser.
 */

/**
 * The Content-Security-Policy. `scripts` are extra script-src sources (hashes, a nonce); without
 * any, scripts may come only from the site itself. No 'unsafe-eval' and no 'unsafe-inline' for
 * scripts; inline styles are allowed (React style props, Next's own inline styles).
 */
export function buildPolicy(scripts: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...scripts].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers sent with every answer in both delivery modes, besides Content-Security-Policy. */
export const BASELINE_SECURITY_HEADERS: readonly { key: string; value: string }[] = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
];

/**
 * The server build's policies, written after `next build` by csp-manifest.ts as
 * <distDir>/csp-manifest.json and read by the middleware.
 */
export const CSP_MANIFEST_FILE = 'csp-manifest.json';
export const NONCE_PLACEHOLDER = '{nonce}';

export interface CspManifest {
  version: 1;
  buildId: string;
  generatedAt: string;
  /** Pre-rendered path (e.g. "/about") → its complete policy (script hashes, no nonce). */
  routes: Record<string, string>;
  /**
   * Policy for every other path, with NONCE_PLACEHOLDER where the per-request nonce goes. It also
   * lists the hashes of the pre-rendered not-found and fallback pages, which Next may serve for a
   * path it does not know.
   */
  dynamic: string;
}
