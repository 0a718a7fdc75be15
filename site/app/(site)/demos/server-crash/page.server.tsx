// Server build only (pageExtensions). Throws while rendering on the server: the response is
// HTTP 500 and the global failure page shows the server-side wording with a digest line.
export const dynamic = 'force-dynamic';

export const metadata = {
  title: 'Crash on the server',
};

export default function ServerCrashPage(): never {
  throw new Error('Server crash demo: this page throws while rendering on the server.');
}
