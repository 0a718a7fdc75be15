'use client';

/**
 * The global failure page (replaces the root layout). Wording as in the spec, without the
 * "while loading <host>" that Next 15's built-in page adds. Plain inline styles: the global
 * stylesheet is not guaranteed to be loaded when the root layout has failed.
 */
export default function GlobalError({ error }: { error: Error & { digest?: string }; reset: () => void }) {
  const digest = error?.digest;
  return (
    <html lang="en" id="__next_error__">
      <head>
        <title>Application error</title>
      </head>
      <body style={styles.body}>
        <main style={styles.main}>
          <div style={styles.box}>
            {/* Page heading for assistive technology; the visible message is the h2 below. */}
            <h1 style={styles.visuallyHidden}>Application error</h1>
            <h2 style={styles.text}>
              {digest
                ? 'Application error: a server-side exception has occurred (see the server logs for more information).'
                : 'Application error: a client-side exception has occurred (see the browser console for more information).'}
            </h2>
            {digest ? <p style={styles.digest}>{`Digest: ${digest}`}</p> : null}
            <div style={styles.hint}>
              <a href="/" style={styles.link}>
                Go to the home page
              </a>
            </div>
          </div>
        </main>
      </body>
    </html>
  );
}

const styles = {
  body: {
    margin: 0,
    minHeight: '100vh',
    background: '#f6f7f9',
    color: '#1b1f24',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  main: {
    minHeight: '100vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: '1.5rem',
    boxSizing: 'border-box' as const,
  },
  box: {
    maxWidth: '40rem',
    textAlign: 'center' as const,
    background: '#ffffff',
    border: '1px solid #d5dae1',
    borderRadius: '10px',
    padding: '2rem 1.5rem',
  },
  text: { fontSize: '1.1rem', fontWeight: 600, lineHeight: 1.5, margin: '0 0 0.75rem' },
  digest: { fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: '0.95rem', margin: '0 0 0.75rem' },
  hint: { margin: '1rem 0 0' },
  link: { color: '#0a58b0' },
  visuallyHidden: {
    position: 'absolute' as const,
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: 0,
    overflow: 'hidden',
    clip: 'rect(0, 0, 0, 0)',
    whiteSpace: 'nowrap' as const,
    border: 0,
  },
};
