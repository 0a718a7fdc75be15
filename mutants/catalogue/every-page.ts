import type { Mutant } from './model';

/** The mutants of: Every page (discovery's sitePages): a fault on one page outside every other scenario (joined in mutants/catalogue.ts). */
export const EVERY_PAGE: Mutant[] = [
  // ── Every page (discovery's sitePages): a fault on one page outside every other scenario ───
  {
    // /demos/untitled is in no scenario of the R2.6 route-group test: only the every-page check loads it.
    id: 'R2.6-group-in-one-page', mode: 'static', declared: ['R2.6'],
    description: 'One page (/demos/untitled) links to /(site)/conformance-report.html: the route group shows in a link address on that page only.',
    text: [{
      what: 'href of the conformance-report links of /demos/untitled (HTML and flight data)',
      path: /^\/demos\/untitled\.(html|txt)$/, kinds: ['html', 'data'],
      find: /(href=\\?"|\\?"href\\?":\\?")\/conformance-report\.html/,
      replace: '$1/(site)/conformance-report.html',
      count: [3, Infinity],
    }],
  },
  {
    // The stylesheet's address is spelled differently on that page only (%2E for the dot, which the
    // static server decodes), so the proxy can label just that answer text/plain.
    id: 'C7.4-stylesheet-as-text-on-one-page', mode: 'static', declared: ['C7.4'],
    description: 'On one page (/demos/untitled) the stylesheet is answered Content-Type: text/plain; every other page gets it as text/css.',
    text: [{
      what: 'stylesheet address in the HTML of /demos/untitled (link element and flight data)',
      path: /^\/demos\/untitled\.html$/, kinds: ['html'],
      find: /\/_next\/static\/css\/([0-9a-f]+)\.css/,
      replace: '/_next/static/css/$1%2Ecss',
      count: [2, Infinity],
    }],
    // The preflight of static header rules fetches export files, and no file is spelled %2Ecss: the
    // rule also names /demos/untitled.txt, where the marker header is a change that check can see
    // (its content type is text/plain already). The text rule's count guards against a stale anchor.
    headers: [{
      what: 'Content-Type of the stylesheet as that page spells it',
      path: /^\/_next\/static\/css\/[0-9a-f]+%2Ecss$|^\/demos\/untitled\.txt$/i,
      set: { 'content-type': 'text/plain; charset=utf-8', 'x-mutant': 'C7.4-stylesheet-as-text-on-one-page' },
    }],
  },
];
