import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = {
  title: '404: This page could not be found.',
};

/** The site's not-found page (every unknown address, both modes). */
export default function NotFound() {
  return (
    <div className="error-page">
      <div className="error-page__code">
        <h1 className="next-error-h1">404</h1>
        <h2>This page could not be found.</h2>
      </div>
      <p className="error-page__actions">
        <Link className="button button--ghost" href="/">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
