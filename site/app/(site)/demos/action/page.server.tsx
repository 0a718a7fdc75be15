import type { Metadata } from 'next';
import DemoIntro from '../../../../components/DemoIntro';
import ActionForm from './ActionForm';

// Server build only (pageExtensions): a static export cannot contain server functions, and the
// action module is imported only from here.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Server function',
};

export default function ActionPage() {
  return (
    <>
      <DemoIntro page="/demos/action" title="Server function">
        <p>
          Sending the form calls a server function: a POST to this page’s own address. The answer
          appears below without a reload.
        </p>
      </DemoIntro>
      <ActionForm />
    </>
  );
}
