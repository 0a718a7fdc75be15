import type { Page } from '@playwright/test';
import type { NextDataFacts } from '../crawl/model';

/**
 * What one loaded page shows, read inside the browser. Kept as a plain-JavaScript string: a
 * function handed to page.evaluate would be serialised after tsx's transform, whose name helpers
 * do not exist in the page. Reads attributes and visible texts only — never an input's value, a
 * cookie or storage.
 */
export interface RawPageFacts {
  title: string;
  hasTitleElement: boolean;
  firstHeading: string;
  headings: string[];
  links: { href: string; url: string; text: string; inView: boolean; visible: boolean; inNav: boolean; inMain: boolean; opensElsewhere?: boolean }[];
  scrollHeight: number;
  viewportHeight: number;
  forms: { method: string; action: string; serverFunction: boolean; fields: { tag: string; type?: string; name?: string; label?: string; constraints: Record<string, string> }[]; submits: string[] }[];
  buttons: string[];
  errorTexts: string[];
  limits: { element: string; attribute: string; value: string }[];
  pagesRouter: boolean;
  appRouter: boolean;
  hydrated: boolean;
  /** CSS selectors of elements that show results (output, role=status, aria-live), announcers left out. */
  resultSelectors: string[];
  /**
   * App Router: route-group segments ("(marketing)") in the router tree the page was delivered
   * with (its inline flight data). The tree names every segment of the route, groups included,
   * although the address never shows them.
   */
  routeGroups: string[];
  /**
   * App Router: the values the router tree names as dynamic segments (["slug","hello-world","d"] in
   * Next.js 14–15): which segments of the page's path a dynamic route filled, whatever they look like.
   */
  dynamicSegments: string[];
  /** Pages Router: the route facts of __NEXT_DATA__ (never its props). */
  nextData?: NextDataFacts;
  /** The first lines of visible text of the page's <main> (else its body), shortened: what a visitor reads first. */
  leadText: string[];
  /** The build identifier: __NEXT_DATA__.buildId, or the App Router's flight data ("buildId" in 14, "b" from 15). */
  buildId: string;
  /** App Router: `href` values (same-origin paths, not /_next/) named in the page's flight data, at most 200. */
  flightHrefs: string[];
}

/** The spec's generic texts (section 2), looked for in the page's visible text. */
export const GENERIC_ERROR_TEXTS = [
  'This page could not be found', 'Bad Request', 'Method Not Allowed', 'Internal Server Error',
  'An unexpected error has occurred', 'Application error:',
];

