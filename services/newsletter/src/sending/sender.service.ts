import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CLOCK, LOGGER, MAILER, MailDeliveryError, type Clock, type Mailer } from '@pulse/platform';
import type { Logger } from 'pino';
import { EditionsRepository } from '../editions/editions.repository';
import type { EditionRecord } from '../editions/edition.record';
import { NEWSLETTER_CONFIG, type NewsletterConfig } from '../newsletter.config';
import { maskAddress } from '../subscribers/email-address';
import { SubscribersRepository } from '../subscribers/subscribers.repository';
import { DigestMailFactory } from './digest-mail.factory';
import type { SendRecord } from './send.record';
import { SendsRepository } from './sends.repository';

const MAX_RETRY_DELAY_MS = 6 * 60 * 60 * 1000;
/** How long an idle worker waits before looking for due mail again (a new edition wakes it at once). */
const IDLE_POLL_MS = 1000;

/**
 * Sends queued digest mails: NEWSLETTER_SEND_CONCURRENCY workers per replica claim one record at a time
 * (atomically, with a lease), send it, and settle it. Starts are paced to NEWSLETTER_SEND_RATE_PER_SECOND
 * per replica. A permanent refusal (SMTP 5xx) marks the address bounced; a temporary one (4xx, no
 * connection) retries later with doubling delays, then gives up. A sender that dies mid-mail leaves its
 * claim to run out, and the mail is sent by whoever claims it next (ARCHITECTURE.md 'Newsletter').
 */
@Injectable()
export class SenderService implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly worker = `sender-${randomUUID().slice(0, 8)}`;
  private running = false;
  private workers: Promise<void>[] = [];
  private nextStart = 0;
  private readonly sleepers = new Set<() => void>();
  private readonly editions = new Map<string, EditionRecord>();

  constructor(
    private readonly sends: SendsRepository,
    private readonly subscribers: SubscribersRepository,
    private readonly editionsRepository: EditionsRepository,
    private readonly mails: DigestMailFactory,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(NEWSLETTER_CONFIG) private readonly config: NewsletterConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.NEWSLETTER_SENDER === 'on') this.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.workers = Array.from({ length: this.config.NEWSLETTER_SEND_CONCURRENCY }, () => this.loop());
  }

  async stop(): Promise<void> {
    this.running = false;
    this.nudge();
    await Promise.all(this.workers);
    this.workers = [];
  }

  /** New mail was queued: idle workers look at once. */
  nudge(): void {
    for (const wake of [...this.sleepers]) wake();
  }

  private async loop(): Promise<void> {
    while (this.running) {
      try {
        await this.pace();
        if (!this.running) return;
        const claimed = await this.claim();
        if (claimed) await this.deliver(claimed);
        else await this.idle();
      } catch (error) {
        this.logger.error({ err: error }, 'newsletter sender: unexpected failure; continuing');
        await this.idle();
      }
    }
  }

  private claim(): Promise<SendRecord | null> {
    const now = this.clock.now();
    return this.sends.claim(
      this.worker,
      new Date(now).toISOString(),
      new Date(now + this.config.NEWSLETTER_SEND_LEASE_SECONDS * 1000).toISOString(),
    );
  }

  private async deliver(send: SendRecord): Promise<void> {
    const edition = await this.edition(send.editionId);
    const subscriber = await this.subscribers.findById(send.subscriberId);
    const at = () => new Date(this.clock.now()).toISOString();
    // Unsubscribed, bounced or deleted since the enqueue: nothing goes out.
    if (!edition || !subscriber || subscriber.status !== 'confirmed') {
      await this.sends.settle(send._id, this.worker, { status: 'skipped', dueAt: at() });
      return;
    }
    const message = await this.mails.build(edition, subscriber);
    try {
      const sent = await this.mailer.send(message);
      await this.sends.settle(send._id, this.worker, {
        status: 'sent',
        sentAt: at(),
        dueAt: at(),
        messageId: sent.messageId,
      });
    } catch (error) {
      await this.failed(send, subscriber._id, subscriber.email, error);
    }
  }

  private async failed(send: SendRecord, subscriberId: string, email: string, error: unknown): Promise<void> {
    const now = this.clock.now();
    const reason = (error as Error).message?.slice(0, 300) ?? String(error);
    const permanent = error instanceof MailDeliveryError && error.permanent;
    if (permanent) {
      this.logger.warn(
        { to: maskAddress(email), sendId: send._id, reason },
        'newsletter: address refused for good; marked bounced',
      );
      await this.subscribers.markBounced(subscriberId, new Date(now).toISOString());
      await this.sends.settle(send._id, this.worker, {
        status: 'bounced',
        dueAt: new Date(now).toISOString(),
        lastError: reason,
      });
      return;
    }
    if (send.attempts >= this.config.NEWSLETTER_SEND_MAX_ATTEMPTS) {
      this.logger.warn(
        { to: maskAddress(email), sendId: send._id, reason },
        'newsletter: giving up after temporary failures',
      );
      await this.sends.settle(send._id, this.worker, {
        status: 'failed',
        dueAt: new Date(now).toISOString(),
        lastError: reason,
      });
      return;
    }
    const delay = Math.min(
      MAX_RETRY_DELAY_MS,
      this.config.NEWSLETTER_RETRY_BASE_SECONDS * 1000 * 2 ** (send.attempts - 1),
    );
    this.logger.info(
      { to: maskAddress(email), sendId: send._id, attempt: send.attempts, delayMs: delay, reason },
      'newsletter: temporary failure; will retry',
    );
    await this.sends.settle(send._id, this.worker, {
      status: 'queued',
      dueAt: new Date(now + delay).toISOString(),
      lastError: reason,
    });
  }

  private async edition(id: string): Promise<EditionRecord | null> {
    const cached = this.editions.get(id);
    if (cached) return cached;
    const edition = await this.editionsRepository.findById(id);
    if (edition) {
      if (this.editions.size > 20) this.editions.clear();
      this.editions.set(id, edition);
    }
    return edition;
  }

  /** Spaces mail starts 1/rate seconds apart across this replica's workers. */
  private async pace(): Promise<void> {
    const interval = 1000 / this.config.NEWSLETTER_SEND_RATE_PER_SECOND;
    const now = Date.now();
    const start = Math.max(now, this.nextStart);
    this.nextStart = start + interval;
    if (start > now) await new Promise((resolve) => setTimeout(resolve, start - now));
  }

  private idle(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, IDLE_POLL_MS);
      this.sleepers.add(done);
    });
  }
}
