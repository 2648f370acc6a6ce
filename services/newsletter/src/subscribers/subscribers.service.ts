import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { CATEGORY_SLUGS, type CategorySlug, type SubscribeResponse } from '@pulse/contracts';
import { CLOCK, LOGGER, MAILER, type Clock, type Mailer } from '@pulse/platform';
import type { Logger } from 'pino';
import { LinkTokens } from '../links/link-tokens';
import { SiteLinks } from '../links/site-links';
import { alreadySubscribedMail, confirmationMail } from '../mail/sign-up-mails';
import { NEWSLETTER_CONFIG, type NewsletterConfig } from '../newsletter.config';
import { maskAddress } from './email-address';
import { SubscribeLimits } from './subscribe-limits';
import type { Frequency, SubscriberRecord } from './subscriber.record';
import { SubscribersRepository } from './subscribers.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
export const MAIL_UNAVAILABLE = '지금은 메일을 보낼 수 없습니다. 잠시 후 다시 시도해주세요.';

export type ConfirmOutcome = 'confirmed' | 'already-confirmed' | 'invalid';
export type ManageOutcome<T> = { status: 'found'; value: T } | { status: 'invalid' } | { status: 'gone' };

/**
 * Subscribe (double opt-in), confirm, preferences, unsubscribe and delete. The sign-up answer is the same
 * whatever the address's state; only the mail its owner receives differs.
 */
@Injectable()
export class SubscribersService {
  private readonly links: SiteLinks;

  constructor(
    private readonly subscribers: SubscribersRepository,
    private readonly limits: SubscribeLimits,
    private readonly tokens: LinkTokens,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(NEWSLETTER_CONFIG) private readonly config: NewsletterConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.links = new SiteLinks(config.PUBLIC_SITE_URL);
  }

  /** POST /api/subscribers. */
  async subscribe(email: string, ip: string): Promise<SubscribeResponse> {
    await this.limits.perNetwork(ip);
    await this.limits.perAddress(email);
    const record = await this.pendingOrConfirmed(email);
    const manage = await this.tokens.manageToken(record._id);
    const base = {
      unsubscribe: this.links.unsubscribe(manage),
      mailto: this.config.NEWSLETTER_UNSUBSCRIBE_MAILTO,
      subscriberId: record._id,
    };
    const mail =
      record.status === 'confirmed'
        ? alreadySubscribedMail(email, { ...base, action: this.links.preferences(manage) })
        : confirmationMail(
            email,
            {
              ...base,
              action: this.links.confirm(
                await this.tokens.confirmToken({ subscriberId: record._id, nonce: record.confirmNonce! }),
              ),
            },
            this.config.NEWSLETTER_CONFIRM_DAYS,
          );
    try {
      const sent = await this.mailer.send(mail);
      // The mail drop says where the .eml is, so a newcomer running `npm start` can open the link.
      this.logger.info(
        {
          to: maskAddress(email),
          kind: record.status === 'confirmed' ? 'already-subscribed' : 'confirm',
          file: sent.location,
        },
        sent.location
          ? `newsletter: 확인 메일을 썼습니다 → ${sent.location}`
          : 'newsletter: sign-up mail sent',
      );
    } catch (error) {
      this.logger.warn({ to: maskAddress(email), err: error }, 'newsletter: sign-up mail not sent');
      throw new ServiceUnavailableException(MAIL_UNAVAILABLE);
    }
    return { status: 'pending-confirmation' };
  }

  /** The confirm page's check, before the reader presses the button: is this link still good? */
  async checkConfirm(token: unknown): Promise<ConfirmOutcome | 'pending'> {
    const claims = await this.tokens.readConfirm(token);
    if (!claims) return 'invalid';
    const record = await this.subscribers.findById(claims.subscriberId);
    if (!record) return 'invalid';
    if (record.status === 'pending' && record.confirmNonce === claims.nonce) return 'pending';
    if (record.status === 'confirmed' && record.confirmedAt) return 'already-confirmed';
    return 'invalid';
  }

