import type { Metadata } from 'next';
import Link from 'next/link';
import DemoIntro from '../../../../components/DemoIntro';

export const metadata: Metadata = {
  title: 'Many links',
};

const LINK_COUNT = 10;

export default function ManyLinksPage() {
  const numbers = Array.from({ length: LINK_COUNT }, (_, i) => i + 1);
  return (
    <>
      <DemoIntro page="/demos/links" title="Many links">
        <p>
          Ten internal links, all in view: the browser prefetches their data (five requests at a
          time), keeps it fresh for 30 seconds and drops it after 5 minutes. Following one swaps
          the content without a reload.
        </p>
      </DemoIntro>
      <ul className="link-grid" aria-label="Linked pages">
        {numbers.map((n) => (
          <li key={n}>
            <Link href={`/demos/links/${n}`}>Linked page {n}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}
