import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { expect, test, type Page } from '../../conformance/harness/fixtures';
import { expectHydrated, get } from './helpers';

// Security of the reference site (see security.spec.ts): forged server-function calls and
// unparsable router-state headers are refused with a 4xx, never a 500 or a stack trace.

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
/** A stack frame ("at fn (file.js:1:2)") or an error class name in a body. */
const STACK_TRACE = /\bat [^\n]*\(?[^\s()]+:\d+:\d+\)?|\b(?:Type|Reference|Syntax|Invariant)?Error: /;

async function realActionId(page: Page): Promise<string> {
  await page.goto('/demos/action');
  await expectHydrated(page);
  const post = page.waitForRequest((r) => r.method() === 'POST' && !!r.headers()['next-action']);
  await page.getByRole('button', { name: 'Send' }).click();
  const id = (await post).headers()['next-action'];
  await expect(page.getByTestId('action-result')).toContainText('Received by the server function');
  return id;
}

test.describe('server functions (server)', () => {
  test('a forged or unknown server-function identifier gets a 4xx, never a 500 or a stack trace', async ({ page, request, target }) => {
    test.skip(target.mode !== 'server', 'server functions exist only in the server build');
    const realId = await realActionId(page);

    const path = '/demos/action';
    const calls: { what: string; headers?: Record<string, string>; data?: string; multipart?: Record<string, string> }[] = [];
    for (const id of [hex(20), hex(21), hex(21).toUpperCase(), 'not-an-id', `${realId}00`, 'a'.repeat(400)]) {
      calls.push({ what: `id ${id.slice(0, 12)}…, multipart`, headers: { 'next-action': id }, multipart: { name: 'x' } });
      calls.push({ what: `id ${id.slice(0, 12)}…, text`, headers: { 'next-action': id, 'content-type': 'text/plain;charset=UTF-8' }, data: '["x"]' });
    }
    calls.push({ what: 'form post naming an unknown action', multipart: { [`$ACTION_ID_${hex(21)}`]: '' } });
    calls.push({ what: 'form post naming an unknown bound action', multipart: { $ACTION_REF_1: '', '$ACTION_1:0': JSON.stringify({ id: hex(21), bound: '$@1' }) } });
    calls.push({ what: 'form post without an action', multipart: { name: 'x' } });
    calls.push({ what: 'real id, body not a reply', headers: { 'next-action': realId }, multipart: { name: 'x' } });
    calls.push({ what: 'real id, text body not JSON', headers: { 'next-action': realId, 'content-type': 'text/plain' }, data: '{not json' });
    calls.push({ what: 'real id, broken multipart', headers: { 'next-action': realId, 'content-type': 'multipart/form-data; boundary=zzz' }, data: 'garbage' });

    for (const call of calls) {
      for (const where of [path, '/about', '/no-such-page']) {
        const res = await request.post(where, { headers: call.headers, data: call.data, multipart: call.multipart, maxRedirects: 0, failOnStatusCode: false });
        const body = await res.text();
        const what = `${call.what} → POST ${where}: ${res.status()} ${body.slice(0, 80)}`;
        expect(res.status(), what).toBeGreaterThanOrEqual(400);
        expect(res.status(), what).toBeLessThan(500);
        expect(body, what).not.toMatch(STACK_TRACE);
      }
    }
  });

  test('the real server-function identifier with arguments it cannot use gets a 400 or a refusal, never a 500', async ({ page, request, target }) => {
    test.skip(target.mode !== 'server', 'server functions exist only in the server build');
    const realId = await realActionId(page);
    const text = { 'next-action': realId, 'content-type': 'text/plain;charset=UTF-8', accept: 'text/x-component' };
    const send = (data: string | undefined, multipart?: Record<string, string>) =>
      request.post('/demos/action', { headers: multipart ? { 'next-action': realId } : text, data, multipart, failOnStatusCode: false });

    // Not an argument list, pointers to parts the body does not have, values React cannot parse.
    for (const body of ['{}', '"x"', '5', '["$@1"]', '"$@1"', '["$Q1"]', '[{"a":"$1"}]', '["$Z"]', '["$B1"]', '["$n1e999"]', '["$h2"]']) {
      const res = await send(body);
      expect(res.status(), `text body ${body}`).toBe(400);
    }
    expect((await send(undefined, { '0': '["$@5"]' })).status(), 'multipart pointing at a missing part').toBe(400);
    // Decodable, but not what the function takes: it answers with a refusal, not a throw.
    for (const body of ['[]', '[1,2]', '["$K1"]', '[null,"x"]', '["$u","$u"]']) {
      const res = await send(body);
      const what = `text body ${body}: ${res.status()}`;
      expect(res.status(), what).toBe(200);
      expect(await res.text(), what).toContain('Refused: the server function expects the form data.');
    }
    // Any JSON at all (property): never a 5xx, never a stack trace.
    await fc.assert(
      fc.asyncProperty(fc.json(), async (body) => {
        const res = await send(body);
        const out = await res.text();
        expect(res.status(), `text body ${body}: ${res.status()} ${out.slice(0, 80)}`).toBeLessThan(500);
        expect(out, `text body ${body}`).not.toMatch(STACK_TRACE);
      }),
      { numRuns: 60 },
    );
  });
});

test.describe('router-state header (server)', () => {
  test.beforeEach(({ target }, info) => {
    info.skip(target.mode !== 'server', 'a static export has no server that reads request headers');
  });

  test('an unparsable Next-Router-State-Tree header gets a 400 with no stack trace; a real one is served', async ({ request, page }) => {
    const bad = ['not-json', '%5B%22%22%2C', '{}', '%7B%7D', '%5B%22x%22%5D%5D%5B'];
    for (const tree of bad) {
      const res = await get(request, '/demos/dynamic', { rsc: '1', 'next-router-state-tree': tree });
      const body = await res.text();
      expect(res.status(), `status for the header "${tree}"`).toBe(400);
      expect(body, `body for the header "${tree}"`).not.toMatch(STACK_TRACE);
    }
    // A header the browser really sends still gets page data.
    let real: string | undefined;
    page.on('request', (r) => { real ??= r.headers()['next-router-state-tree']; });
    await page.goto('/demos/dynamic-hub');
    await page.locator('a[href="/demos/dynamic"]').first().click();
    await expect(page).toHaveURL(/\/demos\/dynamic$/);
    expect(real, 'the browser sent a router-state header').toBeTruthy();
    const ok = await get(request, '/demos/dynamic', { rsc: '1', 'next-router-state-tree': real! });
    expect(ok.status(), 'status for the header the browser sent').toBe(200);
  });
});
