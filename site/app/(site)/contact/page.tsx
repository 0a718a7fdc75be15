import type { Metadata } from 'next';
import { Clock, Mail, MapPin, Map as MapIcon, Phone, Share2 } from 'lucide';
import Icon from '../../../components/Icon';
import { site } from '../../../content/site';
import SocialIcon from '../../../components/SocialIcon';

export const metadata: Metadata = {
  title: 'Contact',
};

export default function ContactPage() {
  const { contact, location, social } = site;
  return (
    <>
      <span className="eyebrow">Contact</span>
      <h1>Contact</h1>
      <p className="lead">
        How to reach the people behind this site. Every detail below is a placeholder, kept in{' '}
        <code>site/content/site.ts</code> for an owner to replace.
      </p>

      <div className="grid grid--3 section">
        <section className="card contact-card" aria-labelledby="contact-direct">
          <h2 id="contact-direct">
            <Icon icon={Mail} size={20} />
            Write or call
          </h2>
          <ul className="icon-list">
            <li>
              <Icon icon={Mail} size={18} />
              <a href={`mailto:${contact.email}`}>
                <span className="visually-hidden">E-mail: </span>
                {contact.email}
              </a>
            </li>
            <li>
              <Icon icon={Phone} size={18} />
              <a href={`tel:${contact.phone.dial}`}>
                <span className="visually-hidden">Phone: </span>
                {contact.phone.display}
              </a>
            </li>
            <li>
              <Icon icon={Clock} size={18} />
              <span>{contact.hours}</span>
            </li>
          </ul>
        </section>

        <section className="card contact-card" aria-labelledby="contact-location">
          <h2 id="contact-location">
            <Icon icon={MapPin} size={20} />
            Visit
          </h2>
          <address className="address">
            {location.lines.map((line) => (
              <span key={line}>
                {line}
                <br />
              </span>
            ))}
          </address>
          <p className="icon-line" style={{ marginTop: '0.75rem' }}>
            <Icon icon={MapIcon} size={18} />
            <a href={location.mapUrl} rel="noopener noreferrer">
              {location.mapLabel}
            </a>
          </p>
        </section>

        <section className="card contact-card" aria-labelledby="contact-social">
          <h2 id="contact-social">
            <Icon icon={Share2} size={20} />
            Elsewhere
          </h2>
          <ul className="icon-list contact-social">
            {social.map((link) => (
              <li key={link.href}>
                <SocialIcon name={link.icon} size={18} />
                <a href={link.href} rel="noopener noreferrer">
                  {link.label}
                  <small>{link.handle}</small>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
