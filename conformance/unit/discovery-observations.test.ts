import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { buildObservations, PENDING_CLAUSES } from '../discovery/observations';
import { pathShapeOf, payloadShape, redactQuery } from '../discovery/redact';
import { isPageDelivery } from '../discovery/requests';
import { renderObservedHtml, renderObservedMarkdown } from '../report/observed';
import { crawlOf, link, pageOf, referenceLike } from './discovery-crawl.fixture';
import { ROOT } from '../../spec/root';

const SECRET = 's3cr3t-value';

function crawlWithSecrets() {
  const c = referenceLike();
  c.pages.push(pageOf('/account', {
    links: [link('/login', { href: redactQuery(`/login?next=/account&token=${SECRET}`), text: 'Sign in' })],
    signInLinks: [`Sign in → ${redactQuery(`/login?token=${SECRET}`)}`],
    forms: [{ method: 'post', action: '/api/login', serverFunction: false, submits: ['Sign in'],
      fields: [{ tag: 'input', type: 'email', name: 'email', label: 'E-mail', constraints: { required: 'true', maxlength: '120' } }] }],
    calls: [{ method: 'POST', ...pathShapeOf(`http://127.0.0.1:3000/api/users/12345/events?session=${SECRET}`, 'http://127.0.0.1:3000'), resourceType: 'fetch',
      payload: payloadShape(JSON.stringify({ password: SECRET, n: 1, tags: ['a'] }), 'application/json'), page: '/account' }],
    limits: [{ element: 'input[name=email]', attribute: 'maxlength', value: '120' }],
    errorTexts: ['<b>Error</b> loading'],
  }));
  c.pages.push(pageOf('/admin', { status: 403, title: 'Forbidden' }));
  return c;
}

describe('observations for the pending clauses', () => {
  const obs = buildObservations(crawlWithSecrets());

  it('has a section for every pending clause', () => {
    expect(Object.keys(obs).sort()).toEqual([...PENDING_CLAUSES].sort());
  });

  it('never holds a query value, a payload value or a cookie', () => {
    const json = JSON.stringify(obs);
    expect(json).not.toContain(SECRET);
    expect(json.toLowerCase()).not.toContain('cookie');
  });

  it('keeps method, path shape and payload shape of calls that are not page delivery', () => {
    expect(obs['C7.1'].tables[0].rows[0].slice(0, 3)).toEqual(['POST', '/api/users/:id/events', '{"password":"string","n":"number","tags":["string"]}']);
  });

  it('lists form fields with their constraint attributes, sign-in links, 403 pages, error texts and limits', () => {
    expect(JSON.stringify(obs.E3)).toContain('email');
    expect(JSON.stringify(obs.V5)).toContain('maxlength=120');
    expect(JSON.stringify(obs.A6)).toContain('Sign in');
    expect(JSON.stringify(obs.A6)).toContain('403');
    expect(JSON.stringify(obs.X8)).toContain('This page could not be found.');
    expect(JSON.stringify(obs['K9.0'])).toContain('maxlength');
    expect(obs['R2.1'].tables[0].rows.some((r) => r[0] === '/demos/links/:id' && r[1] === '10')).toBe(true);
    expect(obs.P1.summary).toContain('Title of /');
  });

  it('shows the home page\'s first lines of text, its own links when it has no navigation, and a form without fields as a row', () => {
    const c = crawlOf([pageOf('/', { externalLinks: 4, links: [link('/docs')], leadText: ['Get started by editing app/page.tsx.'] }), pageOf('/oops', { forms: [{ method: 'get', action: '', serverFunction: false, fields: [], submits: ['Reload'] }] })]);
    const o = buildObservations(c);
    expect(o.P1.summary).toContain('no links in a <nav> or <header>; 1 other link to this site), and 4 links to other sites');
    expect(o.P1.tables[1].rows).toEqual([['Get started by editing app/page.tsx.']]);
    expect(o.P1.tables[2].rows).toEqual([['/docs', '/docs']]);
    expect(o.E3.tables[0].rows).toEqual([['/oops', '#1 GET (this page)', '(no fields; submit: Reload)', '', '']]);
  });

  it('matches spec/schemas/observations.schema.json', () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'spec', 'schemas', 'observations.schema.json'), 'utf8'));
    const validate = new Ajv({ allErrors: true }).compile(schema);
    expect(validate(obs), JSON.stringify(validate.errors)).toBe(true);
  });

  it('renders as escaped HTML and as Markdown, per clause or all at once', () => {
    const html = renderObservedHtml(obs, 'X8');
    expect(html).toContain('Observed on this target');
    expect(html).toContain('&lt;b&gt;Error&lt;/b&gt;');
    expect(html).not.toContain('<b>Error');
    expect(renderObservedHtml(obs, 'I1')).toBe('');
    expect(renderObservedHtml(undefined, 'X8')).toBe('');
    expect(renderObservedHtml(obs)).toContain('<h3>C7.1</h3>');
    const md = renderObservedMarkdown(obs, 'C7.1');
    expect(md).toContain('| POST | /api/users/:id/events |');
    expect(renderObservedMarkdown(obs)).toContain('### K9.0');
  });
});

