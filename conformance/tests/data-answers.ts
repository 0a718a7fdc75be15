import type { Route } from '@playwright/test';
import type { Page } from '../harness/fixtures';
import { isPageDataRequestOf } from '../observers/page-data';

// The page-data answers of one fresh slug, written by the harness (K9.2's retries, R2.4's way without a throw control).

export function freshSlug(prefix = 'k92'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Whether an address's path names the slug (page data of the slug's page, in any form). */
export function namesSlug(url: string, slug: string): boolean {
  try { return decodeURIComponent(new URL(url).pathname).includes(slug); } catch { return url.includes(slug); }
}

export interface Attempt { url: string; answer: number | 'server'; words: string }

/** The injected condition in words, for the evidence: "answered 503 by the harness, attempt 1 of 3". */
function attemptWords(answer: number | 'server', n: number, of?: number): string {
  return `${answer === 'server' ? 'passed on to the site' : `answered ${answer} by the harness`}, attempt ${n}${of ? ` of ${of}` : ''}`;
}

/**
 * Answers the page's data fetches for one slug (GET only: a HEAD after success is not an
 * attempt): attempt n gets answers[n] when given, later attempts `later` (a status, or the server).
 */
export async function scriptAnswers(page: Page, slug: string, answers: number[], later: number | 'server' = 'server') {
  const attempts: Attempt[] = [];
  // Only addresses naming the slug are intercepted: every other request passes untouched.
  const forSlug = (url: URL) => namesSlug(url.href, slug);
  const handler = async (route: Route) => {
    if (!isPageDataRequestOf(route.request())) return route.fallback();
    const planned = attempts.length < answers.length ? answers[attempts.length] : later;
    attempts.push({ url: route.request().url(), answer: planned, words: attemptWords(planned, attempts.length + 1, later === 'server' ? answers.length + 1 : undefined) });
    if (planned === 'server') return route.fallback();
    return route.fulfill({ status: planned, contentType: 'text/plain', body: `conformance fault: ${planned}` });
  };
  await page.route(forSlug, handler);
  return { attempts, dispose: () => page.unroute(forSlug, handler).catch(() => undefined) };
}

