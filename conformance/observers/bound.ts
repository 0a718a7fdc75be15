// A bound on a call that may never answer, for the steps that have no timeout of their own.

/** What orLate() gives for a promise that has not settled in time. */
export const LATE = Symbol('late');

/**
 * The promise's value, or LATE when it has not settled within `ms`; it is then left to settle on
 * its own (a browser call that never answers cannot be cancelled, only stopped being waited for).
 */
export async function orLate<T>(ms: number, promise: Promise<T>): Promise<T | typeof LATE> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<typeof LATE>((resolve) => { timer = setTimeout(() => resolve(LATE), ms); })]);
  } finally {
    clearTimeout(timer);
  }
}
