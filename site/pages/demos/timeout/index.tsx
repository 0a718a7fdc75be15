import Head from 'next/head';
import Link from 'next/link';
import DemoIntro from '../../../components/DemoIntro';

export default function TimeoutPage() {
  return (
    <>
      <Head>
        <title>Route load timeout</title>
      </Head>
      <DemoIntro page="/demos/timeout" title="Route load timeout">
        <p>
          The link below is not prefetched. When it is followed, the browser first loads the target
          page’s code; if that takes longer than 3.8 seconds, it gives up on the client-side
          navigation and loads the target as a whole new page.
        </p>
      </DemoIntro>
      <p>
        <Link prefetch={false} href="/demos/timeout/target" className="button">
          Open the slow target
        </Link>
      </p>
      <p className="note">
        On a normal connection the target loads at once. The conformance suite holds the target’s
        script back to see the timeout. (Pointing at the link still prefetches its code in this
        router.)
      </p>
    </>
  );
}
