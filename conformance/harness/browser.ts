import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export interface BrowserChoice {
  /** undefined = Playwright's own downloaded Chromium. */
  executablePath?: string;
  source: 'CHROMIUM_PATH' | 'system' | 'playwright' | 'missing';
}

/** Flags for a root, offline, headless machine (see DEVELOPERS.md); harmless elsewhere. */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

const SYSTEM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/** Finds a Chromium: $CHROMIUM_PATH, then a system one (Debian's chromium), then Playwright's own. */
export function findChromium(): BrowserChoice {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? { executablePath: fromEnv, source: 'CHROMIUM_PATH' } : { source: 'missing' };
  const system = SYSTEM_CANDIDATES.find((p) => existsSync(p));
  if (system) return { executablePath: system, source: 'system' };
  try {
    if (existsSync(chromium.executablePath())) return { source: 'playwright' };
  } catch {
    // executablePath() throws when the browser registry is unknown; treat as missing.
  }
  return { source: 'missing' };
}

export const MISSING_BROWSER_MESSAGE = [
  'No Chromium was found for the conformance suite.',
  'Get one of these, then run the command again:',
  '  - Debian/Ubuntu: sudo apt-get install chromium   (found at /usr/bin/chromium)',
  '  - Playwright\'s own build: npx playwright install chromium',
  '  - any Chrome/Chromium: set CHROMIUM_PATH=/path/to/chrome',
  process.env.CHROMIUM_PATH ? `(CHROMIUM_PATH is set to "${process.env.CHROMIUM_PATH}", which does not exist.)` : '',
].filter(Boolean).join('\n');
