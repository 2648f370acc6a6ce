import type { ContactChannels } from '@pulse/contracts';
import { LIST_QUERY, Page, useApiQuery, usePageHead } from '@pulse/frontend-ui';
import { CONTACT } from './contact-copy';
import { PAGE_HEADS } from '../../page-heads';
import { ContactForm } from './ContactForm';

/**
 * /contact: the editors' address when the site has one (PUBLIC_CONTACT_EMAIL, read through the API so the
 * server render holds it), and the form, whose messages reach /admin/contact.
 */
export default function ContactPage() {
  usePageHead(PAGE_HEADS.contact);
  const { data } = useApiQuery<ContactChannels>('contact-channels', '/api/newsroom/contact', LIST_QUERY);
  const email = data?.email;
  return (
    <Page title={CONTACT.title}>
      <p className="lead">{CONTACT.intro}</p>
      {email && (
        <section aria-labelledby="contact-email">
          <h2 id="contact-email">{CONTACT.emailTitle}</h2>
          <p>
            {CONTACT.emailText}
            <a href={`mailto:${email}`}>{email}</a>
          </p>
        </section>
      )}
      <section aria-labelledby="contact-form">
        <h2 id="contact-form">{CONTACT.formTitle}</h2>
        <ContactForm />
      </section>
    </Page>
  );
}
