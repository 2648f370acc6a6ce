import { createHash, randomUUID } from 'node:crypto';
import { HttpException, HttpStatus, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_LIMITS,
  type ContactChannels,
  type ContactListQuery,
  type ContactMessageInput,
  type ContactMessagePage,
  type ContactMessageView,
  type StaffPrincipal,
} from '@pulse/contracts';
import {
  CLOCK,
  isoNow,
  LOGGER,
  networkOf,
  StaffAudit,
  type Clock,
  type NetworkPrefixes,
} from '@pulse/platform';
import type { Logger } from 'pino';
import { NEWSROOM_CONFIG, NEWSROOM_NETWORKS, type NewsroomConfig } from '../newsroom.config';
import type { ContactMessageRecord } from './contact-message.record';
import { ContactMessagesRepository } from './contact-messages.repository';
import { ContactSendsRepository } from './contact-sends.repository';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;
/**
 * Past this many messages waiting to be handled new ones are refused: together with CONTACT_PER_HOUR it
 * bounds what the store (the embedded one holds documents in memory) keeps of readers' messages.
 */
const UNHANDLED_MAX = 5000;
/** The site-wide count's key in contact_sends; a network's key is a base64url hash, never this. */
const SITE_WIDE = '*';

export const TOO_MANY_MESSAGES = '짧은 시간에 문의를 너무 많이 보내셨습니다. 잠시 후 다시 보내 주세요.';
export const SITE_BUSY = '지금은 문의가 너무 많이 들어와 받을 수 없습니다. 잠시 후 다시 보내 주세요.';
export const TOO_MANY_UNHANDLED =
  '처리를 기다리는 문의가 너무 많아 지금은 받을 수 없습니다. 나중에 다시 보내 주세요.';

/** A 429 that says when to try again (the controller's filter turns it into Retry-After). */
export class TooManyMessagesException extends HttpException {
  constructor(
    readonly retryAfterSeconds: number,
    message = TOO_MANY_MESSAGES,
  ) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
  }
}

function viewOf(record: ContactMessageRecord): ContactMessageView {
  const { _id, network: _network, ...message } = record;
  return { id: _id, ...message };
}

/**
 * Readers' messages to the editors: taken in (limited per network, for the whole site per hour, and by how
 * many wait unhandled), listed, marked handled, expired.
 */
@Injectable()
export class ContactService {
  constructor(
    private readonly messages: ContactMessagesRepository,
    private readonly sends: ContactSendsRepository,
    private readonly audit: StaffAudit,
    @Inject(NEWSROOM_CONFIG) private readonly config: NewsroomConfig,
    @Inject(NEWSROOM_NETWORKS) private readonly networks: NetworkPrefixes,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  channels(): ContactChannels {
    return { email: this.config.PUBLIC_CONTACT_EMAIL ?? null };
  }

  /**
   * Counts the send against the sender's network first, then keeps the message, unless the honeypot was
   * filled: that one is answered alike and dropped, so a script learns nothing from the answer, and it
   * counts like any other send, so its 429s come at the same point too. It stores nothing, so it is not
   * counted against the whole site: spam scripts do not use up the hour for readers.
   */
  async send(input: ContactMessageInput, address: string): Promise<void> {
    const network = this.networkKey(address);
    await this.limit(network, this.config.CONTACT_PER_NETWORK_HOUR, TOO_MANY_MESSAGES);
    if (input[CONTACT_HONEYPOT_FIELD]) return;
    await this.limit(SITE_WIDE, this.config.CONTACT_PER_HOUR, SITE_BUSY);
    if ((await this.messages.countWithStatus('new')) >= UNHANDLED_MAX) {
      this.logger.warn(`contact: ${UNHANDLED_MAX} messages wait unhandled; new ones are refused`);
      throw new TooManyMessagesException(HOUR_MS / 1000, TOO_MANY_UNHANDLED);
    }
    await this.messages.insert({
      _id: randomUUID(),
      topic: input.topic,
      message: input.message,
      replyTo: input.replyTo ?? null,
      name: input.name ?? null,
      status: 'new',
      createdAt: isoNow(this.clock),
      handledAt: null,
      handledBy: null,
      network,
    });
  }

  async page(query: ContactListQuery): Promise<ContactMessagePage> {
    const pageSize = CONTACT_LIMITS.pageSize;
    const [records, total] = await Promise.all([
      this.messages.page(query.status, (query.page - 1) * pageSize, pageSize),
      this.messages.countWithStatus(query.status),
    ]);
    return { items: records.map(viewOf), page: query.page, pageSize, total };
  }

  async markHandled(id: string, staff: StaffPrincipal): Promise<ContactMessageView> {
    const before = await this.messages.findById(id);
    if (!before) throw new NotFoundException(`id: no message ${id}`);
    const after = await this.messages.markHandled(id, isoNow(this.clock), staff.name);
    if (!after) throw new NotFoundException(`id: no message ${id}`);
    // The log shows the status change; the message itself stays out of it (a reader's words, perhaps an address).
    this.audit.change(
      { status: before.status, handledBy: before.handledBy },
      { status: after.status, handledBy: after.handledBy },
    );
    return viewOf(after);
  }

  /** Removes messages older than CONTACT_RETENTION_DAYS; returns how many went. */
  purgeExpired(): Promise<number> {
    return this.messages.deleteBefore(
      new Date(this.clock.now() - this.config.CONTACT_RETENTION_DAYS * DAY_MS).toISOString(),
    );
  }

  /** Counts one send under `key` in this clock hour; past `max` of them, 429 until the hour ends. */
  private async limit(key: string, max: number, message: string): Promise<void> {
    const now = this.clock.now();
    const start = Math.floor(now / HOUR_MS) * HOUR_MS;
    const windowStart = new Date(start).toISOString();
    const count = await this.sends.count(key, windowStart);
    // The first send of a window clears the windows before it: no timer for a small collection.
    if (count === 1) await this.sends.deleteBefore(windowStart);
    if (count <= max) return;
    // Once an hour, not per refusal: the whole form is closed, which the operator should hear of.
    if (key === SITE_WIDE && count === max + 1)
      this.logger.warn(`contact: CONTACT_PER_HOUR (${max}) reached; refusing messages until the hour ends`);
    throw new TooManyMessagesException(Math.max(1, Math.ceil((start + HOUR_MS - now) / 1000)), message);
  }

  /**
   * The sender's network (IPv4 address, IPv6 /64 as configured), hashed as the community's reports keep
   * it: enough to count by, no address in the store (unsalted, so not an anonymisation).
   */
  private networkKey(address: string): string {
    return createHash('sha256').update(networkOf(address, this.networks)).digest('base64url').slice(0, 22);
  }
}
