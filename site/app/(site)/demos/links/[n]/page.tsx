import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import DemoIntro from '../../../../../components/DemoIntro';

const COUNT = 10;

export const dynamicParams = false;

export function generateStaticParams() {
  return Array.from({ length: COUNT }, (_, i) => ({ n: String(i + 1) }));
}

type Props = { params: Promise<{ n: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { n } = await params;
  return { title: `Linked page ${n}` };
}

export default async function LinkedPage({ params }: Props) {
  const { n } = await params;
  const num = Number(n);
  if (!Number.isInteger(num) || num < 1 || num > COUNT) notFound();
  return (
    <>
      <DemoIntro page="/demos/links/[n]" title={`Linked page ${num}`}>
        <p>One of ten pages linked from the “Many links” page, generated at build time.</p>
      </DemoIntro>
      <p>
        <Link href="/demos/links">Back to the ten links</Link>
        {num < COUNT ? (
          <>
            {' · '}
            <Link href={`/demos/links/${num + 1}`}>Linked page {num + 1}</Link>
          </>
        ) : null}
      </p>
    </>
  );
}
