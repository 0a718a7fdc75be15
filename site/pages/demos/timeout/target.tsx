import Head from 'next/head';
import Link from 'next/link';
import DemoIntro from '../../../components/DemoIntro';

export default function TimeoutTargetPage() {
  return (
    <>
      <Head>
        <title>Timeout target</title>
      </Head>
      <DemoIntro page="/demos/timeout/target" title="Timeout target">
        <p>The target of the route-load timeout demo.</p>
      </DemoIntro>
      <p>
        <Link href="/demos/timeout">Back to the timeout demo</Link>
      </p>
    </>
  );
}
