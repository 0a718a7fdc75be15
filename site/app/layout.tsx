import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import Header from '../components/Header';
import Footer from '../components/Footer';
import { site } from '../content/site';
import '../styles/globals.css';

// No title here on purpose: every page sets its own, and /demos/untitled must have none.
export const metadata: Metadata = {
  description: site.tagline,
  icons: { icon: { url: '/favicon.svg', type: 'image/svg+xml' } },
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#ffffff',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Header />
        <main id="main" className="site-main" tabIndex={-1}>
          <div className="container">{children}</div>
        </main>
        <Footer />
      </body>
    </html>
  );
}
