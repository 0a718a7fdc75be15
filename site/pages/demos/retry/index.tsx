import Head from 'next/head';
import Link from 'next/link';
import DemoIntro from '../../../components/DemoIntro';
import { ServerBadge } from '../../../components/DemoLink';
import { IS_STATIC } from '../../../content/site';

const NEW_SLUGS = ['first-visit', 'another-one', 'made-on-demand'];

export default function RetryIndexPage() {
  return (
    <>
      <Head>
        <title>Retry on server errors</title>
      </Head>
      <DemoIntro page="/demos/retry" title="Retry on server errors">
        <p>
          Pages under this address are generated on their first visit. The browser gets a loading
          shell, then fetches the page’s data; if the server answers that fetch with a 5xx error,
          the browser tries again.
        </p>
      </DemoIntro>
      <div className="grid grid--2">
        <section className="card" aria-labelledby="retry-prebuilt">
          <h2 id="retry-prebuilt">Pre-rendered</h2>
          <p>
            <Link href="/demos/retry/prebuilt">The pre-rendered page</Link>
          </p>
        </section>
        <section className="card" aria-labelledby="retry-new">
          <h2 id="retry-new">Generated on first visit {IS_STATIC ? <ServerBadge /> : null}</h2>
          <ul className="prose">
            {NEW_SLUGS.map((slug) => (
              <li key={slug}>
                {/* Plain links: a full load of a page that is not pre-rendered is what makes the
                    browser fetch its data itself. */}
                <a href={`/demos/retry/${slug}`}>{slug}</a>
              </li>
            ))}
          </ul>
          {IS_STATIC ? (
            <p>A static export cannot generate pages on demand: in this copy these links lead to the not-found page.</p>
          ) : null}
        </section>
      </div>
    </>
  );
}
