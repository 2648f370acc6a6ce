import {
  ConflictException,
  Inject,
  Injectable,
  type OnApplicationShutdown,
  ServiceUnavailableException,
} from '@nestjs/common';
import { CATEGORY_SLUGS, TrendingReadError } from '@pulse/contracts';
import { CLOCK, LEASES, LOGGER, type Clock, type Leases } from '@pulse/platform';
import type { Logger } from 'pino';
import { SiteLinks } from '../links/site-links';
import { NEWSLETTER_CONFIG, type NewsletterConfig } from '../newsletter.config';
import { sendId, type SendRecord } from '../sending/send.record';
import { SenderService } from '../sending/sender.service';
import { SendsRepository } from '../sending/sends.repository';
import { DigestMailFactory } from '../sending/digest-mail.factory';
import type { Frequency } from '../subscribers/subscriber.record';
import { SubscribersRepository } from '../subscribers/subscribers.repository';
import { renderDigestMail, renderDigestText } from './digest-render';
import { EditionBuilder } from './edition-builder';
import { editionTitle, latestDue, parseEditionId, type DueEdition } from './edition-calendar';
import type { EditionRecord } from './edition.record';
import { EditionsRepository } from './editions.repository';

/** How often a walk waiting for its edition's mails to go out looks again (real time, like the sender's pace). */
const WINDOW_POLL_MS = 1000;
export const NO_ARTICLES = '이번 호에 실을 기사가 없습니다.';
export const TRENDING_UNAVAILABLE = '인기 기사 정보를 가져올 수 없습니다. 잠시 후 다시 시도해주세요.';

export interface EditionProgress {
  edition: {
    id: string;
    kind: Frequency;
    title: string;
    recipients: number;
    enqueue: EditionRecord['enqueue'];
  };
  sends: Record<SendRecord['status'], number>;
}

/**
 * Makes editions and queues their mails. An edition's id is its name (kind and Seoul date), so the
 * schedule on every replica and an admin's manual send all land on one record; its send records are
 * keyed by edition and subscriber, so however often the enqueue is resumed each subscriber is queued once.
 *
 * The enqueue streams: it walks subscribers a page at a time (NEWSLETTER_SEND_PAGE_SIZE, keyset on `_id`)
 * and queues the next page only once the senders have all but a page of the edition's mails settled, so
 * neither this process nor the store ever holds a whole edition's queue, and the senders' claims look at
 * two pages of due mail at most instead of the whole list.
 */
@Injectable()
export class EditionsService implements OnApplicationShutdown {
  private readonly links: SiteLinks;
  private readonly pageSize: number;
  private readonly walks = new Set<Promise<void>>();
  private stopping = false;

  constructor(
    private readonly editions: EditionsRepository,
    private readonly builder: EditionBuilder,
    private readonly subscribers: SubscribersRepository,
    private readonly sends: SendsRepository,
    private readonly sender: SenderService,
    @Inject(NEWSLETTER_CONFIG) config: NewsletterConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(LEASES) private readonly leases: Leases,
  ) {
    this.links = new SiteLinks(config.PUBLIC_SITE_URL);
    this.pageSize = config.NEWSLETTER_SEND_PAGE_SIZE;
  }