const SCRIPT = `((generic) => {
  var short = function (s, n) { s = (s || '').replace(/\\s+/g, ' ').trim(); return s.length > n ? s.slice(0, n - 1) + '…' : s; };
  var name = function (el) {
    var l = el.getAttribute('aria-label');
    if (l) return short(l, 80);
    var by = el.getAttribute('aria-labelledby');
    if (by) { var t = by.split(/\\s+/).map(function (id) { var x = document.getElementById(id); return x ? x.textContent : ''; }).join(' '); if (t.trim()) return short(t, 80); }
    if (el.tagName === 'INPUT') return short(el.getAttribute('value') || el.getAttribute('title') || '', 80);
    return short(el.innerText || el.textContent || el.getAttribute('title') || '', 80);
  };
  var visible = function (el) {
    var r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    var s = getComputedStyle(el);
    return s.visibility !== 'hidden' && s.display !== 'none';
  };
  var vh = window.innerHeight, vw = window.innerWidth;
  var titleEl = document.querySelector('title:not(svg title)');
  var h1 = document.querySelector('h1');
  var anyH = document.querySelector('h1, h2, h3, h4, h5, h6, [role=heading]');
  var links = Array.prototype.map.call(document.querySelectorAll('a[href]'), function (a) {
    var r = a.getBoundingClientRect();
    var vis = visible(a);
    return {
      href: a.getAttribute('href') || '', url: a.href, text: name(a), visible: vis,
      inView: vis && r.bottom > 0 && r.right > 0 && r.top < vh && r.left < vw,
      inNav: !!a.closest('nav, header, [role=navigation]'),
      inMain: !!a.closest('main, [role=main]'),
      opensElsewhere: !!(a.getAttribute('target') && a.getAttribute('target') !== '_self') || a.hasAttribute('download'),
    };
  });
  var LIMIT_ATTRS = ['maxlength', 'minlength', 'min', 'max', 'pattern', 'step', 'required'];
  var label = function (f) {
    if (f.getAttribute('aria-label')) return short(f.getAttribute('aria-label'), 80);
    if (f.labels && f.labels.length) return short(f.labels[0].innerText, 80);
    return short(f.getAttribute('placeholder') || '', 80);
  };
  var forms = Array.prototype.map.call(document.querySelectorAll('form'), function (form) {
    var action = form.getAttribute('action') || '';
    var fields = Array.prototype.filter.call(form.querySelectorAll('input, select, textarea'), function (f) {
      var t = (f.getAttribute('type') || '').toLowerCase();
      return t !== 'hidden' && t !== 'submit' && t !== 'button' && t !== 'reset' && t !== 'image';
    }).map(function (f) {
      var c = {};
      LIMIT_ATTRS.forEach(function (a) { if (f.hasAttribute(a)) c[a] = a === 'required' ? 'true' : f.getAttribute(a); });
      return { tag: f.tagName.toLowerCase(), type: f.tagName === 'INPUT' ? (f.getAttribute('type') || 'text').toLowerCase() : undefined,
        name: f.getAttribute('name') || undefined, label: label(f) || undefined, constraints: c };
    });
    var hiddenAction = Array.prototype.some.call(form.querySelectorAll('input[type=hidden]'), function (h) { return /^\\$ACTION_/.test(h.getAttribute('name') || ''); });
    var submits = Array.prototype.filter.call(form.querySelectorAll('button, input[type=submit]'), function (b) {
      return (b.getAttribute('type') || 'submit').toLowerCase() === 'submit';
    }).map(name).filter(Boolean);
    return { method: (form.getAttribute('method') || 'get').toLowerCase(), action: /^javascript:/i.test(action) ? '(function)' : action.split('?')[0],
      serverFunction: hiddenAction || /^javascript:/i.test(action), fields: fields, submits: submits };
  });
  var buttons = Array.prototype.map.call(document.querySelectorAll('button, [role=button], input[type=submit], input[type=button]'), name).filter(Boolean);
  var body = document.body ? document.body.innerText || '' : '';
  var lines = body.split(/\\n+/).map(function (l) { return l.trim(); }).filter(Boolean);
  var errorTexts = lines.filter(function (l) { return generic.some(function (g) { return l.indexOf(g) >= 0; }); });
  Array.prototype.forEach.call(document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role=heading]'), function (h) {
    var t = short(h.innerText || h.textContent, 200);
    if (/error|exception/i.test(t) && errorTexts.indexOf(t) < 0) errorTexts.push(t);
  });
  var limits = [];
  Array.prototype.forEach.call(document.querySelectorAll('[maxlength], [minlength], [min], [max], [pattern], [step]'), function (el) {
    ['maxlength', 'minlength', 'min', 'max', 'pattern', 'step'].forEach(function (a) {
      if (el.hasAttribute(a)) limits.push({ element: el.tagName.toLowerCase() + (el.getAttribute('name') ? '[name=' + el.getAttribute('name') + ']' : ''), attribute: a, value: short(el.getAttribute(a), 120) });
    });
  });
  var headings = Array.prototype.map.call(document.querySelectorAll('h1, h2, h3'), function (h) { return short(h.innerText || h.textContent, 120); }).filter(Boolean).slice(0, 30);
  var results = Array.prototype.filter.call(document.querySelectorAll('output, [role=status], [aria-live]'), function (el) {
    return el.id !== '__next-route-announcer__' && el.getAttribute('aria-live') !== 'off';
  }).map(function (el) {
    if (el.getAttribute('data-testid')) return '[data-testid=' + JSON.stringify(el.getAttribute('data-testid')) + ']';
    if (el.id) return '#' + CSS.escape(el.id);
    return el.tagName.toLowerCase() === 'output' ? 'output' : el.tagName.toLowerCase() + '[role=status]';
  }).slice(0, 5);
  // Route groups in the router tree of the inline flight data. Two shapes of the tree are known:
  // ["(group)",{"children":…}] (Next.js 14–15) and {"s":"(group)",…} (16). "(.)x" intercepts are not groups.
  // Read from the inline scripts that pushed it: Next.js 16 empties self.__next_f once it has read it.
  var pushed = Array.prototype.map.call(document.querySelectorAll('script:not([src])'), function (el) {
    var t = el.textContent || '';
    var m = /^\\s*\\(?self\\.__next_f\\s*=\\s*self\\.__next_f\\s*\\|\\|\\s*\\[\\]\\)?\\.push\\(([\\s\\S]*)\\)\\s*;?\\s*$/.exec(t) || /^\\s*self\\.__next_f\\.push\\(([\\s\\S]*)\\)\\s*;?\\s*$/.exec(t);
    if (!m) return '';
    try { var e = JSON.parse(m[1]); return e && e[0] === 1 && typeof e[1] === 'string' ? e[1] : ''; } catch (x) { return ''; }
  });
  var flight = pushed.join('').slice(0, 4000000);
  var groups = [];
  [/\\[\\s*"(\\((?!\\.)[^()"\\\\/]+\\))"\\s*,\\s*\\{\\s*"children"/g, /\\{\\s*"s"\\s*:\\s*"(\\((?!\\.)[^()"\\\\/]+\\))"/g].forEach(function (re) {
    var m; while ((m = re.exec(flight))) if (groups.indexOf(m[1]) < 0) groups.push(m[1]);
  });
  // Dynamic segments: [name, value, type] with type "d" (dynamic), "c" (catch-all) or "oc" (optional catch-all)
  // (14.2, 15.5); Next.js 16 writes {"n": name, "t": type, "k": value}.
  var dynamicSegments = [];
  [/\\[\\s*"[^"\\\\]+"\\s*,\\s*"([^"\\\\]+)"\\s*,\\s*"(?:d|c|oc)"\\s*\\]/g, /\\{\\s*"n"\\s*:\\s*"[^"\\\\]+"\\s*,\\s*"t"\\s*:\\s*"(?:d|c|oc)"\\s*,\\s*"k"\\s*:\\s*"([^"\\\\]+)"/g].forEach(function (dre) {
    var dm; while ((dm = dre.exec(flight)) && dynamicSegments.length < 10) if (dynamicSegments.indexOf(dm[1]) < 0) dynamicSegments.push(dm[1]);
  });
  var nextData;
  var nd = document.getElementById('__NEXT_DATA__');
  if (nd) { try { var d = JSON.parse(nd.textContent || '{}'); nextData = { page: String(d.page || ''), gsp: !!d.gsp, gssp: !!d.gssp, isFallback: !!d.isFallback }; } catch (e) { nextData = undefined; } }
  var buildId = '';
  if (nd) { try { buildId = String(JSON.parse(nd.textContent || '{}').buildId || ''); } catch (e) { buildId = ''; } }
  if (!buildId) { var bm = /"buildId":"([A-Za-z0-9_-]+)"/.exec(flight) || /"b":"([A-Za-z0-9_-]{6,})"/.exec(flight); if (bm) buildId = bm[1]; }
  // Links a page names in its flight data: rendered ones and those of components not shown (a closed menu's items).
  var flightHrefs = [];
  var hre = /"href":"(\\/(?!\\/)(?!_next\\/)[^"\\\\]*)"/g, hm;
  while ((hm = hre.exec(flight)) && flightHrefs.length < 200) if (flightHrefs.indexOf(hm[1]) < 0) flightHrefs.push(hm[1]);
  var lead = document.querySelector('main, [role=main]') || document.body;
  var leadText = (lead ? lead.innerText || '' : '').split(/\\n+/).map(function (l) { return short(l, 120); }).filter(Boolean).slice(0, 8);
  return {
    routeGroups: groups.slice(0, 10), dynamicSegments: dynamicSegments, nextData: nextData, leadText: leadText, buildId: buildId, flightHrefs: flightHrefs,
    resultSelectors: results,
    title: document.title, hasTitleElement: !!titleEl,
    firstHeading: short((h1 || anyH) ? ((h1 || anyH).innerText || (h1 || anyH).textContent) : '', 200),
    headings: headings, links: links,
    scrollHeight: document.documentElement.scrollHeight, viewportHeight: vh,
    forms: forms, buttons: buttons.slice(0, 100), errorTexts: errorTexts.map(function (t) { return short(t, 200); }).slice(0, 20),
    limits: limits.slice(0, 100),
    pagesRouter: !!document.getElementById('__NEXT_DATA__'),
    appRouter: Array.isArray(self.__next_f),
    hydrated: typeof window.next === 'object' && window.next !== null,
  };
})`;

export async function readPageFacts(page: Page): Promise<RawPageFacts> {
  return page.evaluate(`${SCRIPT}(${JSON.stringify(GENERIC_ERROR_TEXTS)})`) as Promise<RawPageFacts>;
}
