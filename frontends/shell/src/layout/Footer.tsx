import { CATEGORY_DEFINITIONS, CATEGORY_SLUGS } from '@pulse/contracts';
import { Link } from 'react-router';
import { useSocialAccounts } from '../config/social-accounts';
import { FOOTER, NEWSLETTER, SITE } from '../copy';
import { DeferredNewsletterForm } from '../newsletter/DeferredNewsletterForm';
import { NAV_LINKS } from './Header';

export function Footer() {
  const social = useSocialAccounts();
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <section aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="site-footer__brand">
            {SITE.name} <small>{SITE.tagline}</small>
          </h2>
          <p>{SITE.blurb}</p>
          {/* The site's own accounts only (SITE_SOCIAL_ACCOUNTS), in a new tab (docs/spec-content.md §2). */}
          {social.length > 0 && (
            <ul className="social-links" aria-label={FOOTER.social}>
              {social.map(({ url, label }) => (
                <li key={url}>
                  <a href={url} target="_blank" rel="noopener noreferrer">
                    {label}
                    <span className="sr-only"> {FOOTER.newTab}</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
        <nav aria-labelledby="footer-sections">
          <h2 id="footer-sections">{FOOTER.sections}</h2>
          <ul>
            {NAV_LINKS.map(({ to, label }) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-categories">
          <h2 id="footer-categories">{FOOTER.categories}</h2>
          <ul>
            {CATEGORY_SLUGS.map((slug) => (
              <li key={slug}>
                <Link to={`/category/${slug}`}>{CATEGORY_DEFINITIONS[slug].name}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-info">
          <h2 id="footer-info">{FOOTER.info}</h2>
          <ul>
            <li>
              <Link to="/about">{FOOTER.about}</Link>
            </li>
            <li>
              <Link to="/privacy">{FOOTER.privacy}</Link>
            </li>
            <li>
              <Link to="/sitemap">{FOOTER.sitemap}</Link>
            </li>
            <li>
              <Link to="/contact">{FOOTER.contact}</Link>
            </li>
            <li>
              {/* A feed is a file the gateway serves, not a client route: a plain link, in a new tab (docs/spec-content.md §2). */}
              <a href="/rss.xml" target="_blank" rel="noopener">
                {FOOTER.rss}
              </a>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter">{NEWSLETTER.title}</h2>
          <p>{NEWSLETTER.description}</p>
          <DeferredNewsletterForm name="footer-newsletter" />
        </section>
      </div>
      <p className="site-footer__copyright">{SITE.copyright(new Date().getFullYear())}</p>
    </footer>
  );
}
