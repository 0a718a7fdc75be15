/**
 * The site's security policy as plain data (docs/security.md). No Node imports: pages/_error.tsx
 * uses it too, and that file is also bundled for the browser.
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
