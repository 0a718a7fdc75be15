import Head from 'next/head';
import { useState } from 'react';
import { TriangleAlert } from 'lucide';
import Icon from '../../components/Icon';
import DemoIntro from '../../components/DemoIntro';

function Thrower(): never {
  throw new Error('Client error demo: a Pages Router component threw while rendering.');
}

/** Pages Router page whose component throws on a click: the error page with no status code. */
export default function ClientErrorPage() {
  const [thrown, setThrown] = useState(false);
  return (
    <>
      <Head>
        <title>Error without a status code</title>
      </Head>
      <DemoIntro page="/demos/client-error" title="Error without a status code">
        <p>
          The button makes this page throw while rendering in the browser. There is no HTTP status
          for such an error, so the error page shows a client-side application error instead of a
          status code.
        </p>
      </DemoIntro>
      <button type="button" className="button button--danger" onClick={() => setThrown(true)}>
        <Icon icon={TriangleAlert} size={18} />
        Throw an error
      </button>
      {thrown ? <Thrower /> : null}
    </>
  );
}