describe('redaction', () => {
  it('replaces every query value of an href and keeps keys and fragment', () => {
    expect(redactQuery('/a?x=1&token=abc#top')).toBe('/a?x=…&token=…#top');
    expect(redactQuery('/plain')).toBe('/plain');
  });

  it('reduces payloads to keys and types: JSON, form-encoded and multipart', () => {
    expect(payloadShape('{"a":{"b":[1]},"c":null}', 'application/json')).toEqual({ a: { b: ['number'] }, c: 'null' });
    expect(payloadShape(`user=bob&pw=${SECRET}`, 'application/x-www-form-urlencoded')).toEqual({ user: 'string', pw: 'string' });
    expect(JSON.stringify(payloadShape(`--x\r\nContent-Disposition: form-data; name="pw"\r\n\r\n${SECRET}\r\n--x--`, 'multipart/form-data; boundary=x'))).not.toContain(SECRET);
    expect(payloadShape('binary stuff', 'application/octet-stream')).toBe('application/octet-stream, 12 bytes');
  });

  it('counts documents, assets, page data and server functions as page delivery, and API fetches as calls', () => {
    const o = 'http://h';
    const r = (url: string, resourceType: string, method = 'GET', headers: Record<string, string> = {}) => ({ url, resourceType, method, headers });
    expect(isPageDelivery(r('http://h/about.txt?_rsc=1', 'fetch'), o)).toBe(true);
    expect(isPageDelivery(r('http://h/about?_rsc=1', 'fetch', 'GET', { rsc: '1' }), o)).toBe(true);
    expect(isPageDelivery(r('http://h/_next/data/b/x.json', 'fetch'), o)).toBe(true);
    expect(isPageDelivery(r('http://h/x/__next._tree.txt', 'fetch'), o)).toBe(true);
    expect(isPageDelivery(r('http://h/a.js', 'script'), o)).toBe(true);
    expect(isPageDelivery(r('http://h/demos/action', 'fetch', 'POST', { 'next-action': 'abc' }), o)).toBe(true);
    expect(isPageDelivery(r('http://h/api/items', 'fetch'), o)).toBe(false);
  });
});

describe('route groups in the R2.1 observation', () => {
  it('lists the groups the router trees and the code chunk paths name, with their routes', () => {
    const c = referenceLike();
    c.pages.find((p) => p.path === '/about')!.routeGroups = ['(site)'];
    c.pages.find((p) => p.path === '/')!.chunkGroups = [{ group: '(site)', route: '/contact' }];
    const t = buildObservations(c)['R2.1'].tables.find((x) => /Route groups/.test(x.caption))!;
    expect(t.rows).toEqual([['(site)', '/contact, /about', 'code chunk path, router tree']]);
  });
});
