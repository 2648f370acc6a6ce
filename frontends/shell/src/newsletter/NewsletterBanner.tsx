import { HOME, NEWSLETTER } from '../copy';
import { DeferredNewsletterForm } from './DeferredNewsletterForm';

/** The home page's newsletter banner (docs/spec-content.md §2). */
export function NewsletterBanner() {
  return (
    <section className="newsletter-banner" aria-labelledby="newsletter-banner-title">
      <div>
        <h2 id="newsletter-banner-title">{HOME.bannerTitle}</h2>
        <p>{NEWSLETTER.description}</p>
      </div>
      <DeferredNewsletterForm name="banner-newsletter" />
    </section>
  );
}
