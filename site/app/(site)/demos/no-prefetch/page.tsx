import type { Metadata } from 'next';
import Link from 'next/link';
import DemoIntro from '../../../../components/DemoIntro';
import { IS_STATIC } from '../../../../content/site';

export const metadata: Metadata = {
  title: 'No prefetch',
};

export default function NoPrefetchPage() {
  return (
    <>
      <DemoIntro page="/demos/no-prefetch" title="No prefetch">
        <p>
          The links below are never prefetched, so clicking one makes the browser fetch that page’s
          data there and then: a request to this origin for the page path with a text suffix,
          naming the current address, the router state and the build. The browser keeps what it
          fetched: coming back here and opening the same page again within 30 seconds uses it
          without asking again.
        </p>
      </DemoIntro>
      <p>
        <Link prefetch={false} href="/demos/plain" className="button">
          Go to the plain page
        </Link>
      </p>
      {IS_STATIC ? null : (
        // Server build only: the page rendered per request, never prefetched from here. Its data is
        // fetched by the click and kept fresh for 30 s after that first use (K9.3, both sides).
        <p>
          <Link prefetch={false} href="/demos/dynamic" className="button">
            Open the dynamic page
          </Link>
        </p>
      )}
    </>
  );
}
