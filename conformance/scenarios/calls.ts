import { arPage, firstOf, linksHome, pickClickedClientSide, pickNotPrefetched, pickNotPrefetchedPages } from './pick';
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
      need: 'an App Router page with a visible link to another App Router page that is not prefetched (prefetch={false}) and whose click fetched its page data with no document load; or a Pages Router page with such a link (hovering it fetched the code) to a page with getStaticProps or getServerSideProps; or at least a link a click followed on the client side (its data prefetched)',
      // A router link never prefetched, proven by the click after the crawl (follow-up.ts): it fetched
      // the page data and loaded no document (a plain <a> loads one). One test goes home from `from`:
      // a link to "/" is preferred, not required.
      // On a site without such an App Router pair, a Pages Router link with prefetch={false} (hovering it fetched the
      // target's code) to a page with getStaticProps/getServerSideProps: the click fetches /_next/data/….
      // Else a link a click followed on the client side whose data was prefetched: C7.2 then judges the
      // visit's page-data requests and the home page's, and the tests that need a fetch of the click say it made none.
      pick(k) {
        const clicks = k.crawl.clicks ?? [];
        const fetched = pickNotPrefetched(k.pages, k.byPath, clicks, (from, to) => !to.dynamic, (from) => linksHome(from))
          ?? pickNotPrefetchedPages(k.pages, k.byPath, (from) => linksHome(from));
        if (fetched) return fetched;
        const prefetched = pickClickedClientSide(k.byPath, clicks, (from, to) => !to.dynamic, (from, to) => linksHome(from) || linksHome(to));
        if (prefetched) {
          k.note(`${prefetched.from} → ${prefetched.to} was followed on the client side, but its data was prefetched: no link that is not prefetched was found whose click fetches page data, so the tests that need such a fetch (C7.3, and C7.2's first) stay untested`);
          // Named as what the site lacks, so those tests say so (harness/not-judged.ts), not a fix of the run's.
          k.needPart('fetching', 'link whose navigation fetches its own page data: every link of the site that the router follows had its data prefetched when it came into view');
        }
        return prefetched;
      },
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
