import { Page, usePageHead } from '@pulse/frontend-ui';
import { Link } from 'react-router';
import { PAGE_HEADS } from '../../page-heads';
import { NEWSLETTER } from '../../copy';
import { ABOUT } from './about-copy';
import { NewsletterForm } from '../../newsletter/NewsletterForm';

/** /about: the site introduction; also where the terms-of-use and contact links lead (docs/spec-content.md §2). */
export default function AboutPage() {
  usePageHead(PAGE_HEADS.about);
  return (
    <Page title={ABOUT.title}>
      <p className="lead">{ABOUT.intro}</p>
      <ul className="feature-list">
        {ABOUT.points.map((point) => (
          <li key={point.title}>
            <h2>{point.title}</h2>
            <p>{point.text}</p>
          </li>
        ))}
      </ul>
      {/* The seed showed an 'email sign-up, coming soon' here; the newsletter it stood for exists, so the
          page offers the working form instead of a promise (docs/design.md §11). */}
      <section aria-labelledby="about-signup">
        <h2 id="about-signup">{NEWSLETTER.title}</h2>
        <p>{NEWSLETTER.description}</p>
        <NewsletterForm />
      </section>
      <section aria-labelledby="about-contact" id="contact">
        <h2 id="about-contact">{ABOUT.contactTitle}</h2>
        <p>
          {ABOUT.contactText[0]}
          <Link to="/community/qa">{ABOUT.contactLink}</Link>
          {ABOUT.contactText[1]}
          <Link to="/contact">{ABOUT.contactPageLink}</Link>
          {ABOUT.contactText[2]}
        </p>
      </section>
    </Page>
  );
}
