import type { Metadata } from 'next';
import Link from 'next/link';
import DemoIntro from '../../../../components/DemoIntro';
import { IS_STATIC } from '../../../../content/site';
import { ServerBadge } from '../../../../components/DemoLink';

export const metadata: Metadata = {
  title: 'Dynamic page hub',
};

/**
 * The link to /demos/dynamic is a full prefetch (prefetch={true}): the page's own data is fetched
 * while the hub is in view, and that prefetched data is what K9.3 times. An automatic prefetch of
 * a page rendered per request would hold only its loading shell, not its data.
 */
export default function DynamicHubPage() {
  return (
    <>
      <DemoIntro page="/demos/dynamic-hub" title="Dynamic page hub">
        <p>
          The dynamic page is rendered on the server at each request and shows the time it was
          rendered. This page prefetches it, data and all, as soon as the link is in view: opening
          it within 30 seconds of that prefetch shows the prefetched data (the time of the
          prefetch) without asking the server again.
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
          <Link href="/demos/dynamic" prefetch={true} className="button">
            Open the dynamic page
          </Link>
        </p>
      )}
    </>
  );
}
