import type { NextPageContext } from 'next';
import ErrorView from '../components/ErrorView';
import { BASELINE_SECURITY_HEADERS, buildPolicy } from '../lib/security-headers';

interface Props {
  statusCode?: number;
}

/** The site's generic error page (replaces Next's, whose no-status text adds "while loading <host>"). */
function ErrorPage({ statusCode }: Props) {
  return <ErrorView statusCode={statusCode} />;
}

ErrorPage.getInitialProps = ({ res, err }: NextPageContext): Props => {
  const statusCode = res ? res.statusCode : err ? err.statusCode : 404;
  // Next answers a malformed URL (e.g. /demos/status/%E0%A4%A) with this page before middleware
  // and next.config headers run, so the security headers are set here, where they are missing.
  // This page has no inline scripts (its __NEXT_DATA__ is JSON), so the hash-free policy fits.
  if (res && !res.headersSent) {
    const headers = [...BASELINE_SECURITY_HEADERS, { key: 'Content-Security-Policy', value: buildPolicy() }];
    for (const { key, value } of headers) {
      if (!res.hasHeader(key)) res.setHeader(key, value);
    }
  }
  return { statusCode };
};

export default ErrorPage;
