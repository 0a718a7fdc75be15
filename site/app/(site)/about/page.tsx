import type { Metadata } from 'next';
import Link from 'next/link';
import { SITE_MODE } from '../../../content/site';

export const metadata: Metadata = {
  title: 'About this site',
};

export default function AboutPage() {
  return (
    <div className="prose">
      <span className="eyebrow">About</span>
      <h1>About this site</h1>
      <p className="lead">
        A small site whose only job is to show, on real pages, every behaviour that a short
        specification of a web site’s page-delivery layer makes visible.
      </p>

      <h2>What the specification covers</h2>
      <p>
        The specification describes a site whose purpose is not shown. What it does show is how
        pages are delivered: the not-found and error pages and their titles, navigation without
        reloads, back and forward, the announcement read to assistive technology after each
        navigation, the page-data requests and what they carry, and a few timings (a 3.8 second
        route-load timeout, retries on server errors, 30 second freshness and 5 minute expiry of
        prefetched data, and five prefetches at a time).
      </p>
      <p>
        This site invents no business. Its contact, location and social details are placeholders
        kept in one content file, so the shape of an informational site is there without claiming
        anything about a real organisation.
      </p>

      <h2>How it is checked</h2>
      <p>
        A conformance suite drives this site in a real browser and judges each rule. It runs the
        same checks against two builds of the same code:
      </p>
      <ul>
        <li>
          <strong>Static mode</strong>: the site exported as plain files and served by a static file
          server.
        </li>
        <li>
          <strong>Server mode</strong>: the site served by its own Node.js server, which adds the
          behaviours that need one (server errors, server functions, dynamic pages, pages generated
          on first visit).
        </li>
      </ul>
      <p>
        You are looking at the <strong>{SITE_MODE}</strong> build. The results of the last run are
        in the <a href="/conformance-report.html">conformance report</a>.
      </p>

      <h2>Route groups</h2>
      <p>
        This page’s source lives in a route group, <code>app/(site)/about</code>, yet its address
        is simply <code>/about</code>: segments in parentheses never appear in an address (rule
        R2.6).
      </p>

      <p>
        <Link href="/#behaviours">See every behaviour in the gallery</Link>.
      </p>
    </div>
  );
}
