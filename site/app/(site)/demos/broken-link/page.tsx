import type { Metadata } from 'next';
import Link from 'next/link';
import DemoIntro from '../../../../components/DemoIntro';

export const metadata: Metadata = {
  title: 'Broken link',
};

export default function BrokenLinkPage() {
  return (
    <>
      <DemoIntro page="/demos/broken-link" title="Broken link">
        <p>
          The link below points to a page that does not exist. Following it shows the not-found
          page: the heading 404 and “This page could not be found.”
        </p>
      </DemoIntro>
      <p>
        <Link href="/demos/missing-page">A link to a missing page</Link>
      </p>
    </>
  );
}
