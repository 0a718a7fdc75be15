import type { AppProps } from 'next/app';
import Head from 'next/head';
import Header from '../components/Header';
import Footer from '../components/Footer';
import { site } from '../content/site';
import '../styles/globals.css';

/** Pages Router shell: the same header, main landmark and footer as the App Router layout. */
export default function App({ Component, pageProps }: AppProps) {
  return (
    <>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="description" content={site.tagline} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </Head>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        <div className="container">
          <Component {...pageProps} />
        </div>
      </main>
      <Footer />
    </>
  );
}