  /** The button on the confirm page. A replayed link of an earlier sign-up cycle confirms nothing. */
  async confirm(token: unknown): Promise<{ outcome: ConfirmOutcome; manageToken?: string }> {
    const claims = await this.tokens.readConfirm(token);
    if (!claims) return { outcome: 'invalid' };
    const record = await this.subscribers.findById(claims.subscriberId);
    if (!record) return { outcome: 'invalid' };
    if (record.status === 'confirmed')
      return { outcome: 'already-confirmed', manageToken: await this.tokens.manageToken(record._id) };
    if (record.status !== 'pending' || record.confirmNonce !== claims.nonce) return { outcome: 'invalid' };
    const confirmed = await this.subscribers.confirm(record, claims.nonce, this.now());
    if (!confirmed) return { outcome: 'invalid' };
    this.logger.info({ subscriberId: record._id, to: maskAddress(record.email) }, 'newsletter: confirmed');
    return { outcome: 'confirmed', manageToken: await this.tokens.manageToken(record._id) };
  }

  /** The subscriber a manage link names: 'invalid' for a bad link, 'gone' once the address was deleted. */
  async fromManageToken(token: unknown): Promise<ManageOutcome<SubscriberRecord>> {
    const id = await this.tokens.readManage(token);
    if (!id) return { status: 'invalid' };
    const record = await this.subscribers.findById(id);
    return record ? { status: 'found', value: record } : { status: 'gone' };
  }

  /** One-click (RFC 8058) and the unsubscribe page's button: at once, and repeatable. */
  async unsubscribe(token: unknown): Promise<ManageOutcome<SubscriberRecord>> {
    const found = await this.fromManageToken(token);
    if (found.status !== 'found') return found;
    if (await this.subscribers.unsubscribe(found.value._id, this.now()))
      this.logger.info({ subscriberId: found.value._id }, 'newsletter: unsubscribed');
    return found;
  }

  async setPreferences(
    token: unknown,
    preferences: { categories: CategorySlug[]; frequency: Frequency },
  ): Promise<ManageOutcome<SubscriberRecord>> {
    const found = await this.fromManageToken(token);
    if (found.status !== 'found') return found;
    const updated = await this.subscribers.setPreferences(found.value._id, preferences, this.now());
    return updated ? { status: 'found', value: updated } : { status: 'gone' };
  }

  /** Removes the address and everything that names it; the link is dead afterwards. */
  async delete(token: unknown): Promise<ManageOutcome<true>> {
    const found = await this.fromManageToken(token);
    if (found.status !== 'found') return found;
    await this.subscribers.delete(found.value._id);
    this.logger.info({ subscriberId: found.value._id }, 'newsletter: subscriber deleted');
    return { status: 'found', value: true };
  }

  private async pendingOrConfirmed(email: string): Promise<SubscriberRecord> {
    const at = this.now();
    const forgetAt = new Date(this.clock.now() + this.config.NEWSLETTER_CONFIRM_DAYS * DAY_MS).toISOString();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const existing = await this.subscribers.findByEmail(email);
      if (!existing) {
        const record: SubscriberRecord = {
          _id: randomUUID(),
          email,
          status: 'pending',
          categories: [...CATEGORY_SLUGS],
          frequency: 'weekly',
          createdAt: at,
          updatedAt: at,
          confirmNonce: randomBytes(12).toString('base64url'),
          forgetAt,
        };
        if (await this.subscribers.insertPending(record)) return record;
        continue;
      }
      if (existing.status === 'pending' || existing.status === 'confirmed') return existing;
      const confirmNonce = randomBytes(12).toString('base64url');
      if (
        await this.subscribers.restartPending(existing._id, existing.status, { confirmNonce, forgetAt, at })
      )
        return { ...existing, status: 'pending', confirmNonce, forgetAt };
    }
    throw new ServiceUnavailableException(MAIL_UNAVAILABLE);
  }

  private now(): string {
    return new Date(this.clock.now()).toISOString();
  }
}
