import type { Metadata } from 'next';
import Link from 'next/link';
import DemoIntro from '../../../../components/DemoIntro';
import { IS_STATIC } from '../../../../content/site';
import { ServerBadge } from '../../../../components/DemoLink';

export const metadata: Metadata = {
  title: 'Dynamic page hub',
};

/**
 * The link to /demos/dynamic is deliberately not prefetched: the dynamic page's data then comes
 * from the navigation itself, and the client reuses it for 30 s after its last use (then fetches
 * it again). A prefetched ("auto") link to a dynamic page would hold only its shell and refetch
 * on every navigation.
 */
export default function DynamicHubPage() {
  return (
    <>
      <DemoIntro rules={['K9.3']} title="Dynamic page hub">
        <p>
          The dynamic page is rendered on the server at each request and shows the time it was
          rendered. Open it, come back here, and open it again: within 30 seconds of its last use
          the browser reuses the data it already has (same time shown); after that it fetches it
          again (a new time).
        </p>
      </DemoIntro>
      {IS_STATIC ? (
        <div className="note note--server">
          <p>
            <a href="/demos/dynamic">Open the dynamic page</a> <ServerBadge />
          </p>
          <p>This copy is a static export, which has no dynamic pages.</p>
        </div>
      ) : (
        <p>
          <Link href="/demos/dynamic" prefetch={false} className="button">
            Open the dynamic page
          </Link>
        </p>
      )}
    </>
  );
}
