import Head from 'next/head';
import type { NextPageContext } from 'next';
import DemoIntro from '../../../components/DemoIntro';

interface Props {
  renderedOn: 'build' | 'client';
}

/**
 * In the server build, loading this page directly makes its data fetching throw on the server:
 * HTTP 500 and the page "500: Internal Server Error". The static export renders it at build time
 * (no server to fail), and a client-side navigation runs getInitialProps in the browser; both
 * just show this note.
 */
export default function ThrowsPage({ renderedOn }: Props) {
  return (
    <>
      <Head>
        <title>A page that fails on the server</title>
      </Head>
      <DemoIntro page="/demos/status/throws" title="A page that fails on the server">
        <p>
          In the server build, loading this address directly makes the page’s data fetching throw
          on the server, and the answer is the error page “500: Internal Server Error” with HTTP
          status 500.
        </p>
      </DemoIntro>
      <p className="note note--server">
        {renderedOn === 'build'
          ? 'This copy is a static export: the page was rendered at build time, so nothing could fail on a server.'
          : 'You reached this page by a client-side navigation, so its data was fetched in the browser. Reload the page to see the server fail.'}
      </p>
    </>
  );
}

ThrowsPage.getInitialProps = async ({ req }: NextPageContext): Promise<Props> => {
  if (process.env.SITE_MODE === 'server' && req) {
    throw new Error('Status demo: data fetching failed on the server.');
  }
  return { renderedOn: req || process.env.SITE_MODE === 'static' ? 'build' : 'client' };
};
