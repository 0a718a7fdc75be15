import type { Page } from '@playwright/test';
import { accessHeadersFor } from '../access/access';
import { isAppPageChunk, isPageChunk } from '../scenarios/chunks';
import { patience } from '../run/slow';

/**
 * A page's own script: one its HTML names that the site's other page does not, found by what makes
 * it the page's (never by what failing it does). Webpack names the chunk after the page
 * (`/_next/static/chunks/app/<segments>/page-<hash>.js`, route groups kept; the Pages Router's
 * `/_next/static/chunks/pages/<path>-<hash>.js`); Turbopack (Next.js 16) hashes every name, so there
 * the scripts of another page of the site are what the page's are compared with.
 */

/** The same-origin script paths a document's HTML names (`<script src>`, leaving out `nomodule` polyfills). */
export function htmlScripts(html: string, pageUrl: string): string[] {
  const out: string[] = [];
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    if (/\bnomodule\b/i.test(tag)) continue;
    const src = /\bsrc="([^"]+)"/i.exec(tag)?.[1];
    if (!src) continue;
    try {
      const u = new URL(src.replace(/&amp;/g, '&'), pageUrl);
      if (u.origin === new URL(pageUrl).origin && !out.includes(u.pathname)) out.push(u.pathname);
    } catch { /* not an address */ }
  }
  return out;
}

export interface OwnScript {
  /** The script's path. */
  script?: string;
  /** How it was told to be the page's own, for the evidence. */
  why: string;
  /** The page's scripts, as its HTML names them. */
  scripts: string[];
}

/**
 * The page's own script from its HTML and, when given, the HTML of another page of the site:
 * the chunk named after the page first, else the one script the other page does not name too
 * (the first of them, when several).
 */
export function ownScript(path: string, html: string, pageUrl: string, besides?: { path: string; html: string }): OwnScript {
  const scripts = htmlScripts(html, pageUrl);
  const named = scripts.find((s) => isAppPageChunk(s, path) || isPageChunk(s, path));
  if (named) return { script: named, why: `its HTML names ${named}, the chunk the build names after ${path}`, scripts };
  if (!besides) return { why: `its HTML names no chunk named after ${path}, and no other page was given to compare its scripts with`, scripts };
  const others = new Set(htmlScripts(besides.html, pageUrl));
  const own = scripts.filter((s) => !others.has(s) && s.endsWith('.js'));
  if (own.length) return { script: own[0], why: `its HTML names ${own[0]}, which the HTML of ${besides.path} does not${own.length > 1 ? ` (the first of ${own.length} such scripts)` : ''}`, scripts };
  return { why: `every script its HTML names (${scripts.length}) is named by ${besides.path} too: no script of its own`, scripts };
}

/** A page's HTML as the site answers it (with the run's access headers), or the reason it could not be read. */
export async function fetchHtml(page: Page, url: string): Promise<{ html?: string; problem?: string }> {
  try {
    const res = await page.context().request.get(url, { headers: accessHeadersFor(url), timeout: patience(15_000) });
    if (!res.ok()) return { problem: `${new URL(url).pathname} answered HTTP ${res.status()}` };
    return { html: await res.text() };
  } catch (e) {
    return { problem: `${new URL(url).pathname} could not be fetched: ${String((e as Error).message ?? e).split('\n')[0]}` };
  }
}
