import { Mail, MapPin, Map as MapIcon, Phone } from 'lucide';
import Icon from './Icon';
import { site } from '../content/site';
import SocialIcon from './SocialIcon';

/** Footer shown on every page (both routers): contact, location, social links. */
export default function Footer() {
  const { contact, location, social } = site;
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="footer-grid">
          <div>
            <p className="footer-brand">{site.name}</p>
            <p className="footer-about">{site.tagline}</p>
          </div>
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact" className="footer-title">Contact</h2>
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
            </ul>
          </section>
          <section aria-labelledby="footer-location">
            <h2 id="footer-location" className="footer-title">Location</h2>
            <div className="icon-line">
              <Icon icon={MapPin} size={18} />
              <address className="address">
                {location.lines.map((line) => (
                  <span key={line}>
                    {line}
                    <br />
                  </span>
                ))}
              </address>
            </div>
            <p className="icon-line" style={{ marginTop: '0.5rem' }}>
              <Icon icon={MapIcon} size={18} />
              <a href={location.mapUrl} rel="noopener noreferrer">
                {location.mapLabel}
              </a>
            </p>
          </section>
          <section aria-labelledby="footer-social">
            <h2 id="footer-social" className="footer-title">Follow</h2>
            <ul className="social-row">
              {social.map((link) => (
                <li key={link.href}>
                  <a href={link.href} aria-label={link.label} title={link.label} rel="noopener noreferrer">
                    <SocialIcon name={link.icon} size={20} />
                  </a>
                </li>
              ))}
            </ul>
          </section>
        </div>
        <div className="footer-bottom">
          <p>All contact details on this site are placeholders.</p>
          <p>
            <a href="/conformance-report.html">Latest conformance report</a>
          </p>
        </div>
      </div>
    </footer>
  );
}
