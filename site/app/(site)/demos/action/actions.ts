'use server';

export interface ActionResult {
  status: 'idle' | 'ok' | 'refused';
  message: string;
}

/** The server function behind /demos/action. Echoes the name with the server's time. */
export async function sendMessage(_previous: ActionResult, formData: FormData): Promise<ActionResult> {
  // Anyone can call a server function with any arguments: refuse what the form cannot have sent
  // instead of throwing (a throw is a 500).
  if (!(formData instanceof FormData)) {
    return { status: 'refused', message: 'Refused: the server function expects the form data.' };
  }
  const raw = formData.get('name');
  const name = typeof raw === 'string' && raw.trim() ? raw.trim().slice(0, 80) : 'anonymous visitor';
  return {
    status: 'ok',
    message: `Received by the server function at ${new Date().toISOString()} from ${name}.`,
  };
}
