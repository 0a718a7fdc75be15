import type { Metadata } from 'next';
import DemoIntro from '../../../../components/DemoIntro';
import CrashButton from './CrashButton';

export const metadata: Metadata = {
  title: 'Crash in the browser',
};

export default function CrashPage() {
  return (
    <>
      <DemoIntro page="/demos/crash" title="Crash in the browser">
        <p>
          The button makes a component throw while rendering in the browser. No error boundary of
          this site catches it, so the whole application fails and the global failure page takes
          over: “Application error: a client-side exception has occurred (see the browser console
          for more information).”
        </p>
      </DemoIntro>
      <CrashButton />
      <p className="note" style={{ marginTop: '1.5rem' }}>
        Reload the page to get back.
      </p>
    </>
  );
}
