import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CATEGORY_SLUGS, TEST_SEND_SUBJECT_PREFIX } from '@pulse/contracts';
import type { MailMessage } from '@pulse/platform';
import { renderDigestMail, renderDigestText } from '../editions/digest-render';
import type { DigestSection, EditionRecord } from '../editions/edition.record';
import { LinkTokens } from '../links/link-tokens';
import { SiteLinks } from '../links/site-links';
import { escapeHtml } from '../mail/html';
import { listHeaders } from '../mail/list-headers';
import { NEWSLETTER_CONFIG, type NewsletterConfig } from '../newsletter.config';
import type { SubscriberRecord } from '../subscribers/subscriber.record';

/** Stand-ins for a subscriber's own links in a rendered edition: nothing escaping or a URL can make. */
const PREFERENCES = '\u0000preferences\u0000';
const UNSUBSCRIBE = '\u0000unsubscribe\u0000';
/** What a test copy's own links carry, as in the admin preview: they lead to the pages' invalid-link answer. */
const TEST_LINK_TOKEN = 'preview';
/** Rendered copies kept: one per edition and choice of categories (seven choices per edition). */
const MAX_RENDERED = 64;

interface RenderedDigest {
  subject: string;
  html: string;
  text: string;
}

/**
 * One subscriber's copy of an edition: their categories, their unsubscribe and preferences links. An
 * edition is rendered once per choice of categories, with stand-ins where the links go; each mail then
 * only signs its manage token and puts its links in (docs/services.md 'The newsletter', sending speed).
 */
@Injectable()
export class DigestMailFactory {
  private readonly links: SiteLinks;
  private readonly rendered = new Map<string, RenderedDigest>();

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
    const preferences = this.links.preferences(manage);
    const unsubscribe = this.links.unsubscribe(manage);
    const digest = this.renderedFor(edition, subscriber);
    return {
      to: subscriber.email,
      subject: digest.subject,
      text: digest.text.replaceAll(PREFERENCES, preferences).replaceAll(UNSUBSCRIBE, unsubscribe),
      html: digest.html
        .replaceAll(PREFERENCES, escapeHtml(preferences))
        .replaceAll(UNSUBSCRIBE, escapeHtml(unsubscribe)),
      headers: {
        ...listHeaders(unsubscribe, this.config.NEWSLETTER_UNSUBSCRIBE_MAILTO, subscriber._id),
        // The same id on every attempt: if a crash makes us send one mail twice, receivers can tell.
        'Message-ID': `<${edition._id}.${subscriber._id}@newsletter.pulse>`,
      },
    };
  }

  /**
   * A test copy for a staff member: the same rendering as a subscriber's (every category), the subject
   * prefixed, and the preview's stand-in links where a subscriber's own would go (the member is no
   * subscriber, so no list headers either). Its Message-ID is new each time: it is no send to deduplicate.
   */
  buildTest(edition: EditionRecord, to: string): MailMessage {
    const digest = this.renderedFor(edition, { categories: [...CATEGORY_SLUGS] });
    const preferences = this.links.preferences(TEST_LINK_TOKEN);
    const unsubscribe = this.links.unsubscribe(TEST_LINK_TOKEN);
    return {
      to,
      subject: `${TEST_SEND_SUBJECT_PREFIX}${digest.subject}`,
      text: digest.text.replaceAll(PREFERENCES, preferences).replaceAll(UNSUBSCRIBE, unsubscribe),
      html: digest.html
        .replaceAll(PREFERENCES, escapeHtml(preferences))
        .replaceAll(UNSUBSCRIBE, escapeHtml(unsubscribe)),
      headers: { 'Message-ID': `<test.${edition._id}.${randomUUID()}@newsletter.pulse>` },
    };
  }

  private renderedFor(
    edition: EditionRecord,
    subscriber: Pick<SubscriberRecord, 'categories'>,
  ): RenderedDigest {
    const sections = DigestMailFactory.sectionsFor(edition, subscriber);
    const key = `${edition._id}|${edition.createdAt}|${sections.map((s) => s.category).join(',')}`;
    let digest = this.rendered.get(key);
    if (!digest) {
      const links = {
        webVersion: this.links.edition(edition._id),
        archive: this.links.archive(),
        preferences: PREFERENCES,
        unsubscribe: UNSUBSCRIBE,
      };
      digest = {
        subject: `[펄스] ${edition.title}`,
        html: renderDigestMail(edition, sections, links),
        text: renderDigestText(edition, sections, links),
      };
      if (this.rendered.size >= MAX_RENDERED) this.rendered.clear();
      this.rendered.set(key, digest);
    }
    return digest;
  }
}
