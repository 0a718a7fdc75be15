import { createHash } from 'node:crypto';

/** The hash a clause records for its quote: sha256 of the fragments joined by newlines, 16 hex digits. */
export function quoteHash(quote: readonly string[]): string {
  return createHash('sha256').update(quote.join('\n')).digest('hex').slice(0, 16);
}

/** Full sha256 of a buffer or string, used for evidence files. */
export function contentHash(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
