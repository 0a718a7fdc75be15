/**
 * The App Router site's citations per version: lines of that version's installed `next` package
 * (.cache/implementations/next-<version>/node_modules/next/<file>) that decide its expected verdicts
 * (expected.ts), and that the ordinary sites' rows (expected-ordinary.ts) cite too.
 */
export const C = {
  notFound: { '14.2': 'dist/client/components/not-found-error.js:80', '15.5': 'dist/client/components/builtin/not-found.js:16', '16': 'dist/client/components/builtin/not-found.js:16' },
  statusTitles: { '14.2': 'dist/pages/_error.js:15', '15.5': 'dist/pages/_error.js:15', '16': 'dist/pages/_error.js:17' },
  otherTitle: { '14.2': 'dist/pages/_error.js:62', '15.5': 'dist/pages/_error.js:74', '16': 'dist/pages/_error.js:86' },
  noStatus: { '14.2': 'dist/pages/_error.js:106', '15.5': 'dist/pages/_error.js:119', '16': 'dist/pages/_error.js:131' },
  globalError: { '14.2': 'dist/client/components/error-boundary.js:149', '15.5': 'dist/client/components/builtin/global-error.js:55', '16': 'dist/client/components/builtin/global-error.js:46' },
  digest: { '14.2': 'dist/client/components/error-boundary.js:151', '15.5': 'dist/client/components/builtin/global-error.js:65', '16': 'dist/client/components/builtin/global-error.js:80' },
  groups: { '14.2': 'dist/shared/lib/segment.js:27', '15.5': 'dist/shared/lib/segment.js:35', '16': 'dist/shared/lib/segment.js:50' },
  link: { '14.2': 'dist/client/link.js:84', '15.5': 'dist/client/app-dir/link.js:65', '16': 'dist/client/app-dir/link.js:64' },
  restore: { '14.2': 'dist/client/components/app-router.js:462', '15.5': 'dist/client/components/app-router.js:339', '16': 'dist/client/components/app-router.js:314' },
  announcer: { '14.2': 'dist/client/components/app-router-announcer.js:54', '15.5': 'dist/client/components/app-router-announcer.js:54', '16': 'dist/client/components/app-router-announcer.js:52' },
  txt: { '14.2': 'dist/client/components/router-reducer/fetch-server-response.js:65', '15.5': 'dist/client/components/router-reducer/fetch-server-response.js:101', '16': 'dist/client/components/router-reducer/fetch-server-response.js:108' },
  nextUrl: { '14.2': 'dist/client/components/router-reducer/fetch-server-response.js:47', '15.5': 'dist/client/components/router-reducer/fetch-server-response.js:83', '16': 'dist/client/components/router-reducer/fetch-server-response.js:93' },
  stateTree: { '14.2': 'dist/client/components/router-reducer/fetch-server-response.js:36', '15.5': 'dist/client/components/router-reducer/fetch-server-response.js:69', '16': 'dist/client/components/router-reducer/fetch-server-response.js:87' },
  deploymentId: { '14.2': 'dist/client/components/router-reducer/fetch-server-response.js:49', '15.5': 'dist/client/components/router-reducer/fetch-server-response.js:175', '16': 'dist/client/components/router-reducer/fetch-server-response.js:490' },
  assets: { '14.2': 'dist/server/app-render/required-scripts.js:8', '15.5': 'dist/server/app-render/required-scripts.js:8', '16': 'dist/server/app-render/required-scripts.js:8' },
  action: { '14.2': 'dist/client/components/router-reducer/reducers/server-action-reducer.js:34', '15.5': 'dist/client/components/router-reducer/reducers/server-action-reducer.js:48', '16': 'dist/client/components/router-reducer/reducers/server-action-reducer.js:75' },
  timeout: { '14.2': 'dist/client/route-loader.js:40', '15.5': 'dist/client/route-loader.js:41', '16': 'dist/client/lib/promise.js:16' },
  retry: { '14.2': 'dist/shared/lib/router/router.js:275', '15.5': 'dist/shared/lib/router/router.js:283', '16': 'dist/shared/lib/router/router.js:322' },
  // K9.3: fresh while now < prefetch (or last use) + dynamic stale time / segment staleAt; a full prefetch kept until the static stale time.
  freshStatus: { '14.2': 'dist/client/components/router-reducer/prefetch-cache-utils.js:181', '15.5': 'dist/client/components/router-reducer/prefetch-cache-utils.js:282', '16': 'dist/client/components/segment-cache/cache-map.js:149' },
  fullKind: { '14.2': 'dist/client/link.js:139', '15.5': 'dist/client/components/links.js:301', '16': 'dist/client/app-dir/link.js:383' },
  fullKept: { '14.2': 'dist/client/components/router-reducer/prefetch-cache-utils.js:194', '15.5': 'dist/client/components/router-reducer/prefetch-cache-utils.js:295', '16': 'dist/client/components/segment-cache/cache.js:2537' },
  // 15.5 makes a prerendered page's prefetch full; 14.2 keeps the kind asked for, 16 keeps pre-rendered segments 300 s.
  prerenderedFull: { '14.2': 'dist/client/components/router-reducer/prefetch-cache-utils.js:141', '15.5': 'dist/client/components/router-reducer/prefetch-cache-utils.js:246', '16': 'dist/client/components/segment-cache/cache.js:978' },
  // K9.3, data a navigation fetched: the entry it makes (14.2/15.5 a `temporary` prefetch-cache entry, 16 the BFCache),
  // its use stamped once (14.2/15.5) or its stale time set from the answer (16), and what a later navigation does past it.
  navEntry: { '14.2': 'dist/client/components/router-reducer/prefetch-cache-utils.js:99', '15.5': 'dist/client/components/router-reducer/prefetch-cache-utils.js:173', '16': 'dist/client/components/render-tree.js:784' },
  firstUse: { '14.2': 'dist/client/components/router-reducer/reducers/navigate-reducer.js:120', '15.5': 'dist/client/components/router-reducer/reducers/navigate-reducer.js:199', '16': 'dist/client/components/segment-cache/bfcache.js:46' },
  navExpired: { '14.2': 'dist/client/components/router-reducer/prefetch-cache-utils.js:198', '15.5': 'dist/client/components/router-reducer/prefetch-cache-utils.js:299', '16': 'dist/client/components/render-tree.js:586' },
  dynamicDefault: { '14.2': 'dist/server/config-shared.js:150', '15.5': 'dist/build/define-env.js:93', '16': 'dist/build/define-env.js:116' },
  staleDefault: { '14.2': 'dist/server/config-shared.js:150', '15.5': 'dist/server/config-shared.js:202', '16': 'dist/server/config-shared.js:267' },
  staticStale: { '14.2': 'dist/client/components/router-reducer/reducers/navigate-reducer.js:121', '15.5': 'dist/client/components/router-reducer/prefetch-cache-utils.js:242', '16': 'dist/client/components/segment-cache/cache.js:978' },
  expiry: { '14.2': 'dist/client/components/router-reducer/prefetch-cache-utils.js:198', '15.5': 'dist/client/components/router-reducer/prefetch-cache-utils.js:299', '16': 'dist/client/components/segment-cache/cache.js:1586' },
  queue: { '14.2': 'dist/client/components/router-reducer/reducers/prefetch-reducer.js:26', '15.5': 'dist/client/components/router-reducer/reducers/prefetch-reducer.js:25', '16': 'dist/client/components/segment-cache/scheduler.js:243' },
} as const;
