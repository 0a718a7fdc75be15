import path from 'node:path';
import type { NextConfig } from 'next';

/**
 * One config, two delivery modes, chosen by SITE_MODE at build time:
 *  - static: `output: 'export'`. Because distDir is not `.next`, Next treats distDir as the
 *    export folder, so the export lands in site/out/ and the intermediate build in site/.next/.
 *  - server: normal build in site/.next-server/, served by `next start`.
 * Files named `*.server.tsx` / `*.server.ts` are pages only in the server build (pageExtensions),
 * so server-only routes never reach the static export.
 */
const rawMode = process.env.SITE_MODE ?? 'server';
if (rawMode !== 'static' && rawMode !== 'server') {
  throw new Error(`SITE_MODE must be "static" or "server", got "${rawMode}"`);
}
const mode: 'static' | 'server' = rawMode;

// Every build gets its own identifier unless one is given (sent as x-deployment-id on page-data
// requests and used as the Pages Router build id).
const buildId =
  process.env.SITE_BUILD_ID ||
  `ref-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  deploymentId: buildId,
  generateBuildId: () => buildId,
  distDir: mode === 'static' ? 'out' : '.next-server',
  ...(mode === 'static' ? { output: 'export' as const } : {}),
  pageExtensions: mode === 'static' ? ['tsx', 'ts'] : ['server.tsx', 'server.ts', 'tsx', 'ts'],
  env: { SITE_MODE: mode },
  outputFileTracingRoot: path.join(__dirname, '..'),
  eslint: { ignoreDuringBuilds: true },
  experimental: {
    staleTimes: { dynamic: 30, static: 300 },
  },
};

export default nextConfig;
