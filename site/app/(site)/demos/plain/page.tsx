import type { Metadata } from 'next';
import Link from 'next/link';
import DemoIntro from '../../../../components/DemoIntro';

export const metadata: Metadata = {
  title: 'Plain page',
};

export default function PlainPage() {
  return (
    <>
      <DemoIntro page="/demos/plain" title="Plain page">
        <p>
          A page with nothing on it but text. Loaded directly, it fetches only its own scripts and
          stylesheet, all from this origin.
        </p>
      </DemoIntro>
      <p>
        <Link href="/demos/no-prefetch">Back to the page without prefetch</Link>
      </p>
    </>
  );
}
