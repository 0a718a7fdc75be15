import { Head, Html, Main, NextScript } from 'next/document';

/** Pages Router document: sets the page language (the App Router's is in app/layout.tsx). */
export default function Document() {
  return (
    <Html lang="en">
      <Head />
      <body>
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}
