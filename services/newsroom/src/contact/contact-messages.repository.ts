import { Inject, Injectable } from '@nestjs/common';
import type { ContactStatus } from '@pulse/contracts';
import { DOCUMENT_STORE, type Collection, type DocumentStore } from '@pulse/platform';
import type { ContactMessageRecord } from './contact-message.record';

/** `contact_messages`: readers' messages, newest first per status. */
@Injectable()
export class ContactMessagesRepository {
  private readonly messages: Collection<ContactMessageRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.messages = store.collection<ContactMessageRecord>('contact_messages', {
      indexes: [{ key: { status: 1, createdAt: -1 } }, { key: { createdAt: 1 } }],
    });
  }

  insert(record: ContactMessageRecord): Promise<void> {
    return this.messages.insertOne(record);
  }

  /** One page with this status, newest first (ties by id). */
  page(status: ContactStatus, skip: number, limit: number): Promise<ContactMessageRecord[]> {
    return this.messages.find({ status }, { sort: { createdAt: -1, _id: -1 }, skip, limit });
  }

  countWithStatus(status: ContactStatus): Promise<number> {
    return this.messages.countDocuments({ status });
  }

  findById(id: string): Promise<ContactMessageRecord | null> {
    return this.messages.findOne({ _id: id });
  }

  /**
   * Marks a message handled and answers it as it is now; a message already handled keeps who handled it
   * first. Null for an unknown id.
   */
  async markHandled(id: string, at: string, by: string): Promise<ContactMessageRecord | null> {
    await this.messages.updateOne(
      { _id: id, status: 'new' },
      { $set: { status: 'handled', handledAt: at, handledBy: by } },
    );
    return this.findById(id);
  }

  /** Removes every message older than `before` (retention); returns how many went. */
  async deleteBefore(before: string): Promise<number> {
    const { deleted } = await this.messages.deleteMany({ createdAt: { $lt: before } });
    return deleted;
  }
}
