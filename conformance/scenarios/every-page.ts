import { sitePages } from './pick';
import { array, int, object, optional, path, scenarioShape, str } from './schema';
import { scenario } from './spec';

/** The scenarios of the every-page checks (R2.2, R2.6, C7.4 on every page listed); joined in table.ts. */
export const EVERY_PAGE_SCENARIOS = {
  /** Pages the every-page checks load once each (R2.6, C7.4, R2.2); `shapes` counts route shapes only partly listed. */
  sitePages: scenario({
    clausesNote: 'on every page',
    needs: 'Pages the every-page checks load once each: any page that answers, a missing one too (its links are checked). Discovery lists every crawled page, at most 3 of a route shape such as /posts/:id, and counts the others in `shapes`.',
    example: { paths: ['/', '/about', '/posts/1', '/posts/2', '/posts/3'], shapes: [{ shape: '/posts/:id', pagesInShape: 40, checked: 3 }] },
    shape: scenarioShape({
      paths: array(path, { minItems: 1, uniqueItems: true }),
      shapes: optional(array(object({ shape: str({ pattern: '^/' }), pagesInShape: int({ minimum: 1 }), checked: int({ minimum: 0 }) }), { description: 'Route shapes of which only some pages are listed in `paths`: how many pages the shape had and how many are checked.' })),
    }),
    async preflight({ paths }, t) {
      // Any answer will do (a missing page is checked too); only a page that cannot be fetched is a problem.
      for (const page of paths) {
        const p = await t.get(page);
        if (p.error) t.bad(`${page} could not be fetched: ${p.error}`);
      }
    },
    discover: {
      need: 'a page that answers: no crawled page could be loaded and read',
      pick: (k) => { const s = sitePages(k.crawl); return s.paths.length ? s : undefined; },
    },
  }),
};
