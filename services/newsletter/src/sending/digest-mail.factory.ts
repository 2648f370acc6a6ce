import { Inject, Injectable } from '@nestjs/common';
import type { MailMessage } from '@pulse/platform';
import { renderDigestMail, renderDigestText } from '../editions/digest-render';
import type { DigestSection, EditionRecord } from '../editions/edition.record';
import { LinkTokens } from '../links/link-tokens';
import { SiteLinks } from '../links/site-links';
import { listHeaders } from '../mail/list-headers';
import { NEWSLETTER_CONFIG, type NewsletterConfig } from '../newsletter.config';
import type { SubscriberRecord } from '../subscribers/subscriber.record';

/** One subscriber's copy of an edition: their categories, their unsubscribe and preferences links. */
@Injectable()
export class DigestMailFactory {
  private readonly links: SiteLinks;

  constructor(
    private readonly tokens: LinkTokens,
    @Inject(NEWSLETTER_CONFIG) private readonly config: NewsletterConfig,
  ) {
    this.links = new SiteLinks(config.PUBLIC_SITE_URL);
  }

  /** The sections a subscriber receives; empty when none of their categories has an article. */
  static sectionsFor(
    edition: EditionRecord,
    subscriber: Pick<SubscriberRecord, 'categories'>,
  ): DigestSection[] {
    return edition.sections.filter((section) => subscriber.categories.includes(section.category));
  }

  async build(edition: EditionRecord, subscriber: SubscriberRecord): Promise<MailMessage> {
    const manage = await this.tokens.manageToken(subscriber._id);
    const links = {
      webVersion: this.links.edition(edition._id),
      archive: this.links.archive(),
      preferences: this.links.preferences(manage),
      unsubscribe: this.links.unsubscribe(manage),
    };
    const sections = DigestMailFactory.sectionsFor(edition, subscriber);
    return {
      to: subscriber.email,
      subject: `[펄스] ${edition.title}`,
      text: renderDigestText(edition, sections, links),
      html: renderDigestMail(edition, sections, links),
      headers: {
        ...listHeaders(links.unsubscribe, this.config.NEWSLETTER_UNSUBSCRIBE_MAILTO, subscriber._id),
        // The same id on every attempt: if a crash makes us send one mail twice, receivers can tell.
        'Message-ID': `<${edition._id}.${subscriber._id}@newsletter.pulse>`,
      },
    };
  }
}
