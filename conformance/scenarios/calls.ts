import { arPage, firstOf, linksHome, pickNotPrefetched, pickNotPrefetchedPages } from './pick';
import { control, path, scenarioShape, str } from './schema';
import { linkedPair, pageAnswers, scenario, SERVER } from './spec';

/** The scenarios of the calls of section 7 (C7.2–C7.5); joined in table.ts. */
export const CALL_SCENARIOS = {
  /** A link without prefetch: clicking it fetches the target's page data. */
  pageData: scenario({
    needs: '`from` links to `to` without prefetching it (e.g. prefetch={false}), so the click fetches `to`\'s page data; `from` or `to` also links to "/" (the home page\'s data, C7.2).',
    example: { from: '/no-prefetch', to: '/plain' },
    shape: scenarioShape({ from: path, to: path }),
    async preflight({ from, to }, t) {
      await linkedPair(t, from, to);
      // C7.2's home test starts from whichever of the two shows a link home.
      await t.linksTo([from, to], '/');
    },
    discover: {
      need: 'an App Router page with a visible router link to another App Router page that is not prefetched (prefetch={false}), so the click fetches its page data; or a Pages Router page with such a link (hovering it fetched the code) to a page with getStaticProps or getServerSideProps',
      // A router link never prefetched: clicking it fetches the page data. A page that prefetches its
      // other links shows its router is at work; else the click after the crawl showed it (follow-up.ts).
      // One test goes home from `from`: a link to "/" is preferred, not required.
      // On a site without such an App Router pair, a Pages Router link with prefetch={false} (hovering it fetched the
      // target's code) to a page with getStaticProps/getServerSideProps: the click fetches /_next/data/….
      pick: (k) => pickNotPrefetched(k.pages, k.byPath, k.crawl.clicks ?? [], (from, to) => !to.dynamic, (from) => linksHome(from))
        ?? pickNotPrefetchedPages(k.pages, k.byPath, (from) => linksHome(from)),
    },
  }),

  /** The server-function form. */
  serverFunction: scenario({
    needs: 'Server delivery: a page with a form whose submit control calls a server function, and a CSS selector of the element showing its answer.',
    example: { modes: ['server'], page: '/action', submit: { role: 'button', name: 'Send' }, result: '[data-testid=result]' },
    shape: scenarioShape({ page: path, submit: control, result: str({ description: 'CSS selector of the element the answer is shown in.' }) }),
    preflight: pageAnswers,
    discover: {
      modes: SERVER,
      need: 'a page with a server-function form (hidden $ACTION_ field) and an element that shows its result (output, role=status or aria-live)',
      pick(k) {
        // Forms only read, never submitted.
        const sf = firstOf(k.pages.filter(arPage), (p) => {
          const f = p.forms.find((x) => x.serverFunction && x.submits.length);
          return f && p.resultSelectors.length ? { page: p.path, submit: { role: 'button' as const, name: f.submits[0] }, result: p.resultSelectors[0] } : undefined;
        });
        if (sf) k.note(`form found on ${sf.page}; its result element ${sf.result} is a guess (output / role=status / aria-live); not submitted during discovery`);
        return sf;
      },
    },
  }),
};
