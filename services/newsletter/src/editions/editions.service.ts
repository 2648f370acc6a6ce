import { ConflictException, Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
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
import { editionTitle, latestDue, type DueEdition } from './edition-calendar';
import type { EditionRecord } from './edition.record';
import { EditionsRepository } from './editions.repository';

/**
 * Subscribers queued per step of the walk. Large, because the embedded store answers each page's
 * `_id > last` by testing every subscriber: 5,000 makes 20 passes over 100,000 instead of 100.
 */
const PAGE = 5000;
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
 */
@Injectable()
export class EditionsService {
  private readonly links: SiteLinks;

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

  /** Admin manual send, and the schedule: makes the due edition (once) and queues its mails. */
  async send(kind: Frequency): Promise<EditionProgress> {
    const due = latestDue(kind, this.clock.now());
    if (!(await this.editions.findById(due.id))) {
      const created = await this.editions.create(this.draft(due, await this.sectionsOrFail(due)));
      if (created) this.logger.info({ edition: due.id }, 'newsletter: edition created');
    }
    await this.enqueue(due.id);
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

  findEdition(id: string): Promise<EditionRecord | null> {
    return this.editions.findById(id);
  }

  archive(limit = 100) {
    return this.editions.list(limit);
  }

  /**
   * Walks confirmed subscribers of the edition's frequency and queues one send record each, in pages;
   * resumable from the last page written. Returns without work when another replica holds the walk.
   */
  async enqueue(id: string): Promise<void> {
    // The walk's claim lasts as long as a scheduled job's lease (SCHEDULE_LEASE_SECONDS), so a dead
    // walker's edition is taken over within the same documented time.
    const leaseUntil = () => new Date(this.clock.now() + this.leases.timing.leaseMs).toISOString();
    const edition = await this.editions.claimEnqueue(id, this.sender.worker, this.iso(), leaseUntil());
    if (!edition) return;
    let after = edition.enqueuedThrough;
    for (;;) {
      const page = await this.subscribers.confirmedPage(edition.kind, after, PAGE);
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
      const added = await this.sends.queue(records);
      after = page[page.length - 1]._id;
      if (!(await this.editions.progress(id, this.sender.worker, after, added, leaseUntil()))) return;
      this.sender.nudge();
    }
    await this.editions.finishEnqueue(id, this.sender.worker);
    this.logger.info({ edition: id }, 'newsletter: edition queued');
  }

  /** Enqueues whose walker died: taken over once their lease ran out. */
  async resumeStalled(): Promise<void> {
    for (const { _id } of await this.editions.stalled(this.iso())) await this.enqueue(_id);
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
