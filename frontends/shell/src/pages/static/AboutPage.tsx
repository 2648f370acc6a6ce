import { Page, usePageHead } from '@pulse/frontend-ui';
import { Link } from 'react-router-dom';
import { PAGE_HEADS } from '../../page-heads';
import { ABOUT, NEWSLETTER } from '../../copy';

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
      <section aria-labelledby="about-signup">
        <h2 id="about-signup">{ABOUT.signupTitle}</h2>
        <form
          className="newsletter-form"
          aria-describedby="about-signup-soon"
          onSubmit={(e) => e.preventDefault()}
        >
          <label htmlFor="about-signup-email" className="sr-only">
            {NEWSLETTER.emailLabel}
          </label>
          <input id="about-signup-email" type="email" disabled placeholder={NEWSLETTER.placeholder} />
          <button type="submit" className="button" disabled>
            {ABOUT.comingSoon}
          </button>
        </form>
        <p id="about-signup-soon" className="muted">
          {ABOUT.comingSoon}
        </p>
      </section>
      <section aria-labelledby="about-contact" id="contact">
        <h2 id="about-contact">{ABOUT.contactTitle}</h2>
        <p>
          {ABOUT.contactText[0]}
          <Link to="/community/qa">{ABOUT.contactLink}</Link>
          {ABOUT.contactText[1]}
        </p>
      </section>
    </Page>
  );
}
