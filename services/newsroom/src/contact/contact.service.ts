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
import { CLOCK, isoNow, networkOf, StaffAudit, type Clock, type NetworkPrefixes } from '@pulse/platform';
import { NEWSROOM_CONFIG, NEWSROOM_NETWORKS, type NewsroomConfig } from '../newsroom.config';
import type { ContactMessageRecord } from './contact-message.record';
import { ContactMessagesRepository } from './contact-messages.repository';
import { ContactSendsRepository } from './contact-sends.repository';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const TOO_MANY_MESSAGES = '짧은 시간에 문의를 너무 많이 보내셨습니다. 잠시 후 다시 보내 주세요.';

/** A 429 that says when to try again (the controller's filter turns it into Retry-After). */
export class TooManyMessagesException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super(TOO_MANY_MESSAGES, HttpStatus.TOO_MANY_REQUESTS);
  }
}

function viewOf(record: ContactMessageRecord): ContactMessageView {
  const { _id, network: _network, ...message } = record;
  return { id: _id, ...message };
}

/** Readers' messages to the editors: taken in (limited per network), listed, marked handled, expired. */
@Injectable()
export class ContactService {
  constructor(
    private readonly messages: ContactMessagesRepository,
    private readonly sends: ContactSendsRepository,
    private readonly audit: StaffAudit,
    @Inject(NEWSROOM_CONFIG) private readonly config: NewsroomConfig,
    @Inject(NEWSROOM_NETWORKS) private readonly networks: NetworkPrefixes,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  channels(): ContactChannels {
    return { email: this.config.PUBLIC_CONTACT_EMAIL ?? null };
  }

  /**
   * Counts the send against the sender's network first, then keeps the message, unless the honeypot was
   * filled: that one is answered alike and dropped, so a script learns nothing from the answer, and it
   * counts like any other send, so its 429s come at the same point too.
   */
  async send(input: ContactMessageInput, address: string): Promise<void> {
    const network = this.networkKey(address);
    await this.limit(network);
    if (input[CONTACT_HONEYPOT_FIELD]) return;
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

  private async limit(network: string): Promise<void> {
    const now = this.clock.now();
    const start = Math.floor(now / HOUR_MS) * HOUR_MS;
    const windowStart = new Date(start).toISOString();
    const count = await this.sends.count(network, windowStart);
    // The first send of a window clears the windows before it: no timer for a small collection.
    if (count === 1) await this.sends.deleteBefore(windowStart);
    if (count > this.config.CONTACT_PER_NETWORK_HOUR)
      throw new TooManyMessagesException(Math.max(1, Math.ceil((start + HOUR_MS - now) / 1000)));
  }

  /**
   * The sender's network (IPv4 address, IPv6 /64 as configured), hashed as the community's reports keep
   * it: enough to count by, no address in the store (unsalted, so not an anonymisation).
   */
  private networkKey(address: string): string {
    return createHash('sha256').update(networkOf(address, this.networks)).digest('base64url').slice(0, 22);
  }
}
