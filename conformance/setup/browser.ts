import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { BrowserFacts } from '../run/model';
import { runSync } from '../../launcher/run-sync';
import { patience } from '../run/slow';

/** Flags for a root, offline, headless machine; harmless elsewhere. */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

// Chromium's headless shell first (Debian: chromium-headless-shell, the same engine and version
// as chromium): it skips the full browser's UI layers and costs about a quarter less CPU per run
// (docs/benchmarks.md). A headed run (--headed, --debug, --ui) needs a window, so it skips the shell.
export const HEADLESS_SHELL_NAMES = ['chromium-headless-shell'];
export const PATH_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
export const KNOWN_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/snap/bin/chromium', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome', '/Applications/Chromium.app/Contents/MacOS/Chromium'];

export type BrowserLookup = { ok: true; choice: BrowserFacts } | { ok: false; message: string };

export interface LookupInput {
  env?: NodeJS.ProcessEnv;
  /** Playwright's own Chromium, if it has one (undefined: none). */
  playwrightPath?: () => string | undefined;
  versionTimeoutMs?: number;
  /** A headed run: the headless shell cannot open a window, so it is not a candidate. */
  headed?: boolean;
}

let cached: BrowserLookup | undefined;

/**
 * Finds a Chromium that runs, in this order: $CHROMIUM_PATH (when set, it must work: no silent
 * fallback), then on $PATH `chromium-headless-shell` (unless headed), `chromium`,
 * `chromium-browser`, `google-chrome`, then the same in /usr/bin and the other known
 * install paths, then Playwright's own download. Each candidate must answer `--version` with a
 * Chromium or Chrome version within a few seconds. On failure the message is one sentence per
 * problem and says what to do.
 */
export function lookupChromium(input: LookupInput = {}): BrowserLookup {
  const custom = !!(input.env || input.playwrightPath || input.headed);
  if (!custom && cached) return cached;
  const env = input.env ?? process.env;
  const timeout = input.versionTimeoutMs ?? patience(10_000);
  const tried: string[] = [];
  let result: BrowserLookup | undefined;

  const given = env.CHROMIUM_PATH;
  if (given) {
    const c = checkCandidate(given, timeout);
    result = c.ok
      ? { ok: true, choice: { executablePath: given, source: 'CHROMIUM_PATH', version: c.version } }
      : { ok: false, message: `CHROMIUM_PATH=${given} ${c.why}: point it at a Chromium or Chrome program (e.g. /usr/bin/chromium) or unset it.` };
  }
  if (!result) {
    const seen = new Set<string>();
    const onPath = (names: string[]) => names.flatMap((name) => (env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, name)));
    const shells = input.headed ? [] : HEADLESS_SHELL_NAMES;
    const candidates = [
      ...onPath([...shells, ...PATH_NAMES]).map((f) => [f, 'PATH'] as const),
      ...[...shells.map((n) => `/usr/bin/${n}`), ...KNOWN_PATHS].map((f) => [f, 'system'] as const),
    ];
    for (const [file, source] of candidates) {
      if (seen.has(file) || !existsSync(file)) continue;
      seen.add(file);
      const c = checkCandidate(file, timeout);
      if (c.ok) {
        result = { ok: true, choice: { executablePath: file, source, version: c.version } };
        break;
      }
      tried.push(`${file} ${c.why}`);
    }
  }
  if (!result) {
    const own = (input.playwrightPath ?? playwrightChromium)();
    if (own) {
      const c = checkCandidate(own, timeout);
      if (c.ok) result = { ok: true, choice: { source: 'playwright', version: c.version } };
      else tried.push(`Playwright's own Chromium ${own} ${c.why}`);
    }
  }
  result ??= {
    ok: false,
    message: `No working Chromium was found${tried.length ? ` (${tried.join('; ')})` : ` (none of ${[...HEADLESS_SHELL_NAMES, ...PATH_NAMES].join(', ')} on PATH, none at the usual places, no Playwright download)`}: get one — Playwright's own download where the network allows it (npx playwright install chromium), or the distribution's package (Debian: apt-get install chromium-headless-shell, or chromium) — or set CHROMIUM_PATH=/path/to/chrome.`,
  };
  if (!custom) cached = result;
  return result;
}

/** Whether Playwright arguments ask for a browser window (--headed, --debug, --ui). */
export function wantsWindow(args: readonly string[]): boolean {
  return args.some((a) => a === '--headed' || a === '--debug' || a === '--ui' || a.startsWith('--ui='));
}

/** Why a file is not a usable Chromium, in a few words, or its version. */
export function checkCandidate(file: string, timeoutMs: number): { ok: true; version: string } | { ok: false; why: string } {
  let st;
  try {
    st = statSync(file);
  } catch {
    return { ok: false, why: 'does not exist' };
  }
  if (st.isDirectory()) return { ok: false, why: 'is a directory, not a program' };
  try {
    accessSync(file, constants.X_OK);
  } catch {
    return { ok: false, why: 'is not executable' };
  }
  const r = runSync(file, ['--version'], { timeoutMs });
  if (r.error && (r.error as NodeJS.ErrnoException).code === 'ETIMEDOUT') return { ok: false, why: `did not answer --version within ${timeoutMs / 1000} s` };
  if (r.error) return { ok: false, why: `cannot be started (${(r.error as NodeJS.ErrnoException).code ?? r.error.message})` };
  const text = r.stdout.trim().split('\n')[0] ?? '';
  if (r.status !== 0) return { ok: false, why: `exits with code ${r.status} on --version` };
  if (!/chrom(e|ium)/i.test(text)) return { ok: false, why: `is not Chromium (--version printed "${text.slice(0, 60) || 'nothing'}")` };
  return { ok: true, version: text };
}

/** The older shape (kept for callers that only need a path): `missing` when no Chromium works. */
export function findChromium(): { executablePath?: string; source: BrowserFacts['source'] | 'missing' } {
  const r = lookupChromium();
  return r.ok ? { executablePath: r.choice.executablePath, source: r.choice.source } : { source: 'missing' };
}

function playwrightChromium(): string | undefined {
  try {
    // Loaded only when no Chromium of the machine answered: @playwright/test costs the command about half a CPU-second to load.
    const { chromium } = require('@playwright/test') as typeof import('@playwright/test');
    const p = chromium.executablePath();
    return existsSync(p) ? p : undefined;
  } catch {
    // executablePath() throws when the browser registry is unknown: no download.
    return undefined;
  }
}
