'use client';

import { useState } from 'react';
import { TriangleAlert } from 'lucide';
import Icon from '../../../../components/Icon';

function Thrower(): never {
  throw new Error('Crash demo: a component threw while rendering in the browser.');
}

export default function CrashButton() {
  const [crashed, setCrashed] = useState(false);
  return (
    <>
      <button type="button" className="button button--danger" onClick={() => setCrashed(true)}>
        <Icon icon={TriangleAlert} size={18} />
        Crash this page
      </button>
      {crashed ? <Thrower /> : null}
    </>
  );
}
