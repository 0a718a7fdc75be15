/**
 * All of the site's own content in one place. Every value below is a visible placeholder:
 * an owner replaces them here and nowhere else (header, footer, /contact and the home page
 * all read this file).
 */

export type SocialIcon = 'at-sign' | 'rss' | 'share' | 'globe';

export interface SocialLink {
  /** Accessible name of the link, e.g. "Fediverse profile". */
  label: string;
  /** Text shown next to the icon. */
  handle: string;
  href: string;
  icon: SocialIcon;
}

export interface SiteContent {
  name: string;
  shortName: string;
  tagline: string;
  contact: {
    email: string;
    phone: { display: string; /** E.164 form used in the tel: link. */ dial: string };
    hours: string;
  };
  location: {
    /** Address lines, top to bottom. */
    lines: string[];
    /** A plain link out to a map; nothing is loaded from it. */
    mapUrl: string;
    mapLabel: string;
  };
  social: SocialLink[];
}

const address = ['1 Placeholder Street', '00000 Placeholder Town', 'Placeholder Country'];

export const site: SiteContent = {
  name: 'Spec reference site',
  shortName: 'Spec reference',
  tagline: 'The reference implementation of the page-delivery specification, checked by its conformance suite.',
  contact: {
    email: 'contact@example.com',
    phone: { display: '+00 000 000 0000', dial: '+000000000000' },
    hours: 'Placeholder hours: Monday to Friday, 09:00–17:00',
  },
  location: {
    lines: address,
    mapUrl: `https://www.openstreetmap.org/search?query=${encodeURIComponent(address.join(', '))}`,
    mapLabel: 'Open the address in OpenStreetMap',
  },
  social: [
    { label: 'Fediverse profile', handle: '@placeholder@example.social', href: 'https://example.social/@placeholder', icon: 'at-sign' },
    { label: 'News feed (RSS)', handle: 'example.com/feed.xml', href: 'https://example.com/feed.xml', icon: 'rss' },
    { label: 'Social network profile', handle: 'example.net/placeholder', href: 'https://example.net/placeholder', icon: 'share' },
    { label: 'Project website', handle: 'www.example.org', href: 'https://www.example.org/', icon: 'globe' },
  ],
};

/** The delivery mode this build was made for (inlined at build time by next.config.ts). */
export const SITE_MODE: 'static' | 'server' = process.env.SITE_MODE === 'static' ? 'static' : 'server';
export const IS_STATIC = SITE_MODE === 'static';
