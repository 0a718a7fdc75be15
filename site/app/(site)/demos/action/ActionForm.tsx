'use client';

import { useActionState } from 'react';
import { Send } from 'lucide';
import Icon from '../../../../components/Icon';
import { sendMessage, type ActionResult } from './actions';

const initial: ActionResult = { status: 'idle', message: 'Nothing sent yet.' };

export default function ActionForm() {
  const [state, formAction, pending] = useActionState(sendMessage, initial);
  return (
    <form action={formAction} className="card" style={{ maxWidth: '32rem' }}>
      <div className="field">
        <label htmlFor="action-name">Your name (optional)</label>
        <input id="action-name" name="name" type="text" autoComplete="name" maxLength={80} />
      </div>
      <button type="submit" className="button" disabled={pending}>
        <Icon icon={Send} size={18} />
        Send
      </button>
      <p className="result" role="status" aria-live="polite" data-testid="action-result">
        {pending ? 'Sending…' : state.message}
      </p>
    </form>
  );
}
