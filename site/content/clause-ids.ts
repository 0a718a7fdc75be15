// Generated from spec/clauses.ts by `npm run generate`: do not edit by hand (a unit test fails while it differs).
// The site imports only site/, so the registry's normative clauses come to it as this copy (spec/registry/site-clauses.ts).

/** Every normative clause of the registry, in its order: the registry's title and the delivery modes it applies in. */
export const NORMATIVE_CLAUSES = {
  "R2.2": { title: "Not-found page", modes: ["static", "server"] },
  "R2.3": { title: "Generic error page titles by status code", modes: ["static", "server"] },
  "R2.4": { title: "No status code: client-side application error", modes: ["static", "server"] },
  "R2.5": { title: "Global failure page and digest line", modes: ["static", "server"] },
  "R2.6": { title: "Route groups stay out of the address", modes: ["static", "server"] },
  "R2.7": { title: "Navigation without full page reloads", modes: ["static", "server"] },
  "R2.8": { title: "Back and forward restore the earlier view", modes: ["static", "server"] },
  "R2.9": { title: "Route announcer", modes: ["static", "server"] },
  "C7.2": { title: "Page data from own origin, with a text suffix", modes: ["static"] },
  "C7.3": { title: "What a page-data request carries", modes: ["static", "server"] },
  "C7.4": { title: "Script and stylesheet assets", modes: ["static", "server"] },
  "C7.5": { title: "Server-function calls posted to the current path", modes: ["server"] },
  "K9.1": { title: "Route load times out after 3.8 s", modes: ["static", "server"] },
  "K9.2": { title: "Page-data fetches retried on 5xx", modes: ["server"] },
  "K9.3": { title: "Prefetched data fresh for 30 s", modes: ["static", "server"] },
  "K9.4": { title: "Prefetched data expires after 5 min", modes: ["static", "server"] },
  "K9.5": { title: "Prefetching runs 5 requests at a time", modes: ["static", "server"] },
} as const;

/** The ID of a normative clause: what the gallery and the demo pages may name. */
export type NormativeClauseId = keyof typeof NORMATIVE_CLAUSES;

export const NORMATIVE_CLAUSE_IDS = Object.keys(NORMATIVE_CLAUSES) as NormativeClauseId[];
