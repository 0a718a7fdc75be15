import type { NextPageContext } from 'next';
import ErrorView from '../components/ErrorView';

interface Props {
  statusCode?: number;
}

/** The site's generic error page (replaces Next's, whose no-status text adds "while loading <host>"). */
function ErrorPage({ statusCode }: Props) {
  return <ErrorView statusCode={statusCode} />;
}

ErrorPage.getInitialProps = ({ res, err }: NextPageContext): Props => {
  const statusCode = res ? res.statusCode : err ? err.statusCode : 404;
  return { statusCode };
};

export default ErrorPage;