  /** Walks stop between pages; their lease runs out and the next tick (here or on a replica) resumes them. */
  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.walks);
  }

  /** Admin preview: the edition due now, built from trending's current data, stored nowhere. */
  async preview(
    kind: Frequency,
  ): Promise<{ id: string; title: string; subject: string; html: string; text: string }> {
    const due = latestDue(kind, this.clock.now());
    const edition = this.draft(due, await this.sectionsOrFail(due));
    const links = {
      webVersion: this.links.edition(edition._id),
      archive: this.links.archive(),
      preferences: this.links.preferences('preview'),
      unsubscribe: this.links.unsubscribe('preview'),
    };
    const sections = DigestMailFactory.sectionsFor(edition, { categories: [...CATEGORY_SLUGS] });
    return {
      id: edition._id,
      title: edition.title,
      subject: `[펄스] ${edition.title}`,
      html: renderDigestMail(edition, sections, links),
      text: renderDigestText(edition, sections, links),
    };
  }

  /**
   * Admin manual send, and the schedule: makes the due edition (once) and starts queueing its mails.
   * Answers once the first page is queued; the rest follows as the senders get through it.
   */
  async send(kind: Frequency): Promise<EditionProgress> {
    const due = latestDue(kind, this.clock.now());
    if (!(await this.editions.findById(due.id))) {
      const created = await this.editions.create(this.draft(due, await this.sectionsOrFail(due)));
      if (created) this.logger.info({ edition: due.id }, 'newsletter: edition created');
    }
    await this.startEnqueue(due.id);
    return this.progress(due.id) as Promise<EditionProgress>;
  }

  async progress(id: string): Promise<EditionProgress | undefined> {
    const edition = await this.editions.findById(id);
    if (!edition) return undefined;
    return {
      edition: {
        id: edition._id,
        kind: edition.kind,
        title: edition.title,
        recipients: edition.recipients,
        enqueue: edition.enqueue,
      },
      sends: await this.sends.progress(id),
    };
  }

  /**
   * The edition a test send mails: the stored one, exactly as its subscribers got it; or, not yet made, the
   * one due now of its kind, built as the preview builds it and stored nowhere. Undefined for any other id.
   */
  async forTestSend(id: string): Promise<EditionRecord | undefined> {
    const stored = await this.editions.findById(id);
    if (stored) return stored;
    const named = parseEditionId(id);
    if (!named) return undefined;
    const due = latestDue(named.kind, this.clock.now());
    if (due.id !== id) return undefined;
    return this.draft(due, await this.sectionsOrFail(due));
  }

  findEdition(id: string): Promise<EditionRecord | null> {
    return this.editions.findById(id);
  }

  archive(limit = 100) {
    return this.editions.list(limit);
  }

  /**
   * Starts the walk of one edition in the background; resolves once its first page is queued (or it
   * had nothing to do: done already, or walked by another replica). Its failures are logged, and its
   * lease left to run out, so the schedule resumes it.
   */
  startEnqueue(id: string): Promise<void> {
    return new Promise<void>((firstPage) => {
      const walk = this.enqueue(id, firstPage)
        .catch((error: unknown) =>
          this.logger.error({ err: error, edition: id }, 'newsletter: enqueue failed; resumed later'),
        )
        .finally(() => {
          this.walks.delete(walk);
          firstPage();
        });
      this.walks.add(walk);
    });
  }

  /**
   * Walks confirmed subscribers of the edition's frequency and queues one send record each, a page at a
   * time; resumable from the last page written. Before each page after the first it waits until fewer
   * than a page of the edition's mails are unsettled. Returns without work when another replica holds
   * the walk, and between pages when this process stops.
   */
  async enqueue(id: string, pageQueued: () => void = () => undefined): Promise<void> {
    const edition = await this.editions.claimEnqueue(id, this.sender.worker, this.iso(), this.leaseUntil());
    if (!edition) return;
    let after = edition.enqueuedThrough;
    for (let first = true; ; first = false) {
      if (!first && !(await this.waitForWindow(id, after))) return;
      const page = await this.subscribers.confirmedPage(edition.kind, after, this.pageSize);
      if (!page.length) break;
      const now = this.iso();
      const records: SendRecord[] = page
        .filter((subscriber) => DigestMailFactory.sectionsFor(edition, subscriber).length > 0)
        .map((subscriber) => ({
          _id: sendId(edition._id, subscriber._id),
          editionId: edition._id,
          subscriberId: subscriber._id,
          status: 'queued',
          dueAt: now,
          attempts: 0,
        }));
      await this.sends.queue(records);
      after = page[page.length - 1]._id;
      // Every record of the page counts, new or not: one found already was written by a walker that died
      // before moving the cursor, and so before counting it (the cursor and the count move together).
      const counted = await this.editions.progress(
        id,
        this.sender.worker,
        after,
        records.length,
        this.leaseUntil(),
      );
      if (!counted) return;
      this.sender.nudge();
      pageQueued();
    }
    await this.editions.finishEnqueue(id, this.sender.worker);
    this.logger.info({ edition: id }, 'newsletter: edition queued');
  }

  /** Enqueues whose walker died: taken over once their lease ran out, each walked in the background. */
  async resumeStalled(): Promise<void> {
    for (const { _id } of await this.editions.stalled(this.iso())) await this.startEnqueue(_id);
  }

  /**
   * Waits until fewer than a page of the edition's mails are unsettled, renewing the walk's lease every
   * quarter lease meanwhile (the senders may take minutes over a page at a low rate). false when this
   * process stops or the lease was lost to another walker.
   */
  private async waitForWindow(id: string, through: string): Promise<boolean> {
    let renewedAt = this.clock.now();
    for (;;) {
      if (this.stopping) return false;
      if ((await this.sends.unsettled(id)) < this.pageSize) return true;
      if (this.clock.now() - renewedAt >= this.leases.timing.leaseMs / 4) {
        renewedAt = this.clock.now();
        if (!(await this.editions.progress(id, this.sender.worker, through, 0, this.leaseUntil())))
          return false;
      }
      await new Promise((resolve) => setTimeout(resolve, WINDOW_POLL_MS));
    }
  }

  /** The walk's claim lasts as long as a scheduled job's lease (SCHEDULE_LEASE_SECONDS), so a dead
   * walker's edition is taken over within the same documented time. */
  private leaseUntil(): string {
    return new Date(this.clock.now() + this.leases.timing.leaseMs).toISOString();
  }

  private draft(due: DueEdition, sections: EditionRecord['sections']): EditionRecord {
    return {
      _id: due.id,
      kind: due.kind,
      date: due.date,
      title: editionTitle(due.kind, due.date),
      periodStart: due.periodStart,
      periodEnd: due.periodEnd,
      createdAt: this.iso(),
      sections,
      enqueue: 'running',
      enqueuedThrough: '',
      recipients: 0,
    };
  }

  private async sectionsOrFail(due: DueEdition): Promise<EditionRecord['sections']> {
    let sections: EditionRecord['sections'];
    try {
      sections = await this.builder.sections(due);
    } catch (error) {
      if (!(error instanceof TrendingReadError)) throw error;
      this.logger.warn({ edition: due.id, reason: error.message }, 'newsletter: trending unavailable');
      throw new ServiceUnavailableException(TRENDING_UNAVAILABLE);
    }
    if (!sections.length) throw new ConflictException(NO_ARTICLES);
    return sections;
  }

  private iso(): string {
    return new Date(this.clock.now()).toISOString();
  }
}
