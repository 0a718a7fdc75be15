'use server';

export interface ActionResult {
  status: 'idle' | 'ok';
  message: string;
}

/** The server function behind /demos/action. Echoes the name with the server's time. */
export async function sendMessage(_previous: ActionResult, formData: FormData): Promise<ActionResult> {
  const raw = formData.get('name');
  const name = typeof raw === 'string' && raw.trim() ? raw.trim().slice(0, 80) : 'anonymous visitor';
  return {
    status: 'ok',
    message: `Received by the server function at ${new Date().toISOString()} from ${name}.`,
  };
}
