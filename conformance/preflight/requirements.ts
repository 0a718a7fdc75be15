import type { ScenarioName } from '../harness/profile';

/**
 * What each scenario's routes must be like, in words a profile author can act on. The same text
 * is in docs/target-profile.schema.json (a unit test keeps them together) and in the pre-flight
 * report printed before the tests.
 */
export const REQUIREMENTS: Record<ScenarioName, { clauses: string[]; needs: string; example: string }> = {
  unknownPaths: { clauses: ['R2.2'], needs: 'Paths that do not exist on the site (top level, nested, with a query, with unicode). Nothing else is needed.', example: '{"paths": ["/no-such-page", "/no/such/nested/page"]}' },
  brokenLink: { clauses: ['R2.2'], needs: '`from` is a page that answers and has a link whose href is `href`; `href` does not exist on the site (it answers 404).', example: '{"from": "/", "href": "/missing-page"}' },
  statusPages: { clauses: ['R2.3'], needs: 'For each status code, a page that shows the generic error page for that code (e.g. a Pages Router page rendering next/error\'s Error with that statusCode). Codes the site cannot show leave their row of the table untested.', example: '{"pages": {"404": "/status/404", "405": "/status/405", "418": "/status/418"}}' },
  realStatuses: { clauses: ['R2.3'], needs: 'Server delivery: requests whose real HTTP answer is an error status (a malformed URL, a POST, an unknown path, a page whose data fetching throws). The title shown is judged against the status actually answered.', example: '{"modes": ["server"], "unknownPath": "/no-such-page", "throwingPage": "/status/throws"}' },
  noStatusError: { clauses: ['R2.4'], needs: 'A page with a control (role and accessible name) that throws an exception in the browser where no status code exists (a Pages Router page throwing in a click handler that sets state to throw while rendering).', example: '{"page": "/client-error", "trigger": {"role": "button", "name": "Throw an error"}}' },
  clientCrash: { clauses: ['R2.5'], needs: 'A page with a control that makes the application throw while rendering in the browser, so the global failure page is shown.', example: '{"page": "/crash", "trigger": {"role": "button", "name": "Crash this page"}}' },
  serverCrash: { clauses: ['R2.5'], needs: 'Server delivery: a page rendered per request that throws while rendering on the server.', example: '{"modes": ["server"], "page": "/server-crash"}' },
  routeGroups: { clauses: ['R2.6'], needs: 'Pages that live inside a route group, with the group folder name in parentheses. Cannot be found from outside: only the site\'s authors know its folders.', example: '{"pages": [{"path": "/about", "group": "(marketing)"}]}' },
  navigation: { clauses: ['R2.6', 'R2.7', 'R2.9'], needs: 'At least 4 pages, each with a visible link to the next (same origin), each with its own document title.', example: '{"chain": ["/", "/about", "/posts", "/posts/1"]}' },
  scroll: { clauses: ['R2.8'], needs: '`tall` scrolls at least 500 px (2000 preferred) and has a link to `other` (same origin).', example: '{"tall": "/tall", "other": "/about"}' },
  announcer: { clauses: ['R2.9'], needs: '`from` links to `titled` (a page with a document title) and to `untitled` (a page whose document title is empty — no <title> element, or an empty one — with a heading).', example: '{"from": "/", "titled": "/about", "untitled": "/untitled"}' },
  pageData: { clauses: ['C7.2', 'C7.3', 'C7.4'], needs: '`from` links to `to` without prefetching it (e.g. prefetch={false}), so the click fetches `to`\'s page data; `from` also links to "/" (the home page\'s data, C7.2).', example: '{"from": "/no-prefetch", "to": "/plain"}' },
  serverFunction: { clauses: ['C7.5'], needs: 'Server delivery: a page with a form whose submit control calls a server function, and a CSS selector of the element showing its answer.', example: '{"modes": ["server"], "page": "/action", "submit": {"role": "button", "name": "Send"}, "result": "[data-testid=result]"}' },
  routeLoadTimeout: { clauses: ['K9.1'], needs: 'A Pages Router pair (the 3.8 s timeout is the Pages Router\'s route loader): `from` links to `to` without prefetch, and `to` needs its own script chunk, so holding scripts holds the route load.', example: '{"from": "/timeout", "to": "/timeout/target"}' },
  retry: { clauses: ['K9.2'], needs: 'Server delivery: a path prefix under which any slug is a page that is not pre-rendered and whose data the client fetches after load (Pages Router getStaticPaths with fallback: true).', example: '{"modes": ["server"], "pathPrefix": "/retry/"}' },
  freshness: { clauses: ['K9.3'], needs: '`from` links to `to` without prefetch, and `to` links back to `from`.', example: '{"from": "/no-prefetch", "to": "/plain"}' },
  dynamicFreshness: { clauses: ['K9.3'], needs: 'Server delivery: `page` is rendered per request (its data can go stale) and `hub` links to it without prefetch; `page` links back to `hub`.', example: '{"modes": ["server"], "hub": "/dynamic-hub", "page": "/dynamic"}' },
  prefetch: { clauses: ['K9.4', 'K9.5'], needs: 'A page with at least `minLinks` (≥ 8) same-origin links in view that the framework prefetches, in its <main> element.', example: '{"page": "/posts", "minLinks": 10}' },
} as Record<ScenarioName, { clauses: string[]; needs: string; example: string }>;
