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
/** Most mails one replica claims at once. */
const MAX_BATCH = 1000;

/** A claimed mail waiting for a worker, with the claim (batch) it belongs to. */
interface Claimed {
  send: SendRecord;
  claim: string;
  /** It is not started after this (epoch ms), but released for another sender. */
  startBefore: number;
}

/**
 * Sends queued digest mails. A replica claims due send records in batches (atomically, with a lease) into
 * a local queue, and NEWSLETTER_SEND_CONCURRENCY workers take them from it, send, and settle each after
 * the SMTP answer. Starts are paced to NEWSLETTER_SEND_RATE_PER_SECOND per replica. A batch is sized to be
 * started within the first half of its lease at that pace; a mail is never started in the second half
 * (it goes back to the queue), so a send in progress always has half a lease before anyone may take it
 * over. A permanent refusal (SMTP 5xx) marks the address bounced; a temporary one (4xx, no connection)
 * retries later with doubling delays, then gives up. A sender that dies leaves its claims to run out, and
 * those mails are sent by whoever claims them next (ARCHITECTURE.md 'The newsletter service').
 */
@Injectable()
export class SenderService implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly worker = `sender-${randomUUID().slice(0, 8)}`;
  private running = false;
  private workers: Promise<void>[] = [];
  private nextStart = 0;
  private batches = 0;
  private queue: Claimed[] = [];
  private refill: Promise<number> | undefined;
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

  /** Lets the mails in flight finish, and gives the claimed ones not started back to the queue. */
  async stop(): Promise<void> {
    this.running = false;
    this.nudge();
    await Promise.all(this.workers);
    this.workers = [];
    await this.refill;
    await this.release(this.queue.splice(0));
  }

  /** New mail was queued: idle workers look at once. */
  nudge(): void {
    for (const wake of [...this.sleepers]) wake();
  }

  private async loop(): Promise<void> {
    while (this.running) {
      try {
        await this.pace();
        const next = await this.next();
        if (!next) await this.idle();
        else if (!this.running || this.clock.now() >= next.startBefore) await this.release([next]);
        else await this.deliver(next.send, next.claim);
      } catch (error) {
        this.logger.error({ err: error }, 'newsletter sender: unexpected failure; continuing');
        await this.idle();
      }
    }
  }

  /** The next claimed mail; claims a batch when none is left (one claim at a time per replica). */
  private async next(): Promise<Claimed | undefined> {
    if (!this.queue.length && this.running) {
      this.refill ??= this.claimBatch().finally(() => (this.refill = undefined));
      await this.refill;
    }
    return this.queue.shift();
  }

  private async claimBatch(): Promise<number> {
    const now = this.clock.now();
    const leaseMs = this.config.NEWSLETTER_SEND_LEASE_SECONDS * 1000;
    const claim = `${this.worker}:${(this.batches += 1)}`;
    const sends = await this.sends.claimBatch(
      claim,
      new Date(now).toISOString(),
      new Date(now + leaseMs).toISOString(),
      this.batchSize(),
    );
    this.queue.push(...sends.map((send) => ({ send, claim, startBefore: now + leaseMs / 2 })));
    return sends.length;
  }

  /** Mails this replica starts in half a lease at its rate, at most MAX_BATCH. */
  private batchSize(): number {
    const { NEWSLETTER_SEND_RATE_PER_SECOND: rate, NEWSLETTER_SEND_LEASE_SECONDS: lease } = this.config;
    return Math.max(1, Math.min(MAX_BATCH, Math.floor((rate * lease) / 2)));
  }

  /** Back to the queue, due now; with it every other mail of its batch that is also too late. */
  private async release(items: Claimed[]): Promise<void> {
    if (!items.length) return;
    const now = this.clock.now();
    const late = new Set(items);
    for (const item of this.queue) if (item.startBefore <= now || !this.running) late.add(item);
    this.queue = this.queue.filter((item) => !late.has(item));
    const byClaim = new Map<string, string[]>();
    for (const item of late) {
      const ids = byClaim.get(item.claim) ?? [];
      ids.push(item.send._id);
      byClaim.set(item.claim, ids);
    }
    for (const [claim, ids] of byClaim) await this.sends.release(ids, claim, new Date(now).toISOString());
  }

  private async deliver(send: SendRecord, claim: string): Promise<void> {
    const edition = await this.edition(send.editionId);
    // Read now, not when the batch was claimed: an unsubscribe a moment ago is honoured.
    const subscriber = await this.subscribers.findById(send.subscriberId);
    const at = () => new Date(this.clock.now()).toISOString();
    // Unsubscribed, bounced or deleted since the enqueue: nothing goes out.
    if (!edition || !subscriber || subscriber.status !== 'confirmed') {
      await this.sends.settle(send._id, claim, { status: 'skipped', dueAt: at() });
      return;
    }
    const message = await this.mails.build(edition, subscriber);
    try {
      const sent = await this.mailer.send(message);
      await this.sends.settle(send._id, claim, {
        status: 'sent',
        sentAt: at(),
        dueAt: at(),
        messageId: sent.messageId,
      });
    } catch (error) {
      await this.failed(send, claim, subscriber._id, subscriber.email, error);
    }
  }

  private async failed(
    send: SendRecord,
    claim: string,
    subscriberId: string,
    email: string,
    error: unknown,
  ): Promise<void> {
    const now = this.clock.now();
    const reason = (error as Error).message?.slice(0, 300) ?? String(error);
    const permanent = error instanceof MailDeliveryError && error.permanent;
    if (permanent) {
      this.logger.warn(
        { to: maskAddress(email), sendId: send._id, reason },
        'newsletter: address refused for good; marked bounced',
      );
      await this.subscribers.markBounced(subscriberId, new Date(now).toISOString());
      await this.sends.settle(send._id, claim, {
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
      await this.sends.settle(send._id, claim, {
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
    await this.sends.settle(send._id, claim, {
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

  /**
   * Spaces mail starts 1/rate seconds apart across this replica's workers. Throughput is real elapsed
   * time (the SMTP server's), so pacing reads the monotonic timer, not the injected Clock.
   */
  private async pace(): Promise<void> {
    const interval = 1000 / this.config.NEWSLETTER_SEND_RATE_PER_SECOND;
    const now = performance.now();
    const start = Math.max(now, this.nextStart);
    this.nextStart = start + interval;
    // Under a millisecond ahead is not worth a timer (it would wait a whole one).
    if (start - now >= 1) await new Promise((resolve) => setTimeout(resolve, start - now));
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
