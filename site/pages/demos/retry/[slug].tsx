import Head from 'next/head';
import Link from 'next/link';
import { useRouter } from 'next/router';
import type { GetStaticPaths, GetStaticProps } from 'next';
import { LoaderCircle } from 'lucide';
import Icon from '../../../components/Icon';
import DemoIntro from '../../../components/DemoIntro';

interface Props {
  slug: string;
  generatedAt: string;
}

/**
 * Only "prebuilt" is pre-rendered. In the server build (fallback: true) any other slug is
 * served as a loading shell and the browser fetches its data from
 * /_next/data/<build>/demos/retry/<slug>.json, retrying on 5xx answers. A static export
 * forbids fallback: true, so there only "prebuilt" exists.
 */
export default function RetryPage({ slug, generatedAt }: Props) {
  const router = useRouter();
  if (router.isFallback) {
    return (
      <>
        <Head>
          <title>Loading…</title>
        </Head>
        <DemoIntro page="/demos/retry/[slug]" title="Loading…">
          <p className="loading" role="status" data-testid="retry-loading">
            <Icon icon={LoaderCircle} size={18} />
            Fetching this page’s data…
          </p>
        </DemoIntro>
      </>
    );
  }
  return (
    <>
      <Head>
        <title>{`Generated page: ${slug}`}</title>
      </Head>
      <DemoIntro page="/demos/retry/[slug]" title={`Generated page: ${slug}`}>
        <p>This page’s data was generated for the slug below.</p>
      </DemoIntro>
      <dl className="data-list card">
        <dt>Slug</dt>
        <dd data-testid="retry-slug">{slug}</dd>
        <dt>Generated at</dt>
        <dd>{generatedAt}</dd>
      </dl>
      <p style={{ marginTop: '1.5rem' }}>
        <Link href="/demos/retry">Back to the retry demo</Link>
      </p>
    </>
  );
}

export const getStaticPaths: GetStaticPaths = async () => ({
  paths: [{ params: { slug: 'prebuilt' } }],
  fallback: process.env.SITE_MODE === 'server' ? true : false,
});

export const getStaticProps: GetStaticProps<Props> = async ({ params }) => {
  const slug = String(params?.slug ?? '');
  return { props: { slug, generatedAt: new Date().toISOString() } };
};
