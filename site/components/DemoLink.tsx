import Link from 'next/link';
import type { ReactNode } from 'react';
import { IS_STATIC } from '../content/site';
import { SERVER_ONLY_ROUTES, isPagesRouterPath } from '../content/behaviours';

export function isServerOnlyRoute(href: string): boolean {
  const path = href.split(/[?#]/)[0];
  return (SERVER_ONLY_ROUTES as readonly string[]).includes(path);
}

/** "server mode only" label. */
export function ServerBadge({ text = 'server mode only' }: { text?: string }) {
  return <span className="badge badge--server">{text}</span>;
}

/**
 * Link to a demo. Pages Router targets get a plain <a> (crossing routers is a full page load
 * anyway; see PAGES_ROUTER_PREFIXES). Routes that exist only in the server build are still
 * listed in the static build, as plain <a> (no prefetch of a page that is not there) with a
 * "server mode only" label; in the server build they are client links without prefetch.
 */
export default function DemoLink({
  href,
  children,
  badge = isServerOnlyRoute(href),
}: {
  href: string;
  children: ReactNode;
  /** Show the "server mode only" label (default: when the route exists only in the server build). */
  badge?: boolean;
}) {
  const routeIsServerOnly = isServerOnlyRoute(href);
  const unavailable = IS_STATIC && routeIsServerOnly;
  const label = badge ? (
    <>
      {' '}
      <ServerBadge />
    </>
  ) : null;
  if (unavailable || isPagesRouterPath(href)) {
    return (
      <span className={unavailable ? 'unavailable' : undefined}>
        <a href={href}>{children}</a>
        {label}
      </span>
    );
  }
  return (
    <span>
      <Link href={href} prefetch={routeIsServerOnly ? false : undefined}>
        {children}
      </Link>
      {label}
    </span>
  );
}
