import type { Metadata } from 'next';
import Link from 'next/link';
import DemoIntro from '../../../../components/DemoIntro';

// Server build only (pageExtensions). Rendered at every request.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Dynamic page',
};

export default function DynamicPage() {
  const now = new Date();
  return (
    <>
      <DemoIntro page="/demos/dynamic" title="Dynamic page">
        <p>
          Rendered on the server for this request. Prefetched from the hub, it is shown without a new
          request for 30 seconds after the prefetch. Opened from the page without prefetch, its data
          is kept for 30 seconds after that visit; opened again later, it is rendered anew.
        </p>
      </DemoIntro>
      <dl className="data-list card">
        <dt>Rendered at</dt>
        <dd>
          <time dateTime={now.toISOString()} data-testid="render-time">
            {now.toISOString()}
          </time>
        </dd>
        <dt>Render id</dt>
        <dd data-testid="render-id">{now.getTime().toString(36)}</dd>
      </dl>
      <p style={{ marginTop: '1.5rem' }}>
        <Link href="/demos/dynamic-hub" prefetch={false}>
          Back to the hub
        </Link>
      </p>
    </>
  );
}
