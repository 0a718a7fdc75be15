import fs from 'node:fs';
import path from 'node:path';
import type { NextConfig } from 'next';
import { PHASE_PRODUCTION_SERVER } from 'next/constants';
import { BASELINE_SECURITY_HEADERS, buildPolicy } from './lib/security-headers';

/**
 * One config, two delivery modes, chosen by SITE_MODE at build time:
 *  - static: `output: 'export'`. Because distDir is not `.next`, Next treats distDir as the
 *    export folder, so the export lands in site/out/ and the intermediate build in site/.next/.
 *  - server: normal build in site/.next-server/, served by `next start`.
 * Files named `*.server.tsx` / `*.server.ts` are pages only in the server build (pageExtensions),
 * so server-only routes never reach the static export.
 */
/**
 * Server mode. Every answer: nosniff, referrer policy, no framing (X-Powered-By is off above).
 * Content-Security-Policy: App Router paths get theirs from middleware.server.ts (script hashes
 * of pre-rendered pages, or a nonce); the Pages Router pages, which the middleware leaves out and
 * which have no inline scripts, get the same policy without hashes here. The mutants runner
 * starts `next start` on a copy holding this file, lib/ (which it imports), public/ and the build.
 */
const PAGES_ROUTER_PATHS = [
  '/demos/status',
  '/demos/status/:code(400|404|405|418|500|503|throws)',
  '/demos/retry',
  '/demos/retry/:slug',
  '/demos/timeout',
  '/demos/timeout/target',
  '/demos/client-error',
];

async function securityHeaders() {
  return [
    {
      source: '/:path*',
      headers: [...BASELINE_SECURITY_HEADERS],
    },
    ...PAGES_ROUTER_PATHS.map((source) => ({
      source,
      headers: [{ key: 'Content-Security-Policy', value: buildPolicy() }],
    })),
  ];
}

/**
 * An unparsable Next-Router-State-Tree header is a client error: without this, a dynamic page
 * answers 500 and logs a stack (Next parses the header before middleware sees it — the flight
 * headers are stripped from the middleware's request). A well-formed one is URL-encoded JSON
 * array text: "%5B", unreserved or percent-encoded characters, "%5D". Anything else goes to a
 * route handler that answers 400 with a one-line body.
 */
const ROUTER_STATE_OK = "%5B[A-Za-z0-9%._~!*'()-]*%5D";
async function rejectBadRouterState() {
  return {
    beforeFiles: [{
      source: '/:path*',
      has: [{ type: 'header' as const, key: 'next-router-state-tree', value: `(?!${ROUTER_STATE_OK}$).*` }],
      destination: '/bad-router-state',
    }],
    afterFiles: [],
    fallback: [],
  };
}

export default function config(phase: string): NextConfig {
  const rawMode = process.env.SITE_MODE ?? 'server';
  if (rawMode !== 'static' && rawMode !== 'server') {
    throw new Error(`SITE_MODE must be "static" or "server", got "${rawMode}"`);
  }
  const mode: 'static' | 'server' = rawMode;
  const distDir = mode === 'static' ? 'out' : '.next-server';

  // Every build gets its own identifier unless one is given: it is the Pages Router build id
  // and the deploymentId (sent as x-deployment-id with page-data requests, ?dpl= on assets).
  // `next start` must use the id of the build it serves, so there it is read back.
  // It wins over SITE_BUILD_ID, which may be left in the environment by something else.
  let buildId: string | undefined;
  if (phase === PHASE_PRODUCTION_SERVER) {
    try {
      buildId = fs.readFileSync(path.join(__dirname, distDir, 'BUILD_ID'), 'utf8').trim();
    } catch {
      // no build yet: next start will report it
    }
  }
  buildId ||= process.env.SITE_BUILD_ID;
  if (!buildId) {
    buildId = `ref-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    // Build workers load this config again: let them see the same id.
    process.env.SITE_BUILD_ID = buildId;
  }

  return {
    reactStrictMode: true,
    poweredByHeader: false,
    deploymentId: buildId,
    generateBuildId: () => buildId,
    distDir,
    ...(mode === 'static' ? { output: 'export' as const } : {}),
    // Static: only .tsx/.ts pages (Next 15.5 failed to resolve app pages with ['tsx'] alone).
    // Server: page.server.tsx files are pages too.
    pageExtensions: mode === 'static' ? ['tsx', 'ts'] : ['server.tsx', 'server.ts', 'tsx', 'ts'],
    env: { SITE_MODE: mode },
    // Security headers (docs/security.md). An export has no server: the static server sends its
    // own (SECURITY_HEADERS in targets/hosts/static-server.ts).
    ...(mode === 'server' ? { headers: securityHeaders, rewrites: rejectBadRouterState } : {}),
    outputFileTracingRoot: path.join(__dirname, '..'),
    eslint: { ignoreDuringBuilds: true },
    // The site is type-checked once by `npm run typecheck` / `npm test` (tsc -p site), not again by
    // each of the two builds (about 6 s each on two cores).
    typescript: { ignoreBuildErrors: true },
    experimental: {
      staleTimes: { dynamic: 30, static: 300 },
      // Keep `next start`'s response cache in memory. On disk (server/route-cache/) its keys do
      // not include the build, so a server still running an older build could write pages that
      // a newer build in the same folder then serves (seen: chunk URLs of another build → 404).
      isrFlushToDisk: false,
      // What the build does beyond making the site, left out as for fixtures/nothing-to-judge:
      // one build worker, no worker threads. Both builds side by side: 108.8 → 96.3 CPU-s, 56 → 50 s;
      // the output is the same but for what differs between any two builds (timestamps, server action ids).
      cpus: 1,
      workerThreads: false,
    },
  };
}
