import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeTarget } from '../setup/probe';

const NEXT_LIKE = '<!doctype html><html><head><script src="/_next/static/chunks/main-abc.js?dpl=ref-123" async></script></head><body><h1>Hi</h1><script>self.__next_f.push([1,"0:{\\"P\\":null,\\"b\\":\\"BUILD42\\"}"])</script></body></html>';

const server = setupServer(
  http.get('http://next.test/', () => HttpResponse.html(NEXT_LIKE)),
  http.get('http://broken.test/', () => new HttpResponse('oops', { status: 500, headers: { 'content-type': 'text/html' } })),
  http.get('http://blog.test/', () => HttpResponse.html('<!doctype html><title>A blog</title><script src="/assets/app.js"></script>')),
  http.get('http://api.test/', () => HttpResponse.json({ ok: true })),
  http.get('http://slow.test/', async () => { await delay('infinite'); return HttpResponse.text('never'); }),
);

/** A port nothing listens on: bound, then closed. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());

describe('target probe', () => {
  it('recognises this kind of site and reads its build identifiers', async () => {
    const p = await probeTarget('http://next.test/');
    expect(p).toMatchObject({ reachable: true, status: 200, isThisKind: true, deploymentId: 'ref-123', buildId: 'BUILD42', assetPrefix: '/_next/static/' });
  });

  it('says a 5xx home page, a non-Next HTML site and a JSON API are not this kind, with the reason', async () => {
    expect(await probeTarget('http://broken.test/')).toMatchObject({ reachable: true, isThisKind: false, kindReason: expect.stringMatching(/HTTP 500/) });
    expect(await probeTarget('http://blog.test/')).toMatchObject({ reachable: true, isThisKind: false, kindReason: expect.stringMatching(/_next\/static/) });
    expect(await probeTarget('http://api.test/')).toMatchObject({ reachable: true, isThisKind: false, kindReason: expect.stringMatching(/not HTML/) });
  });

  it('gives up on a target that never answers within the time limit, naming the URL', async () => {
    // The bound that ended it is named in its words (the target itself never answers).
    const p = await probeTarget('http://slow.test/', { timeoutMs: 300 });
    expect(p.reachable).toBe(false);
    expect(p.error).toMatch(/http:\/\/slow\.test\/ is unreachable: no answer within 0\.3 s/);
  });

  it('reads only the head of an enormous body', async () => {
    // A real server whose body never ends (msw would read a mocked stream whole behind node:http).
    const chunk = `<p>${'x'.repeat(65_000)}</p>`;
    let closed = false;
    const srv = createHttpServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const more = () => { while (!res.destroyed && res.write(chunk)); };
      res.on('drain', more);
      res.on('close', () => { closed = true; });
      more();
    });
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    try {
      // The body never ends: an answer at all means the probe stopped reading at its byte limit.
      const p = await probeTarget(`http://127.0.0.1:${(srv.address() as AddressInfo).port}/`, { maxBytes: 200_000 });
      expect(p).toMatchObject({ reachable: true, isThisKind: false });
      await expect.poll(() => closed, { timeout: 3000 }).toBe(true);
    } finally {
      srv.closeAllConnections();
      srv.close();
    }
  });

  it('explains a refused connection and a malformed URL', async () => {
    const port = await closedPort();
    const refused = await probeTarget(`http://127.0.0.1:${port}/`);
    expect(refused.reachable).toBe(false);
    expect(refused.error).toContain(`http://127.0.0.1:${port}/ is unreachable: connection refused`);
    const bad = await probeTarget('not a url');
    expect(bad.error).toMatch(/not a usable URL/);
    const ftp = await probeTarget('ftp://127.0.0.1/');
    expect(ftp.error).toMatch(/only http and https/);
  });
});
