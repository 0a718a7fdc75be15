import Head from 'next/head';
import Link from 'next/link';

export const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  404: 'This page could not be found',
  405: 'Method Not Allowed',
  500: 'Internal Server Error',
};

/** Codes pre-rendered at /demos/status/<code> in both modes. */
export const STATUS_DEMO_CODES = [400, 404, 405, 418, 500, 503] as const;

export const FALLBACK_TITLE = 'An unexpected error has occurred';

export const CLIENT_ERROR_TEXT =
  'Application error: a client-side exception has occurred (see the browser console for more information).';

export function statusTitle(code: number): string {
  return STATUS_TITLES[code] ?? FALLBACK_TITLE;
}

/**
 * The generic error page (Pages Router). With a status code: <title> "<code>: <title>",
 * <h1> the code, <h2> the title plus ".". Without one: the client-side application error and
 * no status heading.
 */
export default function ErrorView({ statusCode }: { statusCode?: number | null }) {
  if (!statusCode) {
    return (
      <div className="error-page">
        <Head>
          <title>Application error: a client-side exception has occurred</title>
        </Head>
        <h2 className="error-page__message">{CLIENT_ERROR_TEXT}</h2>
        <p className="error-page__actions">
          <a className="button button--ghost" href="/">
            Go to the home page
          </a>
        </p>
      </div>
    );
  }
  const title = statusTitle(statusCode);
  return (
    <div className="error-page">
      <Head>
        <title>{`${statusCode}: ${title}`}</title>
      </Head>
      <div className="error-page__code">
        <h1 className="next-error-h1">{statusCode}</h1>
        <h2>{title}.</h2>
      </div>
      <p className="error-page__actions">
        <Link className="button button--ghost" href="/">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
