import type { Metadata } from 'next';
import Link from 'next/link';
import DemoIntro from '../../../../components/DemoIntro';

export const metadata: Metadata = {
  title: 'No prefetch',
};

export default function NoPrefetchPage() {
  return (
    <>
      <DemoIntro rules={['C7.2', 'C7.3']} title="No prefetch">
        <p>
          The link below is never prefetched, so clicking it makes the browser fetch the plain
          page’s data there and then: a request to this origin for the page path with a text suffix,
          naming the current address, the router state and the build.
        </p>
      </DemoIntro>
      <p>
        <Link prefetch={false} href="/demos/plain" className="button">
          Go to the plain page
        </Link>
      </p>
    </>
  );
}
