import { test } from '../../conformance/harness/fixtures';
import { currentRun } from '../../conformance/run/channel';
import { patience } from '../../conformance/run/slow';

/**
 * Pages both builds share: a page whose server-rendered HTML is the static export's, its
 * scripts and the names of its build's assets aside, is the same document in both delivery modes,
 * so a check of the document (accessibility, the Tab walk of its controls) needs it in one mode only. Compared here, per page,
 * by two plain GETs — never assumed: a page that renders anything differently by mode (the home
 * page's counts, a server-only badge, a status answer) stays checked in both builds.
 */

/** What is left of a document's HTML to compare: its markup and text, without scripts, comments and build-named assets. */
export function comparable(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/gi, '')
    // Comments: the build's own marker (<!--ref_…-->) and React's text separators, alike in both builds.
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<link\b[^>]*\brel="(?:preload|modulepreload|prefetch)"[^>]*>/gi, '')
    .replace(/\/_next\/static\/[^"'\s)]+/g, '/_next/static/*')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The document a browser ends up with at `url`: redirects followed, as the checks' page.goto
 * follows them (the static host sends /x.html on to /x; next start answers /x.html itself).
 */
async function answer(url: string): Promise<{ status: number; html: string } | undefined> {
  try {
    const res = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(patience(10_000)) });
    return { status: res.status, html: await res.text() };
  } catch {
    return undefined;
  }
}

/**
 * Why the server build need not check `path` again: this run also checks the static build
 * (site-static), and both answer it alike. Undefined: check it here.
 */
export async function checkedInStaticBuild(path: string): Promise<string | undefined> {
  const run = currentRun();
  if (!run.projects?.includes('site-static')) return undefined;
  const [s, v] = (['static', 'server'] as const).map((m) => run.targets.find((t) => t.mode === m)?.url);
  if (!s || !v) return undefined;
  const [a, b] = await Promise.all([answer(new URL(path, s).toString()), answer(new URL(path, v).toString())]);
  if (!a || !b || a.status !== b.status || comparable(a.html) !== comparable(b.html)) return undefined;
  return `the same document as the static build's (HTTP ${a.status}, the same HTML but for its scripts and asset names): checked there`;
}

/** In the server build, skips the running check of `path` when the static build's check covers it (checkedInStaticBuild says why). */
export async function skipWhereCheckedInStaticBuild(mode: string, path: string): Promise<void> {
  if (mode !== 'server') return;
  const same = await checkedInStaticBuild(path);
  test.skip(!!same, same);
}
