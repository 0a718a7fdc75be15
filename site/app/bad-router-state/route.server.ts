// Server build only (pageExtensions): where next.config.ts sends requests whose
// Next-Router-State-Tree header cannot be parsed. A client error, answered without a stack.
export function GET(): Response {
  return new Response('Bad Request: the Next-Router-State-Tree header is not URL-encoded JSON.\n', {
    status: 400,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

export const POST = GET;
export const dynamic = 'force-dynamic';
