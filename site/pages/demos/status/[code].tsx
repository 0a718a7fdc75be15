import type { GetStaticPaths, GetStaticProps } from 'next';
import ErrorView, { STATUS_DEMO_CODES } from '../../../components/ErrorView';

interface Props {
  code: number;
}

/** The generic error page for one status code, pre-rendered (answers 200; shows every title in both modes). */
export default function StatusPage({ code }: Props) {
  return <ErrorView statusCode={code} />;
}

export const getStaticPaths: GetStaticPaths = async () => ({
  paths: STATUS_DEMO_CODES.map((code) => ({ params: { code: String(code) } })),
  fallback: false,
});

export const getStaticProps: GetStaticProps<Props> = async ({ params }) => ({
  props: { code: Number(params?.code) },
});
