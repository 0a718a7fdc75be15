import Head from 'next/head';
import Link from 'next/link';
import DemoIntro from '../../../components/DemoIntro';
import DemoLink from '../../../components/DemoLink';
import { STATUS_DEMO_CODES, statusTitle } from '../../../components/ErrorView';

export default function StatusIndexPage() {
  return (
    <>
      <Head>
        <title>Error page titles</title>
      </Head>
      <DemoIntro page="/demos/status" title="Error page titles">
        <p>
          The generic error page names its status code: 400, 404, 405 and 500 have their own titles,
          any other code reads “An unexpected error has occurred”. Each page below is that error
          page rendered for one code, pre-rendered so both builds can show it.
        </p>
      </DemoIntro>
      <ul className="status-list" aria-label="Status codes">
        {STATUS_DEMO_CODES.map((code) => (
          <li key={code}>
            <Link href={`/demos/status/${code}`} aria-label={`${code}: ${statusTitle(code)}`}>
              {code}
            </Link>
          </li>
        ))}
      </ul>
      <div className="section prose">
        <h2>Real error answers</h2>
        <p>
          The server build also answers with real error statuses: an unknown address gives 404, a
          malformed address 400, a POST to a static file 405, and a page whose data fails on
          the server 500:
        </p>
        <p>
          <DemoLink href="/demos/status/throws" badge>
            A page that fails on the server
          </DemoLink>
        </p>
      </div>
    </>
  );
}
